import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { PreviewInfo } from '@listina/contract';
import { translate } from '../../src/plugins/i18n';
import { createBlobStore } from '../../src/plugins/storage/create-blob-store';
import { sweepOrphans } from '../../src/plugins/storage/sweep';
import { referencedBlobs } from '../../src/modules/documents/files.repository';
import {
  createOrganization,
  createTestApp,
  createUser,
  memberHeaders,
  type FormPart,
  type TestApp,
  type UploadFile,
  uploadDocument,
} from '../factories';

const run = promisify(execFile);

/**
 * Issue 9, faults (b): the file store's disk fills up. DATA_DIR/blobs is a real 2 MB tmpfs
 * mounted for this test, so the kernel itself answers ENOSPC, as a full disk does; no write
 * is faked. Mounting needs root (CAP_SYS_ADMIN), which CI and this project's machines have;
 * a developer's `npm test` as an ordinary user skips the test (nothing else can fill a real
 * disk without filling the developer's own). A file size limit (ulimit -f) was not chosen:
 * it refuses one big file, not the next file of a disk that has filled up.
 */
const asRoot = process.getuid?.() === 0;
if (!asRoot) console.warn('Skipped: mounting a tmpfs for the disk-full test needs root.');
let t: TestApp | undefined;
let mounted: string | undefined;

afterAll(async () => {
  if (mounted) await run('umount', [mounted]);
  await t?.close();
});

/** Incompressible content of its own, so every upload is a new blob. */
const pdf = (bytes: number) =>
  Buffer.concat([Buffer.from('%PDF-1.4\n% '), randomBytes(bytes), Buffer.from('\n%%EOF\n')]);

describe.runIf(asRoot)('a full disk under the file store', () => {
  it(
    'refuses the upload that does not fit with 507, keeps what was stored, leaves no half',
    { timeout: 120_000 },
    async () => {
      const app = await createTestApp({ CAPTURE_WORKERS: '0' });
      t = app;
      const blobsDir = path.join(app.config.dataDir, 'blobs');
      fs.mkdirSync(blobsDir);
      await run('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', blobsDir]).catch(
        (error: unknown) => {
          throw new Error(
            `Could not mount a 2 MB tmpfs at ${blobsDir} (root with CAP_SYS_ADMIN is needed): ${String(error)}`,
          );
        },
      );
      mounted = blobsDir;
      const clerk = await createUser(app);
      const org = await createOrganization(app, { [clerk.id]: ['dataentry', 'accountant'] });
      const headers = await memberHeaders(app, clerk, org);
      const upload = (main: UploadFile, attachments: FormPart[] = []) =>
        uploadDocument(
          app,
          { ...headers, 'content-language': 'sl' },
          main,
          {},
          { ignoreWarnings: true, parts: attachments },
        );

      // 300 KB each: the seventh or so no longer fits.
      const stored = new Map<string, string>();
      let refused;
      for (let n = 0; n < 20 && !refused; n++) {
        const content = pdf(300_000);
        const res = await upload({ filename: `full-${n}.pdf`, content });
        if (res.statusCode === 201) {
          const key = res.json<{ item: { key: string } }>().item.key;
          stored.set(key, createHash('sha256').update(content).digest('hex'));
        } else refused = res;
      }
      expect(stored.size).toBeGreaterThan(0);
      expect(refused?.statusCode, refused?.body).toBe(507);
      expect(refused?.json()).toMatchObject({
        error: [{ code: 'errors.storageFull', msg: translate('sl', 'errors.storageFull', []) }],
      });
      // A document of two files whose first fits and second does not: no document either.
      const twoFiles = await upload({ filename: 'small.pdf', content: pdf(1000) }, [
        { name: 'attachments', filename: 'big.pdf', content: pdf(400_000) },
      ]);
      expect(twoFiles.statusCode, twoFiles.body).toBe(507);

      // Only the documents whose upload was answered 201, each with its whole file.
      const list = await app.app.inject({ url: '/api/doc?count=1000', headers });
      const keys = list.json<{ items: { key: string }[] }>().items.map((d) => d.key);
      expect(keys.sort()).toEqual([...stored.keys()].sort());
      for (const [key, sha256] of stored) {
        const info = await app.app.inject({
          method: 'POST',
          url: `/api/doc/${key}/preview.info`,
          headers,
        });
        const [file] = info.json<PreviewInfo>().files;
        expect(file?.sha256).toBe(sha256);
        const content = await app.app.inject({ url: file?.url ?? '' });
        expect(createHash('sha256').update(content.rawPayload).digest('hex')).toBe(sha256);
      }
      // No half-written file: the spool is empty, every blob's name is its content's hash.
      const spool = path.join(blobsDir, 'tmp');
      expect(fs.existsSync(spool) ? fs.readdirSync(spool) : []).toEqual([]);
      const blobs = createBlobStore(app.config);
      for await (const blob of blobs.list()) {
        const content = fs.readFileSync(
          path.join(blobsDir, blob.id.slice(0, 2), blob.id.slice(2, 4), blob.id),
        );
        expect(createHash('sha256').update(content).digest('hex')).toBe(blob.id);
      }
      // After the sweep every blob has its row and every row its blob.
      const db = app.database.db;
      await sweepOrphans(blobs, (ids) => referencedBlobs(db, ids), {
        olderThan: new Date(Date.now() + 60_000),
      });
      const left: string[] = [];
      for await (const blob of blobs.list()) left.push(blob.id);
      expect(left.sort()).toEqual([...new Set(stored.values())].sort());
      const { rows } = await sql<{ blob_id: string }>`select blob_id from doc_file`.execute(db);
      expect(rows.map((r) => r.blob_id).sort()).toEqual([...stored.values()].sort());
      // Room again (the sweep freed the orphan; an administrator frees more): uploads work.
      const again = await upload({ filename: 'after.pdf', content: pdf(1000) });
      expect(again.statusCode, again.body).toBe(201);
    },
  );
});
