import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { isUpToDate, pingDb, type Db } from '../../db/create-db';
import { AppError } from '../../lib/errors';
import type { BlobStore } from '../../plugins/storage/blob-store';

/** A check that has not answered within this is failed: a readiness probe must not hang. */
export const READY_CHECK_TIMEOUT_MS = 2000;
/** A well-formed id no content has: its HEAD (S3) or stat (local) shows the store answers. */
const PROBE_ID = '0'.repeat(64);

export type ReadyCheck = 'database' | 'migrations' | 'blobs' | 'shutdown';

/**
 * GET /api/ready (docs/operations.md "Observability"): unlike /api/health (alive), whether
 * this process should be given traffic. Every check runs each time, within a deadline; a
 * failed one makes a 503 whose messages name it.
 */
export function createReadiness(
  app: FastifyInstance,
  deps: { db: Db; config: Pick<Config, 'dataDir' | 'storage'>; blobs: BlobStore },
): () => Promise<void> {
  let stopping = false;
  app.addHook('preClose', (done) => {
    stopping = true;
    done();
  });
  // Once at the latest, a process stays so: its code knows no newer migration.
  let migrated = false;
  const checks: Record<Exclude<ReadyCheck, 'shutdown'>, () => Promise<unknown>> = {
    database: () => pingDb(deps.db),
    migrations: async () => {
      migrated ||= await isUpToDate(deps.db);
      if (!migrated) throw new Error('migrations pending');
    },
    blobs: () => blobsReachable(deps.blobs, deps.config.dataDir),
  };
  return async () => {
    const failed: ReadyCheck[] = stopping ? ['shutdown'] : [];
    const results = await Promise.all(
      Object.entries(checks).map(async ([name, check]) =>
        (await passes(check)) ? undefined : (name as ReadyCheck),
      ),
    );
    for (const name of results) if (name) failed.push(name);
    if (failed.length > 0)
      throw new AppError(
        503,
        failed.map((name) => ({ code: `errors.notReady.${name}` })),
      );
  };
}

async function blobsReachable(blobs: BlobStore, dataDir: string): Promise<void> {
  if (blobs.kind === 'local') {
    const root = path.join(dataDir, 'blobs');
    await fs.mkdir(root, { recursive: true });
    await fs.access(root, fs.constants.W_OK);
  } else {
    await blobs.stat(PROBE_ID);
  }
}

async function passes(check: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check().then(() => true), deadline]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
