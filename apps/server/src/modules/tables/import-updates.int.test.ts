import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TableRecord } from '@listina/contract';
import { tablePath } from '@listina/contract';
import {
  createOrganization,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from '../../../test/factories';
import type { EntityDef } from './entity';
import type { UndoOperation } from './journal';
import { engineColumnsOf } from './model';
import { ENTITIES } from './registry';
import type * as Repository from './tables.repository';

/**
 * Changed rows of an import are written by updateRecords (save-many.ts), one statement per
 * chunk: the same version check and the same journal as updateRecord, which a PUT uses.
 */

/** A record key whose row another writer changes right after the import has read it. */
const race = vi.hoisted(() => ({ key: undefined as string | undefined }));

vi.mock('./tables.repository', async (importOriginal) => {
  const actual = await importOriginal<typeof Repository>();
  return {
    ...actual,
    findRows: async (...args: Parameters<typeof actual.findRows>) => {
      const rows = await actual.findRows(...args);
      const [trx, entity] = args;
      const raced = rows.find((row) => String(row.key) === race.key);
      if (raced) {
        race.key = undefined;
        await sql`update ${sql.table(entity.table)} set version = version + 1
                  where id = ${raced.id}`.execute(trx);
      }
      return rows;
    },
  };
});

let t: TestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const writer = await createUser(t, { roles: ['sysadmin'] });
  const org = await createOrganization(t, { [writer.id]: ['orgadmin'] });
  headers = { authorization: (await login(t, writer.username)).apikey, 'organization-id': org.key };
});
afterAll(() => t.close());

const byName = (name: string) => ENTITIES.find((e) => e.name === name) as EntityDef;
const partner = byName('partner');
const vatRate = byName('vatRate');
let counter = 7000;

/** Imports rows of twins (equal but for their code), so warnings about each other are ignored. */
function importFile(entity: EntityDef, lines: string[]) {
  const boundary = `----listina${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="rows.csv"\r\n` +
        'Content-Type: text/csv\r\n\r\n',
    ),
    Buffer.from(lines.map((line) => `${line}\r\n`).join('')),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `${tablePath(entity.name)}/import?ignoreWarnings=true`,
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

/** Creates twins (records equal but for their code): warnings about each other are ignored. */
async function create(entity: EntityDef, body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${tablePath(entity.name)}?ignoreWarnings=true`,
    headers,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ item: TableRecord }>().item;
}

async function read(entity: EntityDef, key: string) {
  const res = await t.app.inject({ url: `${tablePath(entity.name)}/${key}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TableRecord>();
}

