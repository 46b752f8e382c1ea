import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeEach, expect, it } from 'vitest';
import {
  BlobNotFoundError,
  BlobTooLargeError,
  InvalidBlobIdError,
  type BlobInfo,
  type BlobStore,
} from './blob-store';
import { sweepOrphans } from './sweep';

export interface BlobStoreHarness {
  store: BlobStore;
  /** Where the store spools uploads; must be empty after a refused or failed one. */
  spoolDir: string;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The content in chunks of at most `chunk` bytes, as a network upload arrives. */
export function streamOf(bytes: Buffer, chunk = 64 * 1024): Readable {
  const parts: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += chunk) parts.push(bytes.subarray(at, at + chunk));
  return Readable.from(parts, { objectMode: false });
}

export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function listAll(store: BlobStore): Promise<BlobInfo[]> {
  const all: BlobInfo[] = [];
  for await (const blob of store.list()) all.push(blob);
  return all.sort((a, b) => (a.id < b.id ? -1 : 1));
}

const spoolFiles = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir) : []);

/**
 * What every BlobStore does, whatever keeps the bytes. `setup` runs before each test and
 * returns a store with no blobs in it.
 */
export function blobStoreBehaviour(setup: () => Promise<BlobStoreHarness>): void {
  let store: BlobStore;
  let spoolDir: string;
  beforeEach(async () => {
    ({ store, spoolDir } = await setup());
  });

  it.each([
    ['0 bytes', 0],
    ['1 byte', 1],
    ['5 MB', 5 * 1024 * 1024],
  ])('gives back exactly what was put, %s, from a buffer and from a stream', async (_, size) => {
    const content = randomBytes(size);
    const fromBuffer = await store.put(content);
    expect(fromBuffer).toEqual({ id: sha256(content), sha256: sha256(content), size });
    expect((await readAll(await store.open(fromBuffer.id))).equals(content)).toBe(true);
    await store.delete(fromBuffer.id);

    const fromStream = await store.put(streamOf(content), { maxBytes: size });
    expect(fromStream).toEqual(fromBuffer);
    expect((await readAll(await store.open(fromStream.id))).equals(content)).toBe(true);
    expect(await store.stat(fromStream.id)).toMatchObject({ id: fromStream.id, size });
    expect(spoolFiles(spoolDir)).toEqual([]);
  });

  it('keeps identical content once, whichever way it came', async () => {
    const content = randomBytes(3000);
    const first = await store.put(content);
    const second = await store.put(streamOf(content, 100));
    expect(second.id).toBe(first.id);
    expect(await listAll(store)).toMatchObject([{ id: first.id, size: 3000 }]);
  });

  it('refuses content longer than maxBytes and leaves nothing behind', async () => {
    const source = streamOf(randomBytes(5000), 1000);
    await expect(store.put(source, { maxBytes: 4999 })).rejects.toThrow(BlobTooLargeError);
    expect(source.destroyed).toBe(true);
    await expect(store.put(randomBytes(11), { maxBytes: 10 })).rejects.toMatchObject({
      name: 'BlobTooLargeError',
      maxBytes: 10,
      message: 'content is larger than 10 bytes',
    });
    expect(await listAll(store)).toEqual([]);
    expect(spoolFiles(spoolDir)).toEqual([]);
    expect((await store.put(randomBytes(10), { maxBytes: 10 })).size).toBe(10);
  });

  it('leaves nothing behind when the upload breaks off', async () => {
    const failing = new Readable({ read() {} });
    failing.push(randomBytes(1000));
    setImmediate(() => failing.destroy(new Error('client went away')));
    await expect(store.put(failing)).rejects.toThrow('client went away');
    expect(await listAll(store)).toEqual([]);
    expect(spoolFiles(spoolDir)).toEqual([]);
  });

  it('answers NotFound for an unknown id and for a malformed one', async () => {
    const unknown = sha256(Buffer.from('never stored'));
    await expect(store.open(unknown)).rejects.toThrow(BlobNotFoundError);
    expect(await store.stat(unknown)).toBeUndefined();
    const stored = await store.put(Buffer.from('stored'));
    for (const bad of [
      '../../etc/passwd',
      stored.id.toUpperCase(),
      stored.id.slice(1),
      `${stored.id}0`,
      `${stored.id.slice(0, 62)}/x`,
      '',
    ]) {
      await expect(store.open(bad)).rejects.toThrow(BlobNotFoundError);
      await expect(store.open(bad)).rejects.toThrow(InvalidBlobIdError);
      await expect(store.stat(bad)).rejects.toThrow(InvalidBlobIdError);
      await expect(store.delete(bad)).rejects.toThrow(InvalidBlobIdError);
    }
    expect(await listAll(store)).toMatchObject([{ id: stored.id }]);
  });

  it('deletes a blob, and deleting it again is no error', async () => {
    const kept = await store.put(Buffer.from('kept'));
    const gone = await store.put(Buffer.from('gone'));
    await store.delete(gone.id);
    await store.delete(gone.id);
    await expect(store.open(gone.id)).rejects.toThrow(BlobNotFoundError);
    expect(await store.stat(gone.id)).toBeUndefined();
    expect((await listAll(store)).map((b) => b.id)).toEqual([kept.id]);
  });

  it('lists every blob with its size and time', async () => {
    const before = Date.now() - 2000;
    const put = await Promise.all([1, 200, 3000].map((n) => store.put(randomBytes(n))));
    const listed = await listAll(store);
    expect(listed.map((b) => [b.id, b.size])).toEqual(
      put.map((p) => [p.id, p.size]).sort((a, b) => (String(a[0]) < String(b[0]) ? -1 : 1)),
    );
    for (const blob of listed) {
      expect(blob.modifiedAt.getTime()).toBeGreaterThan(before);
      expect(blob.modifiedAt.getTime()).toBeLessThan(Date.now() + 2000);
    }
  });

  sweepBehaviour(() => ({ store, spoolDir }));
}

