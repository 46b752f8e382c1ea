import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { BlobTooLargeError } from './blob-store';

export interface Spooled {
  file: string;
  sha256: string;
  size: number;
}

/** Spool files end so; anything else in the spool folder is not ours to remove. */
const SUFFIX = '.part';

/**
 * Who writes a spool file: host, process id and a token of this run of the process, so that a
 * process starting up can tell the files of a killed one (issue 22) from those of a live one.
 */
const HOST = os.hostname().replace(/[^A-Za-z0-9-]/g, '-') || 'host';
const RUN = randomUUID().slice(0, 8);
const OWNED = /^(.+)\.(\d+)\.([0-9a-f]{8})\.[0-9a-f-]{36}\.part$/;

/**
 * Writes the source to a new file in `dir`, hashing as it streams, and fsyncs it: the id is
 * known and the bytes are on disk before anyone names them. Past maxBytes it stops, destroys
 * the source and removes the file.
 */
export async function spoolToFile(
  source: Readable | Buffer,
  dir: string,
  maxBytes: number | undefined,
): Promise<Spooled> {
  if (Buffer.isBuffer(source) && maxBytes !== undefined && source.length > maxBytes) {
    throw new BlobTooLargeError(maxBytes);
  }
  // Until the loop below reads it, a stream's error would be thrown as uncaught; the loop
  // still sees it, as the stream is destroyed with it.
  const hold = () => undefined;
  if (!Buffer.isBuffer(source)) source.on('error', hold);
  try {
    return await writeSpoolFile(source, dir, maxBytes);
  } finally {
    if (!Buffer.isBuffer(source)) source.off('error', hold);
  }
}

async function writeSpoolFile(
  source: Readable | Buffer,
  dir: string,
  maxBytes: number | undefined,
): Promise<Spooled> {
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, `${HOST}.${process.pid}.${RUN}.${randomUUID()}${SUFFIX}`);
  const handle = await fs.open(file, 'wx');
  const hash = createHash('sha256');
  let size = 0;
  try {
    // Leaving this loop early (a throw) destroys a stream source: an endless upload stops here.
    for await (const chunk of Buffer.isBuffer(source) ? [source] : source) {
      const bytes = toBytes(chunk);
      size += bytes.length;
      if (maxBytes !== undefined && size > maxBytes) throw new BlobTooLargeError(maxBytes);
      hash.update(bytes);
      await writeAll(handle, bytes);
    }
    await handle.sync();
    await handle.close();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await fs.rm(file, { force: true });
    throw error;
  }
  return { file, sha256: hash.digest('hex'), size };
}

function toBytes(chunk: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
  if (typeof chunk === 'string') return Buffer.from(chunk, 'utf8');
  throw new TypeError('a blob source must yield bytes');
}

async function writeAll(handle: fs.FileHandle, bytes: Buffer): Promise<void> {
  let offset = 0;
  while (offset < bytes.length) {
    const { bytesWritten } = await handle.write(bytes, offset);
    offset += bytesWritten;
  }
}

/** Spool files last touched before olderThan: uploads a crash or a kill abandoned. */
export async function removeStaleSpoolFiles(dir: string, olderThan: Date): Promise<number> {
  let removed = 0;
  for (const name of await readdirIfExists(dir)) {
    if (!name.endsWith(SUFFIX)) continue;
    const file = path.join(dir, name);
    const info = await fs.stat(file).catch(ignoreMissing);
    if (info?.isFile() && info.mtime < olderThan) {
      await fs.rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}

/**
 * Spool files of uploads a killed process left on this host, removed when a process starts:
 * those of a process id no longer running, and those of an earlier run under this process's
 * own id (a container restarts with the same one). Other hosts' files, and a live process's,
 * wait for removeStaleSpoolFiles.
 */
export async function removeAbandonedSpoolFiles(dir: string): Promise<number> {
  let removed = 0;
  for (const name of await readdirIfExists(dir)) {
    const owner = OWNED.exec(name);
    if (!owner || owner[1] !== HOST) continue;
    const pid = Number(owner[2]);
    const abandoned = pid === process.pid ? owner[3] !== RUN : !isRunning(pid);
    if (!abandoned) continue;
    await fs.rm(path.join(dir, name), { force: true });
    removed++;
  }
  return removed;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function readdirIfExists(dir: string): Promise<string[]> {
  return (await fs.readdir(dir).catch(ignoreMissing)) ?? [];
}

export function ignoreMissing(error: unknown): undefined {
  if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
  throw error;
}

/**
 * Makes a rename or a new entry in `dir` durable. Windows cannot open a folder for fsync;
 * there the rename itself is all we get.
 */
export async function fsyncDir(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  const handle = await fs.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
