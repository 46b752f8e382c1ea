import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { TestApp } from './factories';

/**
 * The blob store as a refusal must leave it (issue 22): every file under DATA_DIR/blobs,
 * blobs and spool files alike, by path. Only for the local store, which the tests use.
 */
export function storedBlobFiles(t: Pick<TestApp, 'config'>): string[] {
  const root = path.join(t.config.dataDir, 'blobs');
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

/**
 * Runs fn (a refused request, or several) and asserts the blob store holds exactly the files
 * it held before: nothing new, nothing lost. Returns what fn returned.
 */
export async function expectNoNewBlobs<T>(
  t: Pick<TestApp, 'config'>,
  fn: () => Promise<T>,
  name = 'the refusal',
): Promise<T> {
  const before = storedBlobFiles(t);
  const result = await fn();
  expect(storedBlobFiles(t), `${name} left files in the blob store`).toEqual(before);
  return result;
}
