import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, migrateToLatest } from '../../src/db/create-db';
import { referencedBlobs } from '../../src/modules/documents/files.repository';
import { createPaymentsWorld } from '../../src/modules/payments/payments-test-kit';
import { payOrder } from '../../src/modules/tables/entities/pay-order';
import { createBlobStore } from '../../src/plugins/storage/create-blob-store';
import { sweepOrphans } from '../../src/plugins/storage/sweep';
import { multipartBody } from '../factories';
import { startServer, type ServerProcess } from './server-process';

/**
 * Issue 9, faults (c): SIGKILL during table imports, table writes and payments. The real
 * server (main.ts) on the embedded database in a data directory of its own, the database that
 * dies with the process (documents/crash-safety.int.test.ts does the same for uploads). Three
 * clients keep it busy: imports of a 3,000-row CSV one after another (so one is always in
 * flight), saves of single rows, and payment orders made ready and built into packages. After
 * the kill and a restart: every write answered 2xx is there; each import is there whole or not
 * at all; every package holds exactly the orders that point to it; and no file is left
 * without its row after the sweep.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'listina-kill-'));
let server: ServerProcess | undefined;

afterAll(async () => {
  await server?.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const IMPORT_ROWS = 3000;
const importCsv = (batch: number) =>
  Buffer.from(
    [
      'code;name',
      ...Array.from({ length: IMPORT_ROWS }, (_, i) => `I${batch}-${i};Imported ${batch}/${i}`),
    ].join('\r\n'),
  );

const openDatabase = async () => {
  const handle = await createDb({ dataDir });
  await migrateToLatest(handle.db);
  return handle;
};

describe('a server killed during imports, saves and payments', () => {
  it(
    'keeps every answered write, each import whole or not at all, and no orphan',
    { timeout: 240_000 },
    async () => {
      // The organisation, its paying account and the users, written to the data directory.
      const world = await createPaymentsWorld({ openDatabase });
      const headers = world.h.acc;
      await world.t.close();

      const first = await startServer({ DATA_DIR: dataDir, SEED_DEMO: '0' });
      server = first;
      let killed = false;
      const post = (target: string, body: unknown) =>
        fetch(`${first.url}${target}`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      /** Runs step until the kill; a failure before it fails the test. */
      const loop = async (step: (n: number) => Promise<void>) => {
        for (let n = 0; !killed; n++) {
          await step(n).catch((error: unknown) => {
            if (!killed) throw error;
          });
        }
      };
      const fail = async (what: string, res: Response) => {
        if (!killed) throw new Error(`${what}: ${res.status} ${await res.text()}`);
      };

      const imported: number[] = [];
      const imports = loop(async (n) => {
        const { payload, contentType } = multipartBody([
          { name: 'file', filename: `import-${n}.csv`, content: importCsv(n), type: 'text/csv' },
        ]);
        const res = await fetch(`${first.url}/api/cl/costCenter/import`, {
          method: 'POST',
          headers: { ...headers, 'content-type': contentType },
          body: payload,
        });
        if (res.status === 200) imported.push(n);
        else await fail(`import ${n}`, res);
      });
      const saved: string[] = [];
      const saves = loop(async (n) => {
        const res = await post('/api/cl/costCenter', { code: `W${n}`, name: `Saved ${n}` });
        if (res.status === 201) saved.push(`W${n}`);
        else await fail(`save ${n}`, res);
      });
      const created: string[] = [];
      const packaged: string[] = [];
      const payments = loop(async (n) => {
        const keys: string[] = [];
        for (const i of [0, 1]) {
          const res = await post('/api/payOrder?ignoreWarnings=true', {
            ...payOrder.sample(1000 + n * 2 + i),
            executionDate: '2099-05-05',
          });
          if (res.status !== 201) return fail(`order ${n}`, res);
          keys.push(((await res.json()) as { item: { key: string } }).item.key);
        }
        created.push(...keys);
        const ready = await post('/api/payOrder/mark', { keys, state: 'ready' });
        if (ready.status !== 200) return fail(`ready ${n}`, ready);
        const built = await post('/api/payPackage/build', { keys });
        if (built.status !== 200) return fail(`package ${n}`, built);
        packaged.push(...keys);
      });

      // Some of each answered; an import is in flight whenever the kill comes.
      while (imported.length < 2 || saved.length < 5 || packaged.length < 4) {
        if (first.child.exitCode !== null) throw new Error(first.output());
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      killed = true;
      await first.kill();
      await Promise.all([imports, saves, payments]);

      // The restart recovers the embedded database; then it is read directly.
      const second = await startServer({ DATA_DIR: dataDir, SEED_DEMO: '0' });
      server = second;
      const answer = await fetch(`${second.url}/api/cl/costCenter?count=5&search=W0`, { headers });
      expect(answer.status).toBe(200);
      await second.stop();
      const database = await openDatabase();
      try {
        const db = database.db;
        const { rows: centres } = await sql<{ code: string }>`select code from cost_center`.execute(
          db,
        );
        const codes = new Set(centres.map((c) => c.code));
        expect([...codes].filter((c) => c.startsWith('W'))).toEqual(expect.arrayContaining(saved));
        const batches = new Map<string, number>();
        for (const code of codes) {
          const batch = /^I(\d+)-/.exec(code)?.[1];
          if (batch) batches.set(batch, (batches.get(batch) ?? 0) + 1);
        }
        // Whole or not at all; every import answered 200 whole.
        for (const [batch, count] of batches) expect(count, `import ${batch}`).toBe(IMPORT_ROWS);
        for (const n of imported) expect(batches.get(String(n)), `import ${n}`).toBe(IMPORT_ROWS);

        const { rows: orders } = await sql<{ key: string; state: string; package: string | null }>`
          select key::text, state, pay_package_id::text as package from pay_order
        `.execute(db);
        const stateOf = new Map(orders.map((o) => [o.key, o]));
        for (const key of created) expect(stateOf.has(key), key).toBe(true);
        for (const key of packaged) expect(stateOf.get(key)?.state, key).toBe('inPackage');
        // No half-built package: its count and total are those of the orders in it.
        const { rows: inconsistent } = await sql<{ id: string }>`
          select p.id from pay_package p
          left join pay_order o
            on o.organization_id = p.organization_id and o.pay_package_id = p.id
          group by p.id, p.order_count, p.total_amount
          having p.order_count <> count(o.id) or p.total_amount <> coalesce(sum(o.amount), 0)
        `.execute(db);
        expect(inconsistent).toEqual([]);

        // After the sweep, every blob has its row and every row its blob.
        const blobs = createBlobStore({ dataDir, storage: { kind: 'local' } });
        const future = new Date(Date.now() + 60_000);
        await sweepOrphans(blobs, (ids) => referencedBlobs(db, ids), {
          olderThan: future,
          temporaryOlderThan: future,
        });
        const { rows: files } = await sql<{ blob_id: string }>`
          select distinct blob_id from doc_file
        `.execute(db);
        const stored: string[] = [];
        for await (const blob of blobs.list()) stored.push(blob.id);
        expect(stored.sort()).toEqual(files.map((f) => f.blob_id).sort());
      } finally {
        await database.close();
      }
    },
  );
});
