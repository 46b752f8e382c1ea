import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { stripSummaries } from '../../strip-route-summaries';

describe('the web build without route summaries', () => {
  it('drops one-line, concatenated and quoted summaries and keeps the rest of the route', () => {
    const source = [
      "a: defineRoute({ method: 'GET', path: '/x', summary: 'It\\'s one, with \"quotes\".', access: 'member' }),",
      "b: defineRoute({ method: 'POST',\n    summary:\n      'first part ' +\n      \"second part\",\n    access: 'anonymous' }),",
    ].join('\n');
    const stripped = stripSummaries(source);
    expect(stripped).not.toContain('summary');
    expect(stripped).toContain("path: '/x'");
    expect(stripped).toContain("access: 'member'");
    expect(stripped).toContain("access: 'anonymous'");
  });

  it('leaves no summary in any contract file, so no prose reaches the browser', () => {
    const dir = join(import.meta.dirname, '../../../../packages/contract/src');
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.ts'))) {
      const stripped = stripSummaries(readFileSync(join(dir, file), 'utf8'));
      const left = stripped.match(/\bsummary:\s*['"\x60]/g) ?? [];
      expect({ file, left }).toEqual({ file, left: [] });
    }
  });
});
