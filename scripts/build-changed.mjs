// `npm start`'s build: builds only the parts whose inputs changed since their last build.
// Each part's output directory keeps a stamp, the SHA-256 of its inputs (every file's path and
// bytes, tests left out); a part whose stamp matches is not built again. `npm run build` still
// builds everything (CI, the browser tests, the image).
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const SKIPPED_DIRECTORIES = new Set(['node_modules', 'dist', 'test-results', '.git']);
/** Test files: no build reads them, so changing one builds nothing again. */
const TEST_FILE = /\.(test|spec|fuzz)\.[cm]?[jt]sx?$|\.test-support\.[cm]?[jt]s$/;

const SHARED_INPUTS = ['package-lock.json', 'packages/contract', 'packages/forms'];

/** The parts of the build, in order, each with its inputs (paths from the repository root). */
export const PARTS = [
  {
    name: 'web',
    inputs: [...SHARED_INPUTS, 'apps/web'],
    stamp: 'apps/web/dist/.build-inputs',
    output: 'apps/web/dist/index.html',
    command: ['npm', ['run', 'build', '-w', '@listina/web']],
  },
  {
    // The server's bundle, then the migrated PGlite template made from it (--prepare).
    name: 'server',
    inputs: [
      ...SHARED_INPUTS,
      'apps/server/src',
      'apps/server/scripts',
      'apps/server/package.json',
    ],
    stamp: 'apps/server/dist/.build-inputs',
    output: 'apps/server/dist/main.js',
    command: [
      'sh',
      ['-c', 'node apps/server/scripts/build.mjs && node apps/server/dist/main.js --prepare'],
    ],
  },
];

function filesUnder(root, relative, found) {
  const absolute = path.join(root, relative);
  const stat = fs.statSync(absolute, { throwIfNoEntry: false });
  if (!stat) return;
  if (stat.isFile()) {
    if (!TEST_FILE.test(relative)) found.push(relative);
    return;
  }
  if (!stat.isDirectory()) return;
  for (const entry of fs.readdirSync(absolute).sort()) {
    if (!SKIPPED_DIRECTORIES.has(entry)) filesUnder(root, path.join(relative, entry), found);
  }
}

/** The SHA-256 of the inputs' files: their paths and contents, in a fixed order. */
export function inputsHash(root, inputs) {
  const files = [];
  for (const input of inputs) filesUnder(root, input, files);
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file.split(path.sep).join('/')}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/**
 * The parts whose output or stamp is missing or whose stamp differs from their inputs' hash
 * now, each with that hash.
 */
export function partsToBuild(root, parts = PARTS) {
  return parts
    .map((part) => ({ part, hash: inputsHash(root, part.inputs) }))
    .filter(({ part, hash }) => {
      const stamp = path.join(root, part.stamp);
      if (!fs.existsSync(path.join(root, part.output)) || !fs.existsSync(stamp)) return true;
      return fs.readFileSync(stamp, 'utf8').trim() !== hash;
    });
}

/** Builds the parts that changed; writes each one's stamp only after its build succeeded. */
export function buildChanged(root = repoRoot, parts = PARTS, log = console.log) {
  const stale = new Map(partsToBuild(root, parts).map(({ part, hash }) => [part.name, hash]));
  for (const part of parts) {
    const hash = stale.get(part.name);
    if (hash === undefined) {
      log(`${part.name}: unchanged since its last build`);
      continue;
    }
    const [command, args] = part.command;
    const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) return result.status ?? 1;
    // The hash from before the build: a file changed while building makes the next start build.
    fs.mkdirSync(path.dirname(path.join(root, part.stamp)), { recursive: true });
    fs.writeFileSync(path.join(root, part.stamp), `${hash}\n`);
  }
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exit(buildChanged());
}
