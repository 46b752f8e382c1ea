import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DEFAULT_PAGE_SIZE, type TableRecord } from '@listina/contract';
import { inScope } from '../../db/scope';
import {
  createOrganization,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from '../../../test/factories';
import type { EntityDef, ValueType } from './entity';
import { insertModels } from './defaults';
import { ENTITIES } from './registry';

/**
 * One suite for every listed entity definition: list, CRUD, validation, undo, audit and
 * tenant isolation run from the definition and its sample(), so a new entity is covered
 * without new tests.
 */
let t: TestApp;
let headers: Record<string, string>;
let foreignHeaders: Record<string, string>;
let otherUserHeaders: Record<string, string>;
/** The writer in another organisation of theirs, and under a header of one they are not in. */
let ownOtherHeaders: Record<string, string>;
let wrongHeaders: Record<string, string>;
let writerName: string;
let writerId: string;
let orgId: string;

beforeAll(async () => {
  t = await createTestApp();
  const writer = await createUser(t, { roles: ['sysadmin'] });
  writerName = writer.username;
  writerId = writer.id;
  const org = await createOrganization(t, { [writer.id]: ['orgadmin'] });
  orgId = org.id;
  const stranger = await createUser(t);
  const foreignOrg = await createOrganization(t, { [stranger.id]: ['orgadmin'] });
  const colleague = await createUser(t, { roles: ['sysadmin'] });
  await t.database.db
    .insertInto('organization_member')
    .values({ organization_id: org.id, user_id: colleague.id, roles: ['orgadmin'] })
    .execute();
  headers = { authorization: (await login(t, writer.username)).apikey, 'organization-id': org.key };
  foreignHeaders = {
    authorization: (await login(t, stranger.username)).apikey,
    'organization-id': foreignOrg.key,
  };
  otherUserHeaders = {
    authorization: (await login(t, colleague.username)).apikey,
    'organization-id': org.key,
  };
  const secondOrg = await createOrganization(t, { [writer.id]: ['orgadmin'] });
  ownOtherHeaders = { ...headers, 'organization-id': secondOrg.key };
  wrongHeaders = { ...headers, 'organization-id': foreignOrg.key };
});
afterAll(() => t.close());

const listed = ENTITIES.filter((e) => !e.hidden);
// Tables whose records are created through the table calls (not the organisation itself).
const creatable = listed.filter((e) => e.canCreate !== false);
let counter = 1000;

/** Values of the wrong JSON type (or unreadable) for a column of each type. */
const WRONG_VALUES: Record<ValueType, unknown[]> = {
  text: [{ a: 1 }, 12, true, ['x']],
  int: ['abc', 1.5, true, { a: 1 }],
  decimal: ['abc', '1,5', true, { a: 1 }],
  bool: ['yes', 1, { a: 1 }],
  date: ['not a date', '2024-02-30', 20240101, { a: 1 }],
  timestamp: ['not a time', '2024-02-30T10:00:00Z', 5, { a: 1 }],
};

async function create(entity: EntityDef, n = counter++) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/cl/${entity.name}`,
    headers,
    payload: entity.sample(n),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ item: TableRecord; undoId: string }>();
}

async function listAll(entity: EntityDef, query: string, h = headers) {
  const keys: string[] = [];
  let cursor: string | null = '';
  while (cursor !== null) {
    const suffix: string = cursor ? `&cursor=${cursor}` : '';
    const res = await t.app.inject({ url: `/api/cl/${entity.name}?${query}${suffix}`, headers: h });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ items: TableRecord[]; nextCursor: string | null }>();
    keys.push(...body.items.map((i) => i.key));
    cursor = body.nextCursor;
  }
  return keys;
}

const read = (entity: EntityDef, key: string, h = headers) =>
  t.app.inject({ url: `/api/cl/${entity.name}/${key}`, headers: h });

const put = (entity: EntityDef, key: string, payload: Record<string, unknown>, h = headers) =>
  t.app.inject({ method: 'PUT', url: `/api/cl/${entity.name}/${key}`, headers: h, payload });

interface AuditEntry {
  action: string;
  at: string;
  user: string | null;
  changes: { field: string; before: unknown; after: unknown }[];
}

/** A column an update may change to the sample's other value: plain text, else a checkbox. */
function editableColumn(entity: EntityDef, item: TableRecord, sample: Record<string, unknown>) {
  const column =
    entity.columns.find(
      (c) =>
        c.type === 'text' &&
        !c.unique &&
        !c.normalise &&
        !c.serverOwned &&
        typeof sample[c.name] === 'string' &&
        sample[c.name] !== item[c.name],
    ) ?? entity.columns.find((c) => c.type === 'bool' && !c.serverOwned);
  if (!column) throw new Error(`${entity.name} has no column an update could change`);
  return column;
}

describe.each(creatable.map((e) => [e.name, e] as const))('table %s', (_name, entity) => {
  it('creates a valid record and reads back what was saved', async () => {
    const { item } = await create(entity);
    const res = await read(entity, item.key);
    expect(res.json()).toEqual(item);
    const sample = entity.sample(counter);
    for (const column of entity.columns.filter((c) => c.name in sample && !c.normalise)) {
      expect(item[column.name] === null || item[column.name] !== undefined, column.name).toBe(true);
    }
  });

  it('pages with a cursor through every row exactly once, in each declared sort', async () => {
    for (let i = 0; i < 5; i++) await create(entity);
    const sortable = entity.columns.filter((c) => c.sort);
    for (const sort of [
      ...sortable.map((c) => `${c.name} asc`),
      ...sortable.map((c) => `${c.name} desc`),
    ]) {
      const single = await listAll(entity, `count=1000&sort=${encodeURIComponent(sort)}`);
      const paged = await listAll(
        entity,
        `count=${entity.scope === 'global' ? 97 : 2}&sort=${encodeURIComponent(sort)}`,
      );
      expect(paged, sort).toEqual(single);
      expect(new Set(paged).size).toBe(paged.length);
    }
  });

  it('finds a record by search, ignoring case and accents', async () => {
    const { item } = await create(entity);
    const column = entity.columns.find(
      (c) => c.search && typeof item[c.name] === 'string' && (item[c.name] as string).length > 2,
    );
    if (!column) throw new Error(`${entity.name} has no text search column`);
    const term = (item[column.name] as string)
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toUpperCase();
    const keys = await listAll(entity, `count=1000&search=${encodeURIComponent(term)}`);
    expect(keys).toContain(item.key);
  });

  it('updates at the current version and refuses a stale one with 409, changing nothing', async () => {
    const { item } = await create(entity);
    const fresh = entity.sample(counter++);
    const text = entity.columns.find(
      (c) => c.type === 'text' && !c.unique && !c.normalise && c.name in fresh && c.name !== 'code',
    );
    const changes = text ? { [text.name]: fresh[text.name] } : {};
    const ok = await t.app.inject({
      method: 'PUT',
      url: `/api/cl/${entity.name}/${item.key}`,
      headers,
      payload: { ...changes, version: item.version },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const stale = await t.app.inject({
      method: 'PUT',
      url: `/api/cl/${entity.name}/${item.key}`,
      headers,
      payload: { ...changes, version: item.version },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error[0].code).toBe('errors.staleVersion');
    expect((await read(entity, item.key)).json()).toEqual(ok.json().item);
  });

  it('refuses a record without a required field (400 on the field) and writes nothing', async () => {
    const required = entity.columns.find((c) => c.field.validation?.required && !c.serverOwned);
    if (!required) return;
    const before = await listAll(entity, 'count=1000');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/cl/${entity.name}`,
      headers,
      payload: { ...entity.sample(counter++), [required.name]: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContainEqual(
      expect.objectContaining({ code: 'validation.required', field: required.name }),
    );
    expect(await listAll(entity, 'count=1000')).toEqual(before);
  });

  it('refuses a value of the wrong type in any column or nested row with 400 on the field, writing nothing', async () => {
    const before = await listAll(entity, 'count=1000');
    const { item } = await create(entity);
    const expectRefused = async (payload: Record<string, unknown>, code: string, field: string) => {
      const created = await t.app.inject({
        method: 'POST',
        url: `/api/cl/${entity.name}`,
        headers,
        payload: { ...entity.sample(counter++), ...payload },
      });
      const updated = await t.app.inject({
        method: 'PUT',
        url: `/api/cl/${entity.name}/${item.key}`,
        headers,
        payload: { ...payload, version: item.version },
      });
      for (const res of [created, updated]) {
        expect(res.statusCode, `${JSON.stringify(payload)}: ${res.body}`).toBe(400);
        const error = res.json<{ error: { code: string; field?: string; msg: string }[] }>().error;
        expect(error).toContainEqual(expect.objectContaining({ code, field }));
        expect(error.find((e) => e.field === field)?.msg).not.toBe(code);
      }
    };
    for (const column of entity.columns.filter((c) => !c.serverOwned)) {
      for (const value of WRONG_VALUES[column.type]) {
        await expectRefused(
          { [column.name]: value },
          `validation.type.${column.type}`,
          column.name,
        );
      }
    }
    for (const array of entity.arrays ?? []) {
      await expectRefused({ [array.name]: 'x' }, 'validation.type.list', array.name);
      await expectRefused({ [array.name]: [5] }, 'validation.type.row', `${array.name}.0`);
      const row = array.entity.sample(counter++);
      for (const column of array.entity.columns.filter((c) => !c.serverOwned)) {
        const [value] = WRONG_VALUES[column.type];
        await expectRefused(
          { [array.name]: [{ ...row, id: -1, [column.name]: value }] },
          `validation.type.${column.type}`,
          `${array.name}.0.${column.name}`,
        );
      }
    }
    expect((await listAll(entity, 'count=1000')).sort()).toEqual([...before, item.key].sort());
    expect((await read(entity, item.key)).json()).toEqual(item);
  });

  it('deletes, undoes the delete, undoes a create, and refuses undo after a later change or by another user', async () => {
    const { item, undoId: createUndo } = await create(entity);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/cl/${entity.name}`,
      headers,
      payload: { keys: [item.key] },
    });
    expect(del.json()).toMatchObject({ deleted: 1 });
    expect((await read(entity, item.key)).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/undo/${del.json().undoId}`,
          headers: otherUserHeaders,
        })
      ).statusCode,
    ).toBe(404);
    const undo = await t.app.inject({
      method: 'POST',
      url: `/api/undo/${del.json().undoId}`,
      headers,
    });
    expect(undo.statusCode, undo.body).toBe(200);
    expect((await read(entity, item.key)).json()).toEqual(item);
    // The create's undo would delete a row the delete-undo re-created at the same version: allowed.
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/undo/${createUndo}`, headers })).statusCode,
    ).toBe(200);
    expect((await read(entity, item.key)).statusCode).toBe(404);

    const second = await create(entity);
    await t.app.inject({
      method: 'PUT',
      url: `/api/cl/${entity.name}/${second.item.key}`,
      headers,
      payload: { version: second.item.version },
    });
    const late = await t.app.inject({ method: 'POST', url: `/api/undo/${second.undoId}`, headers });
    expect(late.statusCode).toBe(409);
    expect(late.json().error[0].code).toBe('errors.undoChanged');
    expect((await read(entity, second.item.key)).statusCode).toBe(200);
  });

  it('keeps a field-level audit per record: who, when, each field before and after', async () => {
    const { item } = await create(entity);
    const fresh = entity.sample(counter++);
    const column = editableColumn(entity, item, fresh);
    const after = column.type === 'bool' ? !item[column.name] : fresh[column.name];
    const startedAt = Date.now();
    const saved = await put(entity, item.key, { [column.name]: after, version: item.version });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await t.app.inject({ url: `/api/cl/${entity.name}/${item.key}/audit`, headers });
    expect(res.statusCode, res.body).toBe(200);
    const entries = res.json<{ items: AuditEntry[] }>().items;
    expect(entries.map((e) => e.action)).toEqual(['create', 'update']);
    expect(entries[0]?.changes).toContainEqual({
      field: column.name,
      before: null,
      after: item[column.name],
    });
    const update = entries[1];
    expect(update).toMatchObject({ user: writerName });
    expect(update?.changes).toEqual([
      { field: column.name, before: item[column.name], after: saved.json().item[column.name] },
    ]);
    const at = Date.parse(update?.at ?? '');
    expect(at).toBeGreaterThanOrEqual(startedAt - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('refuses an undo done twice (409) or after its window (409), changing nothing', async () => {
    const { item } = await create(entity);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/cl/${entity.name}`,
      headers,
      payload: { keys: [item.key] },
    });
    const undoId = del.json<{ undoId: string }>().undoId;
    const undo = () => t.app.inject({ method: 'POST', url: `/api/undo/${undoId}`, headers });
    expect((await undo()).statusCode).toBe(200);
    const twice = await undo();
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error[0]).toMatchObject({
      code: 'errors.undoDone',
      msg: 'This action was already undone.',
    });
    expect((await read(entity, item.key)).json()).toEqual(item);

    const late = await create(entity);
    await sql`update undo_action set expires_at = now() - interval '1 second'
              where key = ${late.undoId}`.execute(t.database.db);
    const expired = await t.app.inject({
      method: 'POST',
      url: `/api/undo/${late.undoId}`,
      headers,
    });
    expect(expired.statusCode).toBe(409);
    expect(expired.json().error[0]).toMatchObject({
      code: 'errors.undoExpired',
      msg: 'It is too late to undo this action.',
    });
    expect((await read(entity, late.item.key)).json()).toEqual(late.item);
  });

  it('answers bad list parameters with a 4xx naming the problem', async () => {
    const bad = await t.app.inject({ url: `/api/cl/${entity.name}?sort=nosuchfield`, headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error[0]).toMatchObject({ code: 'errors.unknownSortKey', field: 'sort' });
    expect(
      (await t.app.inject({ url: `/api/cl/${entity.name}?cursor=garbage`, headers })).json()
        .error[0].code,
    ).toBe('errors.badCursor');
    expect(
      (await t.app.inject({ url: `/api/cl/${entity.name}?count=5000`, headers })).json().error[0],
    ).toMatchObject({ code: 'validation.tooBig', field: 'count' });
  });

  it('refuses every call under the header of an organisation the user is not in (403), changing nothing', async () => {
    const { item, undoId } = await create(entity);
    const before = await listAll(entity, 'count=1000');
    const calls: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object }[] = [
      { method: 'GET', url: `/api/cl/${entity.name}` },
      { method: 'GET', url: `/api/cl/${entity.name}/${item.key}` },
      { method: 'GET', url: `/api/cl/${entity.name}/${item.key}/audit` },
      { method: 'GET', url: `/api/cl/schema/${entity.name}` },
      { method: 'GET', url: `/api/cl/default.model/${entity.name}` },
      { method: 'POST', url: `/api/cl/${entity.name}`, payload: entity.sample(counter++) },
      {
        method: 'PUT',
        url: `/api/cl/${entity.name}/${item.key}`,
        payload: { ...entity.sample(counter++), version: item.version },
      },
      { method: 'DELETE', url: `/api/cl/${entity.name}`, payload: { keys: [item.key] } },
      { method: 'POST', url: `/api/undo/${undoId}` },
      { method: 'POST', url: `/api/cl/${entity.name}/export?format=csv`, payload: {} },
    ];
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: wrongHeaders });
      expect(res.statusCode, `${call.method} ${call.url}: ${res.body}`).toBe(403);
      expect(res.json().error[0].code).toBe('errors.notMember');
    }
    expect(await listAll(entity, 'count=1000')).toEqual(before);
    expect((await read(entity, item.key)).json()).toEqual(item);
  });

  if (entity.scope === 'tenant') {
    it('never shows or changes a record of another organisation', async () => {
      const { item } = await create(entity);
      expect((await read(entity, item.key, foreignHeaders)).statusCode).toBe(404);
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/cl/${entity.name}/${item.key}`,
        headers: foreignHeaders,
        payload: { version: item.version },
      });
      expect(put.statusCode).toBe(404);
      const del = await t.app.inject({
        method: 'DELETE',
        url: `/api/cl/${entity.name}`,
        headers: foreignHeaders,
        payload: { keys: [item.key] },
      });
      expect(del.statusCode).toBe(404);
      expect(await listAll(entity, 'count=1000', foreignHeaders)).not.toContain(item.key);
      const crossHeader = await read(entity, item.key, {
        ...headers,
        'organization-id': foreignHeaders['organization-id'] ?? '',
      });
      expect(crossHeader.statusCode).toBe(403);
      expect((await read(entity, item.key)).json()).toEqual(item);
    });

    it("never shows another organisation's audit nor undoes an action from there, by key or undo id", async () => {
      const { item, undoId } = await create(entity);
      for (const h of [foreignHeaders, ownOtherHeaders]) {
        const audit = await t.app.inject({
          url: `/api/cl/${entity.name}/${item.key}/audit`,
          headers: h,
        });
        expect(audit.statusCode).toBe(404);
        expect((await read(entity, item.key, h)).statusCode).toBe(404);
        expect(await listAll(entity, 'count=1000', h)).not.toContain(item.key);
        const undo = await t.app.inject({ method: 'POST', url: `/api/undo/${undoId}`, headers: h });
        expect(undo.statusCode).toBe(404);
        expect(undo.json().error[0].code).toBe('errors.undoNotFound');
      }
      expect((await read(entity, item.key)).json()).toEqual(item);
      // Still there to be undone in its own organisation.
      expect(
        (await t.app.inject({ method: 'POST', url: `/api/undo/${undoId}`, headers })).statusCode,
      ).toBe(200);
    });
  } else {
    it('shares its reference data with every organisation, but only sysadmins change it', async () => {
      const { item } = await create(entity);
      expect((await read(entity, item.key, foreignHeaders)).json()).toEqual(item);
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/cl/${entity.name}/${item.key}`,
        headers: foreignHeaders,
        payload: { version: item.version },
      });
      expect(put.statusCode).toBe(403);
      expect(put.json().error[0].code).toBe('errors.noWriteRight');
      expect((await read(entity, item.key)).json()).toEqual(item);
    });
  }
});

