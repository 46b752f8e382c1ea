import path from 'node:path';
import type { Config } from '../../config';
import type { BlobStore } from './blob-store';
import { createLocalBlobStore } from './local-blob-store';
import { createS3BlobStore } from './s3-blob-store';

/** The store STORAGE names: local disk under DATA_DIR/blobs, or an S3-compatible bucket. */
export function createBlobStore(config: Pick<Config, 'dataDir' | 'storage'>): BlobStore {
  const root = path.join(config.dataDir, 'blobs');
  const { storage } = config;
  switch (storage.kind) {
    case 'local':
      return createLocalBlobStore({ root });
    case 's3':
      // Stream uploads wait on local disk while hashed; the sweep clears what a crash leaves.
      return createS3BlobStore({ ...storage, spoolDir: path.join(root, 'tmp') });
  }
}
