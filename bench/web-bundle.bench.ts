/**
 * JavaScript (and CSS) a browser downloads to show each route, gzip-compressed. apps/web is
 * built with its own vite.config.ts into a temporary directory; the manifest gives every page
 * chunk (one per route: what app/router.tsx imports lazily) and its static imports, and a route
 * costs the entry (index.html's chunk and its imports), the signed-in shell's closure unless the
 * page is one of the signed-out routes, and its page's own closure. Chunks loaded on demand
 * within a page (a dialog, a menu) are not counted. Each file is gzipped on its own (level 6),
 * as a server compresses it.
 *
 * Then the entry, which every route loads, by source: each module's share of its chunk's gzip
 * size (from its length before minification), split into what the entry's own static imports
 * need and what only lazily loaded pages use (there because of a chunk group, for instance);
 * and the app's modules that alone bring the most code into the entry (what a React.lazy
 * around them would take out of every route).
 *
 *   npx tsx bench/web-bundle.bench.ts
 *   npx tsx bench/web-bundle.bench.ts --without-groups   # also: without the codeSplitting groups
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import { build, type Plugin } from 'vite';
import { repoRoot } from './support/server';
import { machine, markdownTable } from './support/stats';

const { values: args } = parseArgs({
  options: { 'without-groups': { type: 'boolean', default: false } },
});
const webRoot = path.join(repoRoot, 'apps/web');
const LOGIN_PAGE = 'account/login-page.tsx';
/** The signed-in shell (MainLayout, a lazy chunk of its own) and the pages shown without it. */
const SHELL = 'src/app/shell/main-layout.tsx';
const SIGNED_OUT_PAGES: ReadonlySet<string> = new Set([
  LOGIN_PAGE,
  'account/register-page.tsx',
  'account/confirm-page.tsx',
  'playground/playground-page.tsx',
]);
const LOGIN_TARGET_BYTES = 200 * 1024;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

interface Built {
  outDir: string;
  manifest: Manifest;
  /** Per output file: each module's length in it before minification. */
  modules: Map<string, Map<string, number>>;
  /** Static imports of every module the entry module reaches through static imports. */
  entryGraph: Map<string, readonly string[]>;
}

async function buildWeb(withoutGroups: boolean): Promise<Built> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'listina-web-bundle-'));
  const modules = new Map<string, Map<string, number>>();
  const entryGraph = new Map<string, readonly string[]>();
  const recorder: Plugin = {
    name: 'bench-bundle-recorder',
    apply: 'build',
    config(config) {
      // The what-if build: vite.config.ts's chunk groups left out, everything else the same.
      const output = config.build?.rolldownOptions?.output;
      if (withoutGroups && output && !Array.isArray(output)) delete output.codeSplitting;
    },
    generateBundle(_options, bundle) {
      const pending: string[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const lengths = new Map<string, number>();
        for (const [id, rendered] of Object.entries(output.modules)) {
          lengths.set(id, rendered.renderedLength);
        }
        modules.set(output.fileName, lengths);
        if (output.isEntry && output.facadeModuleId) pending.push(output.facadeModuleId);
      }
      while (pending.length > 0) {
        const id = pending.pop() as string;
        if (entryGraph.has(id)) continue;
        const imports = this.getModuleInfo(id)?.importedIds ?? [];
        entryGraph.set(id, imports);
        pending.push(...imports);
      }
    },
  };
  await build({
    root: webRoot,
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: true },
    plugins: [recorder],
  });
  const manifest = JSON.parse(
    fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'),
  ) as Manifest;
  return { outDir, manifest, modules, entryGraph };
}

/** Files of a chunk and everything it imports statically (what must load before it runs). */
function closure(manifest: Manifest, id: string, files = new Set<string>()): Set<string> {
  const chunk = manifest[id];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, files);
  return files;
}

