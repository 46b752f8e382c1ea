import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../lib/paths';

/**
 * Issue 24, class "numbers formatted by the locale": text users read formats numbers with
 * formatNumber / formatCurrency / formatDate of @listina/forms (spec §3 locale defaults:
 * "427,00", "05.11.2026"). JavaScript's own formatting ("427.00", the browser's locale) may
 * only make data, never text shown; each file that does so says why here.
 */
const ALLOWED: Record<string, string> = {
  'apps/web/src/features/work/preview/page-highlight.ts': 'CSS percentages',
  'packages/forms/src/decimal-math.ts': 'decimal arithmetic on API values',
  'apps/server/src/modules/tables/entities/doc.ts': 'sample records: API decimals',
  'apps/server/src/modules/capture/corpus/layouts.ts': 'test invoices printed as en-GB on purpose',
  'apps/server/src/modules/capture/corpus/corpus.ts': 'test corpus: API decimals',
  'apps/server/src/modules/capture/real-corpus/accuracy.ts': 'a developer report',
  'apps/server/src/modules/demo/demo-documents.ts': 'demo amounts as API decimals; a log line',
  'apps/server/src/modules/demo/demo-invoice-pdf.ts': 'decimal text handed to formatNumber',
  'apps/server/scripts/backup-cli.ts': 'an operator console line',
};

const RAW_FORMATTING =
  /\.toFixed\(|\.toLocaleString\(|Intl\.NumberFormat|\.toLocale(Date|Time)String\(/;
const REPO = REPO_ROOT;
const ROOTS = ['apps/web/src', 'apps/server/src', 'apps/server/scripts', 'packages'];

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(REPO, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sources(relative);
    const isSource =
      /\.(ts|tsx)$/.test(entry.name) && !/\.(test|fuzz\.test)\.tsx?$/.test(entry.name);
    return isSource && !entry.name.endsWith('.d.ts') ? [relative] : [];
  });
}

describe('numbers shown to users (issue 24)', () => {
  it('are never formatted with toFixed, toLocaleString or Intl outside the listed data files', () => {
    const files = ROOTS.flatMap(sources);
    expect(files.length).toBeGreaterThan(300);
    const offending = files.filter(
      (file) =>
        !(file in ALLOWED) && RAW_FORMATTING.test(fs.readFileSync(path.join(REPO, file), 'utf8')),
    );
    expect(offending).toEqual([]);
  });

  it('lists only files that still format that way', () => {
    const stale = Object.keys(ALLOWED).filter(
      (file) =>
        !fs.existsSync(path.join(REPO, file)) ||
        !RAW_FORMATTING.test(fs.readFileSync(path.join(REPO, file), 'utf8')),
    );
    expect(stale).toEqual([]);
  });
});