function sweepBehaviour(current: () => BlobStoreHarness): void {
  it('sweeps unreferenced old blobs, keeping referenced, young and re-uploaded ones', async () => {
    const { store } = current();
    const content = (name: string) => Buffer.from(`content of ${name}`);
    const referenced = await store.put(content('referenced'));
    const orphan = await store.put(content('orphan'));
    const reuploaded = await store.put(content('reuploaded'));
    // A file's time can fall in the millisecond the cutoff is taken: keep them apart.
    await sleep(20);
    const cutoff = new Date();
    // S3 keeps LastModified to the second: what follows must land in a later one.
    await sleep(1100);
    const young = await store.put(content('young'));

    const asked: string[][] = [];
    const result = await sweepOrphans(
      store,
      async (ids) => {
        asked.push(ids);
        // The same content uploaded again while the sweep runs, its row not committed yet.
        if (ids.includes(reuploaded.id)) await store.put(content('reuploaded'));
        return new Set(ids.filter((id) => id === referenced.id));
      },
      { olderThan: cutoff, batchSize: 2 },
    );

    expect(result).toEqual({
      scanned: 4,
      deleted: 1,
      referenced: 1,
      young: 2,
      temporaryRemoved: 0,
    });
    expect(asked.flat().sort()).toEqual([referenced.id, orphan.id, reuploaded.id].sort());
    expect(asked.every((batch) => batch.length <= 2)).toBe(true);
    expect((await listAll(store)).map((b) => b.id).sort()).toEqual(
      [referenced.id, reuploaded.id, young.id].sort(),
    );
  });

  it('sweeps spool files of abandoned uploads after an hour, and nothing else there', async () => {
    const { store, spoolDir } = current();
    fs.mkdirSync(spoolDir, { recursive: true });
    const stale = path.join(spoolDir, 'abandoned.part');
    const fresh = path.join(spoolDir, 'in-progress.part');
    const foreign = path.join(spoolDir, 'not-ours.txt');
    for (const file of [stale, fresh, foreign]) fs.writeFileSync(file, 'x');
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    fs.utimesSync(stale, twoHoursAgo, twoHoursAgo);
    fs.utimesSync(foreign, twoHoursAgo, twoHoursAgo);

    const result = await sweepOrphans(store, async () => new Set(), { olderThan: new Date() });

    expect(result.temporaryRemoved).toBe(1);
    expect(spoolFiles(spoolDir).sort()).toEqual(['in-progress.part', 'not-ours.txt']);
  });
}