function sizer(outDir: string) {
  const cache = new Map<string, number>();
  return (file: string) => {
    let gzip = cache.get(file);
    if (gzip === undefined) {
      gzip = zlib.gzipSync(fs.readFileSync(path.join(outDir, file)), { level: 6 }).length;
      cache.set(file, gzip);
    }
    return gzip;
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function entryOf(manifest: Manifest): string {
  const entryId = Object.keys(manifest).find((id) => manifest[id]?.isEntry);
  if (!entryId) throw new Error('the build has no entry chunk');
  return entryId;
}

function routeTable({ outDir, manifest }: Built): string {
  const gzip = sizer(outDir);
  const sum = (files: Iterable<string>, ext: string) =>
    [...files].filter((f) => f.endsWith(ext)).reduce((total, f) => total + gzip(f), 0);
  const entryId = entryOf(manifest);
  const entryFiles = closure(manifest, entryId);
  const shellFiles = closure(manifest, SHELL, new Set(entryFiles));
  const beyondEntry = (files: Set<string>) => [...files].filter((f) => !entryFiles.has(f));
  const rows = [
    [
      '(entry: router, providers)',
      kb(sum(entryFiles, '.js')),
      kb(sum(entryFiles, '.css')),
      '',
      String(entryFiles.size),
      '',
    ],
  ];
  if (manifest[SHELL]) {
    rows.push([
      '(signed-in shell: app/shell/main-layout.tsx)',
      kb(sum(shellFiles, '.js')),
      kb(sum(shellFiles, '.css')),
      kb(sum(beyondEntry(shellFiles), '.js')),
      String(shellFiles.size),
      '',
    ]);
  }
  const pages = (manifest[entryId]?.dynamicImports ?? [])
    .filter((id) => manifest[id]?.src?.startsWith('src/features/'))
    .sort((a, b) => a.localeCompare(b));
  for (const id of pages) {
    const page = id.replace(/^src\/features\//, '');
    const base = SIGNED_OUT_PAGES.has(page) ? entryFiles : shellFiles;
    const files = closure(manifest, id, new Set(base));
    const js = sum(files, '.js');
    const target =
      page === LOGIN_PAGE ? (js < LOGIN_TARGET_BYTES ? '< 200 KB: yes' : '< 200 KB: no') : '';
    rows.push([
      SIGNED_OUT_PAGES.has(page) ? page : `${page} (+ shell)`,
      kb(js),
      kb(sum(files, '.css')),
      kb(sum(beyondEntry(files), '.js')),
      String(files.size),
      target,
    ]);
  }
  return markdownTable(
    ['route page', 'JS gzip', 'CSS gzip', 'JS beyond the entry', 'files', 'target'],
    rows,
  );
}

/** npm package, workspace package or apps/web/src folder of a module id. */
function sourceOf(id: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
  if (pkg?.[1]) return pkg[1];
  const workspace = /\/packages\/([^/]+)\//.exec(id);
  if (workspace?.[1]) return `@listina/${workspace[1]}`;
  const web = /\/apps\/web\/src\/([^/]+)\//.exec(id);
  if (web?.[1]) return `apps/web/src/${web[1]}/`;
  return id.startsWith('\0') ? '(bundler runtime)' : path.relative(repoRoot, id);
}

/** Each module of the entry's files with its share of its file's gzip size. */
function entryShares({ outDir, manifest, modules }: Built): Map<string, number> {
  const gzip = sizer(outDir);
  const shares = new Map<string, number>();
  for (const file of closure(manifest, entryOf(manifest))) {
    const lengths = modules.get(file);
    if (!lengths) continue;
    const rendered = [...lengths.values()].reduce((a, b) => a + b, 0);
    for (const [id, length] of lengths) {
      shares.set(id, rendered > 0 ? (gzip(file) * length) / rendered : 0);
    }
  }
  return shares;
}

interface Split {
  reached: number;
  lazyOnly: number;
}

function entrySourcesTable(built: Built, top = 12): string {
  const bySource = new Map<string, Split>();
  for (const [id, share] of entryShares(built)) {
    const source = bySource.get(sourceOf(id)) ?? { reached: 0, lazyOnly: 0 };
    if (built.entryGraph.has(id)) source.reached += share;
    else source.lazyOnly += share;
    bySource.set(sourceOf(id), source);
  }
  const total = (s: Split) => s.reached + s.lazyOnly;
  const sorted = [...bySource].sort(([, a], [, b]) => total(b) - total(a));
  const sum = (splits: [string, Split][]) =>
    splits.reduce(
      (acc, [, s]) => ({ reached: acc.reached + s.reached, lazyOnly: acc.lazyOnly + s.lazyOnly }),
      {
        reached: 0,
        lazyOnly: 0,
      },
    );
  const row = (name: string, s: Split) => [name, kb(total(s)), kb(s.reached), kb(s.lazyOnly)];
  return markdownTable(
    [
      'source (in the entry)',
      '≈ JS gzip',
      'reached by its static imports',
      'used only by lazy pages',
    ],
    [
      ...sorted.slice(0, top).map(([name, s]) => row(name, s)),
      row(`(${Math.max(0, sorted.length - top)} others)`, sum(sorted.slice(top))),
      row('**all**', sum(sorted)),
    ],
  );
}

/** The entry's static graph from its first module, leaving one module out. */
function reachable(graph: Map<string, readonly string[]>, without?: string): Set<string> {
  const [start] = graph.keys();
  const seen = new Set<string>();
  const pending = start === undefined ? [] : [start];
  while (pending.length > 0) {
    const id = pending.pop() as string;
    if (id === without || seen.has(id)) continue;
    seen.add(id);
    pending.push(...(graph.get(id) ?? []));
  }
  return seen;
}

/**
 * The app's own modules that alone pull the most code into the entry: what leaves the entry
 * (≈ gzip) when nothing else imports it statically, for instance behind a React.lazy.
 */
function heavyImportsTable(built: Built, top = 8): string {
  const shares = entryShares(built);
  const graph = built.entryGraph;
  const [entryModule = ''] = graph.keys();
  // index.html's script (main.tsx) carries everything: it says nothing.
  const roots = new Set([
    entryModule,
    ...(entryModule.endsWith('.html') ? (graph.get(entryModule) ?? []) : []),
  ]);
  const rows: [string, number, string][] = [];
  for (const id of graph.keys()) {
    if (roots.has(id) || !id.includes('/apps/web/src/')) continue;
    const kept = reachable(graph, id);
    let only = 0;
    for (const other of graph.keys()) if (!kept.has(other)) only += shares.get(other) ?? 0;
    const importers = [...graph]
      .filter(([from, imports]) => kept.has(from) && imports.includes(id))
      .map(([from]) => path.basename(from));
    rows.push([path.relative(webRoot, id), only, importers.join(', ')]);
  }
  rows.sort((a, b) => b[1] - a[1]);
  return markdownTable(
    ['module (apps/web)', '≈ JS gzip only it brings into the entry', 'imported by'],
    rows.slice(0, top).map(([id, only, importers]) => [id, kb(only), importers]),
  );
}

console.log(`${machine()}\n`);
const builds: [string, boolean][] = [['as configured (apps/web/vite.config.ts)', false]];
if (args['without-groups']) builds.push(['without the codeSplitting groups', true]);
for (const [label, withoutGroups] of builds) {
  const built = await buildWeb(withoutGroups);
  try {
    console.log(`\n### JavaScript per route, ${label}\n`);
    console.log(routeTable(built));
    console.log(`\n### The entry by source, ${label}\n`);
    console.log(entrySourcesTable(built));
    console.log(`\n### What single imports bring into the entry, ${label}\n`);
    console.log(heavyImportsTable(built));
  } finally {
    fs.rmSync(built.outDir, { recursive: true, force: true });
  }
}
