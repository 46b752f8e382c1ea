import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/create-db';
import type { BlobStore } from '../../plugins/storage/blob-store';
import { sweepOrphans } from '../../plugins/storage/sweep';
import { repeatEvery } from '../../lib/repeat';
import { UNDO_WINDOW_MS } from '../tables/journal';
import { forgetDeletedRows } from '../tables/undo';
import { forgetDeletedFiles, referencedBlobs } from './files.repository';

/** How often the orphans of the blob store are collected, and how old they must be. */
export const SWEEP_EVERY_MS = 6 * 3_600_000;
export const ORPHAN_AGE_MS = 24 * 3_600_000;

/**
 * Collects the blobs no document file names (a crash between content and row, a file replaced
 * or deleted), a minute after start and then every few hours. A deleted file's row is kept for
 * twice the undo window (migration 0031) and its content with it, so an undo finds both. Any process may run it: a blob is only deleted when no organisation's row
 * names it and it is a day old, so an upload whose row has not committed yet is kept.
 */
export function scheduleBlobSweep(db: Db, blobs: BlobStore, log: FastifyBaseLogger) {
  const sweep = async () => {
    try {
      const undoEnd = new Date(Date.now() - 2 * UNDO_WINDOW_MS);
      const forgotten =
        (await forgetDeletedFiles(db, undoEnd)) + (await forgetDeletedRows(db, undoEnd));
      const result = await sweepOrphans(blobs, (ids) => referencedBlobs(db, ids), {
        olderThan: new Date(Date.now() - ORPHAN_AGE_MS),
      });
      if (result.deleted || result.temporaryRemoved || forgotten)
        log.info({ sweep: result, deletedFileRowsForgotten: forgotten }, 'blob sweep');
    } catch (error) {
      log.error({ err: error }, 'blob sweep failed');
    }
  };
  return repeatEvery(SWEEP_EVERY_MS, 60_000, sweep);
}
