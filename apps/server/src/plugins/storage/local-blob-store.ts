import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  BlobNotFoundError,
  assertBlobId,
  isBlobId,
  type BlobInfo,
  type BlobStore,
} from './blob-store';
import {
  fsyncDir,
  ignoreMissing,
  readdirIfExists,
  removeAbandonedSpoolFiles,
  removeStaleSpoolFiles,
  spoolToFile,
} from './spool';

const FAN_OUT = /^[0-9a-f]{2}$/;

/**
 * Blobs as files under `<root>/ab/cd/<sha256>` (two levels keep folders small). Each upload is
 * written to `<root>/tmp`, fsynced, renamed into place and the folder fsynced: a crash leaves
 * at most a spool file, never a partial blob under its final name.
 */
export function createLocalBlobStore(options: { root: string }): BlobStore {
  const root = path.resolve(options.root);
  const spoolDir = path.join(root, 'tmp');
  const blobPath = (id: string) => path.join(root, id.slice(0, 2), id.slice(2, 4), id);
  // At start: what a killed process was spooling goes now, not with the hourly sweep.
  removeAbandonedSpoolFiles(spoolDir).catch(() => undefined);

  async function statBlob(id: string): Promise<BlobInfo | undefined> {
    const info = await fs.stat(blobPath(id)).catch(ignoreMissing);
    return info?.isFile() ? { id, size: info.size, modifiedAt: info.mtime } : undefined;
  }

  async function moveIntoPlace(file: string, id: string): Promise<void> {
    const target = blobPath(id);
    const dir = path.dirname(target);
    const created = await fs.mkdir(dir, { recursive: true });
    // Renaming over an existing copy of the same content also makes it young again, so a
    // sweep running before this upload's row commits keeps it.
    await fs.rename(file, target);
    await fsyncDir(dir);
    if (created) {
      await fsyncDir(path.dirname(dir));
      await fsyncDir(root);
    }
  }

  return {
    kind: 'local',

    async put(source, putOptions) {
      const spooled = await spoolToFile(source, spoolDir, putOptions?.maxBytes);
      try {
        await moveIntoPlace(spooled.file, spooled.sha256);
      } catch (error) {
        await fs.rm(spooled.file, { force: true });
        throw error;
      }
      return { id: spooled.sha256, sha256: spooled.sha256, size: spooled.size };
    },

    async open(id): Promise<Readable> {
      assertBlobId(id);
      const handle = await fs.open(blobPath(id), 'r').catch(ignoreMissing);
      if (!handle) throw new BlobNotFoundError(id);
      return handle.createReadStream();
    },

    async stat(id) {
      assertBlobId(id);
      return statBlob(id);
    },

    async delete(id) {
      assertBlobId(id);
      await fs.rm(blobPath(id), { force: true });
    },

    async *list() {
      for (const a of await readdirIfExists(root)) {
        if (!FAN_OUT.test(a)) continue;
        for (const b of await readdirIfExists(path.join(root, a))) {
          if (!FAN_OUT.test(b)) continue;
          for (const name of await readdirIfExists(path.join(root, a, b))) {
            if (!isBlobId(name) || !name.startsWith(a + b)) continue;
            const info = await statBlob(name);
            if (info) yield info;
          }
        }
      }
    },

    removeStaleTemporary(olderThan) {
      return removeStaleSpoolFiles(spoolDir, olderThan);
    },

    removeAbandonedTemporary() {
      return removeAbandonedSpoolFiles(spoolDir);
    },
  };
}
