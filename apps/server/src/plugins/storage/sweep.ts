import type { BlobStore } from './blob-store';

export interface SweepOptions {
  /**
   * Only blobs last written before this are candidates. Content is written before its row
   * commits, so the cutoff must leave room for the slowest transaction (a day is generous).
   */
  olderThan: Date;
  /** Spool files of abandoned uploads last touched before this go too; default an hour ago. */
  temporaryOlderThan?: Date;
  /** Ids asked about per isReferenced call. */
  batchSize?: number;
}

export interface SweepResult {
  scanned: number;
  deleted: number;
  referenced: number;
  young: number;
  temporaryRemoved: number;
}

const HOUR_MS = 3_600_000;

/** For a batch of blob ids, which of them some row names. */
export type IsReferenced = (ids: string[]) => Promise<Set<string>>;

/** A blob a request wrote, and when (its modifiedAt right after the write). */
export interface Written {
  id: string;
  writtenAt: Date | undefined;
}

/**
 * Removes at once what a refused request wrote (issue 22), rather than leaving it to the
 * sweep's day: each blob no row names and nobody wrote again since. Content is shared, so a
 * row of another document keeps it, and an upload of the same content in flight rewrote it
 * (local: renamed over it; S3: to the second) and keeps it for its own row.
 */
export async function discardWritten(
  store: BlobStore,
  isReferenced: IsReferenced,
  written: Written[],
): Promise<void> {
  const ids = [...new Set(written.map((w) => w.id))];
  if (ids.length === 0) return;
  const used = await isReferenced(ids);
  for (const { id, writtenAt } of written) {
    if (used.has(id) || !writtenAt) continue;
    const now = await store.stat(id);
    if (now?.modifiedAt.getTime() === writtenAt.getTime()) await store.delete(id);
  }
}

/**
 * Deletes blobs that no row references and that are older than the cutoff; isReferenced
 * answers, for a batch of ids, which of them some row names.
 */
export async function sweepOrphans(
  store: BlobStore,
  isReferenced: IsReferenced,
  options: SweepOptions,
): Promise<SweepResult> {
  const result: SweepResult = {
    scanned: 0,
    deleted: 0,
    referenced: 0,
    young: 0,
    temporaryRemoved: 0,
  };
  const batchSize = options.batchSize ?? 500;
  let batch: string[] = [];

  const flush = async () => {
    const ids = batch;
    batch = [];
    const used = await isReferenced(ids);
    for (const id of ids) {
      if (used.has(id)) {
        result.referenced++;
        continue;
      }
      // Asked again right before deleting: an upload of the same content since the listing
      // made it young, and its row may not have committed yet.
      const now = await store.stat(id);
      if (!now) continue;
      if (now.modifiedAt >= options.olderThan) {
        result.young++;
        continue;
      }
      await store.delete(id);
      result.deleted++;
    }
  };

  for await (const blob of store.list()) {
    result.scanned++;
    if (blob.modifiedAt >= options.olderThan) {
      result.young++;
      continue;
    }
    batch.push(blob.id);
    if (batch.length >= batchSize) await flush();
  }
  if (batch.length > 0) await flush();

  result.temporaryRemoved = await store.removeStaleTemporary(
    options.temporaryOlderThan ?? new Date(Date.now() - HOUR_MS),
  );
  return result;
}
