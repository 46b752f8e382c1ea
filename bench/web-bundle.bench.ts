/**
 * JavaScript (and CSS) a browser downloads to show each route, gzip-compressed: the build's
 * manifest gives every page chunk (one per route, React.lazy) and its static imports; a
 * route costs the entry (index.html's chunk and its imports) plus its page's own closure.
 *
 *   npx tsx bench/web-bundle.bench.ts        # builds apps/web into a temporary directory
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { markdownTable } from './support/stats';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'listina-web-bundle-'));
execFileSync(
  'npx',
  ['vite', 'build', '--manifest', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
  { cwd: path.join(root, 'apps/web'), stdio: 'inherit' },
);
const manifest = JSON.parse(
  fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'),
) as Manifest;

/** Files of a chunk and everything it imports statically (what must load before it runs). */
function closure(id: string, files = new Set<string>()): Set<string> {
  const chunk = manifest[id];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) closure(imported, files);
  return files;
}

const sizeCache = new Map<string, { raw: number; gzip: number }>();
function size(file: string) {
  let cached = sizeCache.get(file);
  if (!cached) {
    const content = fs.readFileSync(path.join(outDir, file));
    cached = { raw: content.length, gzip: zlib.gzipSync(content).length };
    sizeCache.set(file, cached);
  }
  return cached;
}
const total = (files: Iterable<string>) =>
  [...files].reduce(
    (sum, file) => ({ raw: sum.raw + size(file).raw, gzip: sum.gzip + size(file).gzip }),
    { raw: 0, gzip: 0 },
  );
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const entryId = Object.keys(manifest).find((id) => manifest[id]?.isEntry);
if (!entryId) throw new Error('the build has no entry chunk');
const entryFiles = closure(entryId);
const entry = total(entryFiles);

const rows: string[][] = [['(entry: shell, router, providers)', kb(entry.raw), kb(entry.gzip), '']];
const pages = Object.entries(manifest)
  .filter(([, chunk]) => chunk.isDynamicEntry && chunk.src?.includes('/features/'))
  .sort(([a], [b]) => a.localeCompare(b));
for (const [id, chunk] of pages) {
  const files = closure(id, new Set(entryFiles));
  const route = total(files);
  const own = total([...files].filter((f) => !entryFiles.has(f)));
  rows.push([
    (chunk.src ?? id).replace(/^src\/features\//, ''),
    kb(route.raw),
    kb(route.gzip),
    kb(own.gzip),
  ]);
}
console.log(
  markdownTable(['route page', 'JS+CSS raw', 'JS+CSS gzip', 'beyond the entry (gzip)'], rows),
);
fs.rmSync(outDir, { recursive: true, force: true });
