import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { blobStoreBehaviour, listAll } from './blob-store-suite';
import { createBlobStore } from './create-blob-store';
import { createLocalBlobStore } from './local-blob-store';
import { discardWritten, sweepOrphans } from './sweep';

const here = path.dirname(fileURLToPath(import.meta.url));
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'listina-blobs-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Every file under dir, as paths relative to it. */
const filesUnder = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    : [];

describe('local blob store', () => {
  blobStoreBehaviour(async () => {
    const dataDir = tempDir();
    const store = createBlobStore({ dataDir, storage: { kind: 'local' } });
    return { store, spoolDir: path.join(dataDir, 'blobs', 'tmp') };
  });

  it('keeps a blob at DATA_DIR/blobs/ab/cd/<sha256> and nothing else', async () => {
    const dataDir = tempDir();
    const store = createBlobStore({ dataDir, storage: { kind: 'local' } });
    expect(store.kind).toBe('local');
    const { id } = await store.put(Buffer.from('hello'));
    expect(id).toBe('2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824');
    expect(filesUnder(path.join(dataDir, 'blobs'))).toEqual([path.join('2c', 'f2', id)]);
    expect(fs.readFileSync(path.join(dataDir, 'blobs', '2c', 'f2', id), 'utf8')).toBe('hello');
  });

  it('lists only well-formed blobs in their own folder', async () => {
    const root = tempDir();
    const store = createLocalBlobStore({ root });
    const { id } = await store.put(Buffer.from('real'));
    const misplaced = path.join(root, 'ff', 'ff', id);
    fs.mkdirSync(path.dirname(misplaced), { recursive: true });
    fs.writeFileSync(misplaced, 'wrong folder');
    fs.writeFileSync(path.join(root, id.slice(0, 2), id.slice(2, 4), 'notes.txt'), 'stray');
    expect((await listAll(store)).map((b) => b.id)).toEqual([id]);
  });

  it('discards what a refused request wrote, unless a row names it or it was written again since', async () => {
    const root = tempDir();
    const store = createLocalBlobStore({ root });
    const written = async (text: string) => {
      const { id } = await store.put(Buffer.from(text));
      return { id, writtenAt: (await store.stat(id))?.modifiedAt };
    };
    const orphan = await written('refused');
    const named = await written('named by a row');
    const rewritten = await written('uploaded again meanwhile');
    // Another upload of the same content renamed its copy over it: a new modification time.
    const later = new Date(Date.now() + 5_000);
    fs.utimesSync(
      path.join(root, rewritten.id.slice(0, 2), rewritten.id.slice(2, 4), rewritten.id),
      later,
      later,
    );
    await discardWritten(store, async () => new Set([named.id]), [orphan, named, rewritten]);
    expect((await listAll(store)).map((b) => b.id).sort()).toEqual([named.id, rewritten.id].sort());
  });

  it('leaves no blob under a final name when the writer is killed midway; the next start clears it', async () => {
    const root = tempDir();
    const spoolDir = path.join(root, 'tmp');
    const child = spawnWriter(root);
    await waitFor(() => fs.readdirSync(spoolDir).length === 1, child);
    const [partial = ''] = fs.readdirSync(spoolDir);
    await waitFor(() => fs.statSync(path.join(spoolDir, partial)).size > 256 * 1024, child);

    // While the writer runs, a store starting beside it (another process) keeps its file.
    const beside = createLocalBlobStore({ root });
    expect(await beside.removeAbandonedTemporary()).toBe(0);
    expect(fs.readdirSync(spoolDir)).toEqual([partial]);

    child.kill('SIGKILL');
    const [code, signal] = (await once(child, 'exit')) as [number | null, string | null];
    expect([code, signal]).toEqual([null, 'SIGKILL']);

    expect(filesUnder(root)).toEqual([path.join('tmp', partial)]);
    // Another host's spool file is not this start's to judge: the hourly rule takes it.
    const foreign = path.join(
      spoolDir,
      `elsewhere.1.0123abcd.${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}.part`,
    );
    fs.writeFileSync(foreign, 'another host');
    const store = createLocalBlobStore({ root });
    expect(await listAll(store)).toEqual([]);
    await store.removeAbandonedTemporary();
    expect(filesUnder(root)).toEqual([path.join('tmp', path.basename(foreign))]);

    const noReferences = async () => new Set<string>();
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    fs.utimesSync(foreign, twoHoursAgo, twoHoursAgo);
    expect(await sweepOrphans(store, noReferences, { olderThan: new Date() })).toMatchObject({
      temporaryRemoved: 1,
    });
    expect(filesUnder(root)).toEqual([]);
  });
});

/** A node process that streams an endless upload into a local store under root. */
function spawnWriter(root: string) {
  const script = path.join(tempDir(), 'writer.mts');
  fs.writeFileSync(
    script,
    `import { Readable } from 'node:stream';
import { createLocalBlobStore } from ${JSON.stringify(path.join(here, 'local-blob-store.ts'))};
const source = new Readable({
  read() {
    setTimeout(() => this.push(Buffer.alloc(64 * 1024, 7)), 2);
  },
});
await createLocalBlobStore({ root: process.argv[2] }).put(source);
`,
  );
  // tsx is resolved from the server package, where it is a dependency.
  return spawn(process.execPath, ['--import', 'tsx', script, root], {
    cwd: here,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
}

async function waitFor(condition: () => boolean, child: ReturnType<typeof spawn>) {
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      if (condition()) return;
    } catch {
      // The folder or file is not there yet.
    }
    if (child.exitCode !== null) throw new Error(`writer exited early: ${stderr}`);
    if (Date.now() > deadline) throw new Error(`writer made no progress: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
