import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { PreviewInfo } from '@listina/contract';
import { signInOver, startServer, type ServerProcess } from '../../../test/faults/server-process';
import { uploadDocumentOver } from '../../../test/upload';

/**
 * Issue 5: SIGKILL the server during a loop of uploads; after a restart no row points to a
 * missing file and no committed document is lost. The real server (main.ts, through tsx) on
 * the embedded database in a data directory of its own, as `npm start` runs it, whatever
 * database the rest of the suite uses: the embedded one is the one that dies with the process.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'listina-crash-'));
let server: ServerProcess | undefined;
/** The server as `npm start` runs it, on its own data directory, with the demo seeded. */
const start = () => startServer({ DATA_DIR: dataDir, SEED_DEMO: '1' });

afterAll(async () => {
  await server?.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A small PDF of its own: every upload is new content. */
const pdf = (n: number) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% upload ${n} ${'x'.repeat(n % 4096)}\n%%EOF\n`,
  );

describe('a server killed during uploads', () => {
  it(
    'loses no committed document and leaves no row without its file',
    { timeout: 120_000 },
    async () => {
      const first = await start();
      server = first;
      const headers = await signInOver(first.url);
      const committed: string[] = [];
      let n = 0;
      let killed = false;
      const uploads = (async () => {
        while (!killed) {
          const main = { filename: `crash-${n}.pdf`, content: pdf(n) };
          const fields = { number: `CRASH-${n}` };
          n++;
          try {
            const res = await uploadDocumentOver(first.url, headers, main, fields);
            if (res.status === 201)
              committed.push(((await res.json()) as { item: { key: string } }).item.key);
            else if (!killed) throw new Error(`upload ${n}: ${res.status} ${await res.text()}`);
          } catch (error) {
            if (!killed) throw error;
          }
        }
      })();
      while (committed.length < 15) await new Promise((resolve) => setTimeout(resolve, 20));
      killed = true;
      await first.kill();
      await uploads;

      const second = await start();
      server = second;
      const again = await signInOver(second.url);
      const list = await fetch(`${second.url}/api/doc?count=1000&search=crash`, { headers: again });
      const keys = ((await list.json()) as { items: { key: string }[] }).items.map((d) => d.key);
      // Every document whose upload was answered is there; others may be too (committed, unanswered).
      expect(keys).toEqual(expect.arrayContaining(committed));
      for (const key of keys) {
        const info = await fetch(`${second.url}/api/doc/${key}/preview.info`, {
          method: 'POST',
          headers: again,
        });
        const preview = (await info.json()) as PreviewInfo;
        expect(preview.files, key).toHaveLength(1);
        for (const file of preview.files) {
          const content = Buffer.from(
            await (await fetch(`${second.url}${file.url}`)).arrayBuffer(),
          );
          expect(createHash('sha256').update(content).digest('hex'), file.name).toBe(file.sha256);
        }
      }
      await second.stop();
    },
  );
});