async function auditOf(entity: EntityDef, key: string) {
  const res = await t.app.inject({ url: `${tablePath(entity.name)}/${key}/audit`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: { action: string; changes: unknown[] }[] }>().items;
}

async function undoOperations(undoId: string) {
  const result = await sql<{ operations: UndoOperation[] }>`
    select operations from undo_action where key = ${undoId}
  `.execute(t.database.db);
  return result.rows[0]?.operations ?? [];
}

/** A row's values apart from the engine's own columns, and those columns. */
function splitEngineColumns(entity: EntityDef, row: Record<string, unknown>) {
  const engine = new Set(engineColumnsOf(entity));
  const entries = Object.entries(row);
  return [
    Object.fromEntries(entries.filter(([column]) => !engine.has(column))),
    Object.fromEntries(entries.filter(([column]) => engine.has(column))),
  ] as const;
}

/** A PUT of change on one record, the import of the same change on its twin: same journal. */
async function compareWithPut(
  entity: EntityDef,
  twins: [TableRecord, TableRecord][],
  changes: Record<string, unknown>[],
  file: string[],
) {
  const putUndo: UndoOperation[] = [];
  for (const [index, [viaPut]] of twins.entries()) {
    const res = await t.app.inject({
      method: 'PUT',
      url: `${tablePath(entity.name)}/${viaPut.key}?ignoreWarnings=true`,
      headers,
      payload: { version: viaPut.version, ...changes[index] },
    });
    expect(res.statusCode, res.body).toBe(200);
    putUndo.push(...(await undoOperations(res.json().undoId)));
  }
  const imported = await importFile(entity, file);
  expect(imported.statusCode, imported.body).toBe(200);
  expect(imported.json()).toMatchObject({ created: 0, updated: twins.length, unchanged: 0 });
  const importUndo = await undoOperations(imported.json().undoId);
  expect(importUndo).toHaveLength(twins.length);
  for (const [index, [viaPut, viaImport]] of twins.entries()) {
    const [putAudit, importAudit] = [
      await auditOf(entity, viaPut.key),
      await auditOf(entity, viaImport.key),
    ];
    expect(importAudit.map((a) => a.action)).toEqual(['create', 'update']);
    expect(importAudit).toHaveLength(putAudit.length);
    expect(importAudit.at(-1)?.changes).toEqual(putAudit.at(-1)?.changes);
    const [put, batched] = [putUndo[index], importUndo[index]];
    if (put?.kind !== 'updated' || batched?.kind !== 'updated') throw new Error('not updates');
    // The engine's columns (search text, sort keys) hold the twins' different codes.
    const [putBefore, putEngine] = splitEngineColumns(entity, put.before);
    const [batchedBefore, batchedEngine] = splitEngineColumns(entity, batched.before);
    expect(batched).toMatchObject({ kind: 'updated', entity: entity.name, key: viaImport.key });
    expect(batched.id).toBe(String(viaImport.id));
    expect(batched.version).toBe(put.version);
    expect(batchedBefore).toEqual(putBefore);
    expect(Object.keys(batchedEngine)).toEqual(Object.keys(putEngine));
    expect(Object.values(batchedEngine).every((v) => typeof v === 'string')).toBe(true);
    const [afterPut, afterImport] = [
      await read(entity, viaPut.key),
      await read(entity, viaImport.key),
    ];
    // Their standing messages name each other (the same VAT ID): apart from that, the same.
    const strip = ({
      id: _i,
      key: _k,
      code: _c,
      displayTitle: _d,
      validations: _v,
      ...rest
    }: TableRecord) => rest;
    expect(strip(afterImport)).toEqual(strip(afterPut));
  }
}

describe('import of changed rows', () => {
  it('journals each changed row as a PUT of the same change does (audit and undo)', async () => {
    const n = counter++;
    const base: Record<string, unknown> = { ...partner.sample(n), bankAccounts: [] };
    const twin = async (suffix: string, vatId: string | null) => [
      await create(partner, { ...base, code: `TA${n}${suffix}`, vatId }),
      await create(partner, { ...base, code: `TB${n}${suffix}`, vatId }),
    ];
    const [a1, b1] = await twin('x', 'ATU11111111');
    const [a2, b2] = await twin('y', null);
    if (!a1 || !b1 || !a2 || !b2) throw new Error('twins missing');
    // Row one changes the name only, row two the town and vatId: columns differ by row.
    await compareWithPut(
      partner,
      [
        [a1, b1],
        [a2, b2],
      ],
      [{ name: 'Twin renamed d.o.o.' }, { town: 'Ptuj', vatId: 'ATU22222222' }],
      [
        'code;name;town;vatId',
        `${String(b1.code)};Twin renamed d.o.o.;${String(base.town)};ATU11111111`,
        `${String(b2.code)};${String(base.name)};Ptuj;ATU22222222`,
      ],
    );
    const search = await t.app.inject({ url: `/api/cl/partner?search=ptuj`, headers });
    expect(search.json().items.map((i: TableRecord) => i.key)).toEqual(
      expect.arrayContaining([a2.key, b2.key]),
    );
  });

  it('writes decimal, date and boolean columns as a PUT does', async () => {
    const n = counter++;
    const base = vatRate.sample(n);
    const a = await create(vatRate, { ...base, code: `VA${n}` });
    const b = await create(vatRate, { ...base, code: `VB${n}` });
    await compareWithPut(
      vatRate,
      [[a, b]],
      [{ rate: '12.50', validTo: '2031-12-31', isActive: false }],
      ['code;rate;validTo;isActive', `${String(b.code)};12,50;31.12.2031;false`],
    );
  });

  it('refuses the whole import with 409 when a row changed after it was read, writing nothing', async () => {
    const items = [];
    for (let i = 0; i < 3; i++) items.push(await create(partner, partner.sample(counter++)));
    const before = await Promise.all(items.map((item) => read(partner, item.key)));
    const fresh = partner.sample(counter++);
    race.key = items[1]?.key;
    const res = await importFile(partner, [
      'code;name',
      ...items.map((item) => `${String(item.code)};Raced ${String(item.code)}`),
      `${String(fresh.code)};${String(fresh.name)}`,
    ]);
    expect(race.key).toBeUndefined();
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error).toEqual([
      {
        msg: 'Someone else changed this record meanwhile. Reload it and apply your change again.',
        code: 'errors.staleVersion',
        parameters: [],
        field: 'rows.3',
      },
    ]);
    expect(await Promise.all(items.map((item) => read(partner, item.key)))).toEqual(before);
    const created = await t.app.inject({
      url: `/api/cl/partner?search=${String(fresh.code)}`,
      headers,
    });
    expect(created.json().items).toEqual([]);
  });

  it('undoes an import of changed rows in one step, and refuses once a row changed since', async () => {
    const items = [];
    for (let i = 0; i < 4; i++) items.push(await create(partner, partner.sample(counter++)));
    const before = await Promise.all(items.map((item) => read(partner, item.key)));
    const lines = ['code;town', ...items.map((item) => `${String(item.code)};Undo town`)];
    const first = await importFile(partner, lines);
    expect(first.json()).toMatchObject({ updated: 4 });
    const undo = (id: string) => t.app.inject({ method: 'POST', url: `/api/undo/${id}`, headers });
    const undone = await undo(first.json().undoId);
    expect(undone.statusCode, undone.body).toBe(200);
    const restored = await Promise.all(items.map((item) => read(partner, item.key)));
    expect(restored.map((r) => r.town)).toEqual(before.map((r) => r.town));
    expect(restored.map((r) => r.version)).toEqual(before.map((r) => Number(r.version) + 2));
    for (const item of items)
      expect((await auditOf(partner, item.key)).map((a) => a.action)).toEqual([
        'create',
        'update',
        'undo',
      ]);

    const second = await importFile(partner, lines);
    expect(second.json()).toMatchObject({ updated: 4 });
    const [, raced] = items;
    if (!raced) throw new Error('no item');
    const current = await read(partner, raced.key);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/cl/partner/${raced.key}`,
      headers,
      payload: { version: current.version, name: 'Changed since' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const refused = await undo(second.json().undoId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error[0].code).toBe('errors.undoChanged');
    const after = await Promise.all(items.map((item) => read(partner, item.key)));
    expect(after.map((r) => r.town)).toEqual(items.map(() => 'Undo town'));
  });
});
