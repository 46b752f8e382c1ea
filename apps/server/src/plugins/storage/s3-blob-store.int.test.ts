import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobStoreError, S3RequestError, type BlobStore } from './blob-store';
import { blobStoreBehaviour, listAll, readAll, streamOf } from './blob-store-suite';
import { createBlobStore } from './create-blob-store';
import { createS3BlobStore } from './s3-blob-store';
import { sha256Hex, signRequest } from './sigv4';
import { startTestS3Server, type TestS3Server } from './s3-test-server';

describe('S3 blob store against an S3-compatible server on 127.0.0.1', () => {
  let server: TestS3Server;
  let dataDir: string;
  const storeWith = (overrides: { secretAccessKey?: string; listPageSize?: number } = {}) =>
    createS3BlobStore({
      endpoint: server.endpoint,
      bucket: server.bucket,
      region: server.region,
      accessKeyId: server.accessKeyId,
      secretAccessKey: server.secretAccessKey,
      spoolDir: path.join(dataDir, 'blobs', 'tmp'),
      ...overrides,
    });

  beforeAll(async () => {
    server = await startTestS3Server();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'listina-s3-data-'));
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function emptied(store: BlobStore): Promise<BlobStore> {
    for (const blob of await listAll(store)) await store.delete(blob.id);
    fs.rmSync(path.join(dataDir, 'blobs', 'tmp'), { recursive: true, force: true });
    return store;
  }

  blobStoreBehaviour(async () => {
    const store = createBlobStore({
      dataDir,
      storage: {
        kind: 's3',
        endpoint: server.endpoint,
        bucket: server.bucket,
        region: server.region,
        accessKeyId: server.accessKeyId,
        secretAccessKey: server.secretAccessKey,
      },
    });
    expect(store.kind).toBe('s3');
    return { store: await emptied(store), spoolDir: path.join(dataDir, 'blobs', 'tmp') };
  });

  it('sends nothing to the server for content over the limit', async () => {
    const store = await emptied(storeWith());
    server.requests.length = 0;
    await expect(store.put(streamOf(randomBytes(3000), 500), { maxBytes: 2000 })).rejects.toThrow(
      'content is larger than 2000 bytes',
    );
    expect(server.requests).toEqual([]);
  });

  it('keeps objects as blobs/<sha256>, written with path-style URLs', async () => {
    const store = await emptied(storeWith());
    server.requests.length = 0;
    const { id } = await store.put(Buffer.from('hello'));
    expect(server.requests).toEqual([`PUT /${server.bucket}/blobs/${id}`]);
  });

  it('walks a listing of several pages with continuation tokens', async () => {
    const store = await emptied(storeWith({ listPageSize: 2 }));
    const put = await Promise.all([1, 2, 3, 4, 5].map((n) => store.put(randomBytes(n))));
    server.requests.length = 0;
    const listed = await listAll(store);
    expect(listed.map((b) => b.id).sort()).toEqual(put.map((p) => p.id).sort());
    const pages = server.requests.filter((r) => r.includes('list-type=2'));
    expect(pages).toHaveLength(3);
    expect(pages.slice(1).every((r) => r.includes('continuation-token='))).toBe(true);
  });

  it('gets the server refusal SignatureDoesNotMatch, typed, when the secret key is wrong', async () => {
    const good = await emptied(storeWith());
    const { id } = await good.put(Buffer.from('signed right'));
    const wrong = storeWith({ secretAccessKey: `${server.secretAccessKey}x` });
    for (const attempt of [
      () => wrong.put(Buffer.from('signed wrong')),
      () => wrong.open(id),
      () => wrong.delete(id),
      () => listAll(wrong),
    ]) {
      const error: unknown = await attempt().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(S3RequestError);
      expect(error).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    }
    await expect(wrong.stat(id)).rejects.toMatchObject({ name: 'S3RequestError', status: 403 });
    expect((await readAll(await good.open(id))).toString()).toBe('signed right');
  });

  // The gate in front of s3rver is what makes the passing tests above mean something.
  it('is checked as S3 checks: a body unlike its signed hash, or no signature, is refused', async () => {
    const url = new URL(`${server.endpoint}/${server.bucket}/blobs/${'0'.repeat(64)}`);
    const { headers } = signRequest(
      { method: 'PUT', url, payloadHash: sha256Hex('signed') },
      server,
    );
    const tampered = await fetch(url, { method: 'PUT', headers, body: 'sent' });
    expect(tampered.status).toBe(400);
    expect(await tampered.text()).toContain('<Code>XAmzContentSHA256Mismatch</Code>');
    const anonymous = await fetch(url, { method: 'PUT', body: 'sent' });
    expect(anonymous.status).toBe(403);
    await anonymous.body?.cancel();
  });

  it('reports an unreachable server as a BlobStoreError', async () => {
    const store = createS3BlobStore({
      endpoint: 'http://127.0.0.1:1',
      bucket: 'b',
      region: 'us-east-1',
      accessKeyId: 'a',
      secretAccessKey: 's',
      spoolDir: path.join(dataDir, 'unused'),
    });
    await expect(store.put(Buffer.from('x'))).rejects.toThrow(BlobStoreError);
    await expect(store.put(Buffer.from('x'))).rejects.toThrow(/S3 PUT 127\.0\.0\.1:1 failed/);
  });
});