/** A record of the table to work on: a new one, or the first listed where none can be made. */
async function someRecord(entity: EntityDef): Promise<TableRecord> {
  if (entity.canCreate !== false) return (await create(entity)).item;
  const [key] = await listAll(entity, 'count=1');
  if (!key) throw new Error(`${entity.name} lists no record`);
  return (await read(entity, key)).json<TableRecord>();
}

const flaggedArrays = listed.flatMap((entity) =>
  (entity.arrays ?? []).flatMap((array) =>
    array.oneTrue ? [[`${entity.name}.${array.name}`, entity, array] as const] : [],
  ),
);

describe.each(flaggedArrays)('one flagged row in %s', (_name, entity, array) => {
  const flag = array.oneTrue ?? '';
  const rowsOf = async (key: string) =>
    (await read(entity, key)).json<TableRecord>()[array.name] as TableRecord[];

  it('clears the stored default when a new one is chosen without resending it, and undo gives it back', async () => {
    const record = await someRecord(entity);
    const first = { ...array.entity.sample(counter++), id: -1, [flag]: true };
    const saved = await put(entity, record.key, { version: record.version, [array.name]: [first] });
    expect(saved.statusCode, saved.body).toBe(200);
    const [old] = (saved.json().item[array.name] as TableRecord[]).filter((r) => r[flag]);
    if (!old) throw new Error('no default saved');
    const chosen = { ...array.entity.sample(counter++), id: -1, [flag]: true };
    const moved = await put(entity, record.key, {
      version: saved.json().item.version,
      [array.name]: [chosen],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = await rowsOf(record.key);
    expect(after.filter((r) => r[flag]).map((r) => r.code)).toEqual([chosen.code]);
    expect(after.find((r) => r.key === old.key)).toMatchObject({ [flag]: false });

    const undo = await t.app.inject({
      method: 'POST',
      url: `/api/undo/${moved.json().undoId}`,
      headers,
    });
    expect(undo.statusCode, undo.body).toBe(200);
    const restored = await rowsOf(record.key);
    expect(restored.filter((r) => r[flag]).map((r) => r.key)).toEqual([old.key]);
    expect(restored.map((r) => r.code)).not.toContain(chosen.code);
  });

  it('clears the flag of a stored default sent again without it, and refuses two defaults in one request', async () => {
    const record = await someRecord(entity);
    const saved = await put(entity, record.key, {
      version: record.version,
      [array.name]: [{ ...array.entity.sample(counter++), id: -1, [flag]: true }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const item = saved.json<{ item: TableRecord }>().item;
    const old = (item[array.name] as TableRecord[]).find((r) => r[flag]);
    if (!old) throw new Error('no default saved');
    const twice = await put(entity, record.key, {
      version: item.version,
      [array.name]: [
        { ...array.entity.sample(counter++), id: -1, [flag]: true },
        { ...array.entity.sample(counter++), id: -2, [flag]: true },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error[0]).toMatchObject({
      code: 'errors.oneDefaultOnly',
      field: `${array.name}.1.${flag}`,
    });
    expect((await read(entity, record.key)).json()).toEqual(item);

    const { [flag]: _wasDefault, ...withoutFlag } = old;
    const chosen = { ...array.entity.sample(counter++), id: -1, [flag]: true };
    const moved = await put(entity, record.key, {
      version: item.version,
      [array.name]: [{ ...withoutFlag, displayText: 'Former default' }, chosen],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = await rowsOf(record.key);
    expect(after.filter((r) => r[flag]).map((r) => r.code)).toEqual([chosen.code]);
    expect(after.find((r) => r.key === old.key)).toMatchObject({
      [flag]: false,
      displayText: 'Former default',
    });
    // The database holds the rule too, whoever writes.
    const column = array.entity.columns.find((c) => c.name === flag)?.column ?? '';
    await expect(
      sql`update ${sql.table(array.entity.table)} set ${sql.ref(column)} = true
          where key = ${old.key}`.execute(t.database.db),
    ).rejects.toThrow(/one_default/);
  });
});

const nestedArrays = listed.flatMap((entity) =>
  (entity.arrays ?? []).map((array) => [`${entity.name}.${array.name}`, entity, array] as const),
);

describe.each(nestedArrays)('nested rows of %s', (_name, entity, array) => {
  const withoutVersion = (rows: TableRecord[]) =>
    rows
      .map(({ version: _version, ...row }) => row)
      .sort((a, b) => String(a.key).localeCompare(String(b.key)));

  it('removes rows marked for delete, updates and creates others in one save, and undo restores them', async () => {
    const record = await someRecord(entity);
    const newRow = (id: number): Record<string, unknown> => ({
      ...array.entity.sample(counter++),
      id,
    });
    const [a, b, c] = [newRow(-1), newRow(-2), newRow(-3)];
    const first = await put(entity, record.key, {
      version: record.version,
      [array.name]: [a, b, c],
    });
    expect(first.statusCode, first.body).toBe(200);
    const saved = first.json<{ item: TableRecord }>().item;
    const rows = saved[array.name] as TableRecord[];
    const byCode = (code: unknown) => rows.find((r) => r.code === code) as TableRecord;
    const [kept, removed, untouched] = [byCode(a.code), byCode(b.code), byCode(c.code)];
    const added = newRow(-1);
    const column = editableColumn(array.entity, kept, added);
    const change = column.type === 'bool' ? !kept[column.name] : added[column.name];

    const res = await put(entity, record.key, {
      version: saved.version,
      [array.name]: [
        { ...kept, [column.name]: change },
        { ...removed, markForDelete: true },
        added,
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await read(entity, record.key)).json<TableRecord>()[array.name] as TableRecord[];
    expect(after.map((r) => r.key)).not.toContain(removed.key);
    expect(after.find((r) => r.key === kept.key)).toMatchObject({
      [column.name]: change,
      version: Number(kept.version) + 1,
    });
    expect(after.find((r) => r.key === untouched.key)).toEqual(untouched);
    expect(after.find((r) => r.code === added.code)).toMatchObject({ id: expect.any(Number) });
    expect(after).toHaveLength(rows.length);

    const undo = await t.app.inject({
      method: 'POST',
      url: `/api/undo/${res.json().undoId}`,
      headers,
    });
    expect(undo.statusCode, undo.body).toBe(200);
    const restored = (await read(entity, record.key)).json<TableRecord>();
    expect(withoutVersion(restored[array.name] as TableRecord[])).toEqual(withoutVersion(rows));
    expect((restored[array.name] as TableRecord[]).find((r) => r.key === removed.key)).toEqual(
      removed,
    );
  });
});

describe('table calls in general', () => {
  it('refuses an unknown table', async () => {
    const res = await t.app.inject({ url: '/api/cl/nosuchtable', headers });
    expect(res.statusCode).toBe(404);
    expect(res.json().error[0].msg).toBe('There is no table nosuchtable.');
  });

  it('answers the model of a new record for every table, and 404 for an unknown or nested one', async () => {
    for (const entity of listed) {
      const res = await t.app.inject({ url: `/api/cl/default.model/${entity.name}`, headers });
      expect(res.statusCode, entity.name).toBe(200);
      const model = res.json<Record<string, unknown>>();
      expect(model, entity.name).toEqual(entity.defaultModel?.() ?? {});
      const fields = [...entity.columns, ...(entity.arrays ?? [])].map((f) => f.name);
      for (const name of Object.keys(model)) expect(fields, entity.name).toContain(name);
    }
    for (const name of ['nosuchtable', 'partnerBankAccount']) {
      const res = await t.app.inject({ url: `/api/cl/default.model/${name}`, headers });
      expect(res.statusCode).toBe(404);
      expect(res.json().error[0]).toMatchObject({
        code: 'errors.unknownTable',
        msg: `There is no table ${name}.`,
      });
    }
  });

  it('lists 300 rows and a cursor when no count is given, and the rest on the next page', async () => {
    const entity = ENTITIES.find((e) => e.name === 'costCenter');
    if (!entity) throw new Error('costCenter entity missing');
    const models = Array.from({ length: DEFAULT_PAGE_SIZE + 5 }, () => entity.sample(counter++));
    await inScope(t.database.db, { userId: writerId, organizationId: orgId }, (trx) =>
      insertModels(trx, entity, orgId, models),
    );
    const all = await listAll(entity, 'count=1000');
    expect(all.length).toBeGreaterThan(DEFAULT_PAGE_SIZE);
    const first = await t.app.inject({ url: `/api/cl/${entity.name}`, headers });
    const page = first.json<{ items: TableRecord[]; nextCursor: string | null }>();
    expect(page.items).toHaveLength(DEFAULT_PAGE_SIZE);
    expect(page.nextCursor).toEqual(expect.any(String));
    const next = await t.app.inject({
      url: `/api/cl/${entity.name}?cursor=${page.nextCursor ?? ''}`,
      headers,
    });
    const rest = next.json<{ items: TableRecord[]; nextCursor: string | null }>();
    expect(rest.nextCursor).toBeNull();
    expect([...page.items, ...rest.items].map((i) => i.key)).toEqual(all);
  });

  it('warns before deleting a cost centre that partners book to, and deletes it with ignoreWarnings', async () => {
    const costCenter = ENTITIES.find((e) => e.name === 'costCenter');
    const partner = ENTITIES.find((e) => e.name === 'partner');
    if (!costCenter || !partner) throw new Error('costCenter or partner entity missing');
    const { item: centre } = await create(costCenter);
    const { item: unused } = await create(costCenter);
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/cl/partner',
        headers,
        payload: { ...partner.sample(counter++), costCenterCode: centre.code },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const remove = (query = '') =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/cl/costCenter${query}`,
        headers,
        payload: { keys: [centre.key, unused.key] },
      });
    const warned = await remove();
    expect(warned.statusCode).toBe(400);
    expect(warned.json()).toMatchObject({
      error: [],
      warning: [
        {
          code: 'warnings.costCenter.inUse',
          parameters: [centre.code, '2'],
          msg: `Cost centre ${String(centre.code)} is the default cost centre of 2 partner(s); if you delete it anyway, they keep its code.`,
        },
      ],
    });
    expect((await read(costCenter, centre.key)).json()).toEqual(centre);
    expect((await read(costCenter, unused.key)).json()).toEqual(unused);
    const deleted = await remove('?ignoreWarnings=true');
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toMatchObject({ deleted: 2 });
    expect((await read(costCenter, centre.key)).statusCode).toBe(404);
  });

  it('lists the tables with their labels', async () => {
    const res = await t.app.inject({ url: '/api/cl', headers });
    expect(res.json().items.map((i: { name: string }) => i.name)).toEqual(
      listed.map((e) => e.name),
    );
  });
});

describe('nested arrays as lookups', () => {
  it("lists a partner's active bank accounts for a dropdown by customerKey, only in its organisation", async () => {
    const partner = ENTITIES.find((e) => e.name === 'partner');
    if (!partner) throw new Error('partner entity missing');
    const sample = partner.sample(counter++);
    const { item } = (
      await t.app.inject({
        method: 'POST',
        url: '/api/cl/partner',
        headers,
        payload: {
          ...sample,
          bankAccounts: [
            { id: -1, code: 'SI56191000000123438', isDefault: true },
            { id: -2, code: 'DE89370400440532013000', isActive: false },
          ],
        },
      })
    ).json<{ item: TableRecord }>();
    const res = await t.app.inject({
      url: `/api/cl/partnerBankAccount?customerKey=${item.key}&mode=dropdown`,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items.map((i: { code: string }) => i.code)).toEqual(['SI56191000000123438']);
    const foreign = await t.app.inject({
      url: `/api/cl/partnerBankAccount?customerKey=${item.key}&mode=dropdown`,
      headers: foreignHeaders,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/cl/partnerBankAccount', headers })).statusCode).toBe(
      404,
    );
  });
});
