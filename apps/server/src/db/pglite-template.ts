import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { PGlite } from '@electric-sql/pglite';

/**
 * initdb inside PGlite takes ~5 s here; loading a dump of a fresh cluster takes ~0.6 s.
 * The dump is made once per PGlite version (by `npm run build`, or on first need) and kept
 * under apps/server/.cache, so start-up and every test database begin from it.
 */
const here = path.dirname(new URL(import.meta.url).pathname);
const cacheDir = path.resolve(here, '../../.cache');

function pgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (dir !== path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version: string };
      if (pkg.name === '@electric-sql/pglite') return pkg.version;
    }
    dir = path.dirname(dir);
  }
  return 'unknown';
}

function templateFile(): string {
  return path.join(cacheDir, `pglite-${pgliteVersion()}.tar.gz`);
}

export async function ensureTemplate(): Promise<string> {
  const file = templateFile();
  if (fs.existsSync(file)) return file;
  const pglite = await PGlite.create();
  const dump = await pglite.dumpDataDir('gzip');
  await pglite.close();
  fs.mkdirSync(cacheDir, { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(tmp, file); // atomic: parallel test workers never read half a file
  return file;
}

export async function loadTemplate(): Promise<Blob> {
  const file = await ensureTemplate();
  return new Blob([fs.readFileSync(file)]);
}
