import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { getDocument } from './pdfjs';

/**
 * pdf.js's legacy build replaces JSON.stringify, JSON.parse, Array.prototype.push and
 * Function.prototype.toString with core-js versions up to ten times slower, for the whole
 * process; lib/pdfjs.ts puts Node's own back. Checked after loading and after a document was
 * read (its worker code runs then), with pdf.js still working.
 */
const PDF = fs.readFileSync(path.join(import.meta.dirname, '../modules/files/fixtures/sample.pdf'));

const own = (target: object, name: string): unknown =>
  Object.getOwnPropertyDescriptor(target, name)?.value;

const builtIns = () => ({
  'JSON.stringify': own(JSON, 'stringify'),
  'JSON.parse': own(JSON, 'parse'),
  'Array.prototype.push': own(Array.prototype, 'push'),
  'Function.prototype.toString': own(Function.prototype, 'toString'),
});

/** Function.prototype.toString of a fresh realm: core-js's own would call its polyfills native. */
const sourceOf = vm.runInNewContext('Function.prototype.toString') as (this: unknown) => string;

/** Which of them are not Node's own (a polyfill's source is JavaScript). */
const replaced = () =>
  Object.entries(builtIns())
    .filter(([, fn]) => !sourceOf.call(fn).includes('[native code]'))
    .map(([name]) => name);

describe('pdf.js for the server', () => {
  it('leaves Node’s own JSON, push and toString in place once loaded', () => {
    expect(replaced()).toEqual([]);
  });

  it('reads a PDF, and leaves them in place after that too', async () => {
    const doc = await getDocument({ data: new Uint8Array(PDF), verbosity: 0 }).promise;
    expect(doc.numPages).toBeGreaterThan(0);
    const page = await doc.getPage(1);
    expect((await page.getTextContent()).items).toBeDefined();
    await doc.destroy();
    expect(replaced()).toEqual([]);
    expect(JSON.parse(JSON.stringify({ a: [1, 'č'] }))).toEqual({ a: [1, 'č'] });
  });

  it('leaves them in place in a bundle built as `npm run build` builds the server', async () => {
    // The build keeps npm packages external, and an ES module's static imports of them run
    // before any of the bundle's own code: only a dynamic import keeps pdf.js after natives.ts.
    const dir = fs.mkdtempSync(path.join(import.meta.dirname, '../../.cache-pdfjs-bundle-'));
    try {
      const entry = path.join(dir, 'entry.ts');
      fs.writeFileSync(
        entry,
        [
          `import { getDocument } from ${JSON.stringify(path.join(import.meta.dirname, 'pdfjs'))};`,
          `import vm from 'node:vm';`,
          `const sourceOf = vm.runInNewContext('Function.prototype.toString');`,
          `const own = (t: object, n: string) => Object.getOwnPropertyDescriptor(t, n)?.value;`,
          `const all = { 'JSON.stringify': own(JSON, 'stringify'), 'JSON.parse': own(JSON, 'parse'),`,
          `  'Array.prototype.push': own(Array.prototype, 'push') };`,
          `const replaced = Object.entries(all).filter(([, f]) => !sourceOf.call(f).includes('[native code]'));`,
          `console.log(JSON.stringify({ replaced: replaced.map(([n]) => n), loaded: typeof getDocument }));`,
        ].join('\n'),
      );
      const outfile = path.join(dir, 'bundle.mjs');
      await build({
        entryPoints: [entry],
        outfile,
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        logLevel: 'silent',
        plugins: [
          {
            name: 'external-packages',
            setup(b) {
              b.onResolve({ filter: /^[^./]/ }, (args) =>
                args.path.startsWith('@listina/') ? undefined : { path: args.path, external: true },
              );
            },
          },
        ],
      });
      const output = execFileSync(process.execPath, [outfile], { encoding: 'utf8' });
      expect(JSON.parse(output.trim().split('\n').at(-1) ?? '')).toEqual({
        replaced: [],
        loaded: 'function',
      });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
