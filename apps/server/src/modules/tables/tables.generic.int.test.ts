import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { TableRecord } from '@listina/contract';
import { tablePath } from '@listina/contract';
import {
  blankOf,
  canCreate,
  canDelete,
  changeOf,
  listed,
  nextN,
  tableCalls,
  useTableSuite,
  wrongValues,
} from '../../../test/table-suite';
import { uuidv7 } from '../../lib/ids';
import type { EntityDef } from './entity';
import { referencesOf } from './references';

/**
 * One suite for every listed entity definition: list, CRUD, validation, undo and audit run
 * from the definition and its sample(), so a new entity is covered without new tests. Tables
 * whose records are not created here (the organisation, its members, roles) run it on a
 * record they list. Tenant isolation: tables.tenant; nested rows: tables.nested.
 */
const suite = useTableSuite();
const { read, put, post, create, listAll, someRecord, update } = tableCalls(suite);

interface AuditEntry {
  action: string;
  at: string;
  user: string | null;
  changes: { field: string; before: unknown; after: unknown }[];
}

const undo = (undoId: string, headers = suite.headers) =>
  suite.t.app.inject({ method: 'POST', url: `/api/undo/${undoId}`, headers });

describe.each(listed.map((e) => [e.name, e] as const))('table %s', (_name, entity: EntityDef) => {
  if (canCreate(entity)) {
    it('creates a valid record and reads back what was saved', async () => {
      const { item } = await create(entity);
      expect((await read(entity, item.key)).json()).toEqual(item);
      const sample = entity.sample(nextN());
      for (const column of entity.columns.filter((c) => c.name in sample && !c.normalise)) {
        expect(item[column.name] !== undefined, column.name).toBe(true);
      }
    });
  } else {
    it('refuses to create records here, and to delete them unless the table allows it', async () => {
      const before = await listAll(entity, 'count=1000');
      const created = await suite.t.app.inject({
        method: 'POST',
        url: `${tablePath(entity.name)}`,
        headers: suite.headers,
        payload: entity.sample(nextN()),
      });
      expect(created.statusCode).toBe(405);
      expect(created.json().error[0]).toMatchObject({ code: 'errors.notAllowedOnTable' });
      if (!canDelete(entity)) {
        const removed = await suite.t.app.inject({
          method: 'DELETE',
          url: `${tablePath(entity.name)}`,
          headers: suite.headers,
          payload: { keys: before.slice(0, 1) },
        });
        expect(removed.statusCode).toBe(405);
      }
      expect(await listAll(entity, 'count=1000')).toEqual(before);
    });
  }

  it('pages with a cursor through every row exactly once, in each declared sort', async () => {
    if (canCreate(entity)) for (let i = 0; i < 5; i++) await create(entity);
    const sortable = entity.columns.filter((c) => c.sort);
    for (const sort of [
      ...sortable.map((c) => `${c.name} asc`),
      ...sortable.map((c) => `${c.name} desc`),
    ]) {
      const single = await listAll(entity, `count=1000&sort=${encodeURIComponent(sort)}`);
      const paged = await listAll(
        entity,
        `count=${single.length > 200 ? 97 : 2}&sort=${encodeURIComponent(sort)}`,
      );
      expect(paged, sort).toEqual(single);
      expect(new Set(paged).size).toBe(paged.length);
    }
  });

  it('finds a saved record by search, ignoring case and accents', async () => {
    // A record saved through the engine, which writes its search text.
    const item = canCreate(entity)
      ? (await create(entity)).item
      : (await update(entity, await someRecord(entity))).item;
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
    const item = await someRecord(entity);
    const { column, value } = changeOf(entity, item);
    const changes = { [column.name]: value };
    const ok = await put(entity, item.key, { ...changes, version: item.version });
    expect(ok.statusCode, ok.body).toBe(200);
    const stale = await put(entity, item.key, { ...changes, version: item.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error[0].code).toBe('errors.staleVersion');
    expect((await read(entity, item.key)).json()).toEqual(ok.json().item);
  });

  it('refuses a record without a required field (400 on the field) and writes nothing', async () => {
    const required = entity.columns.find((c) => c.field.validation?.required && !c.serverOwned);
    if (!required) return;
    const before = await listAll(entity, 'count=1000');
    const item = await someRecord(entity);
    const payload = { ...entity.sample(nextN()), [required.name]: blankOf(required) };
    const responses = [await put(entity, item.key, { ...payload, version: item.version })];
    if (canCreate(entity)) {
      responses.push(await post(entity, payload));
    }
    for (const res of responses) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toContainEqual(
        expect.objectContaining({ code: 'validation.required', field: required.name }),
      );
    }
    expect((await read(entity, item.key)).json()).toEqual(item);
    expect((await listAll(entity, 'count=1000')).sort()).toEqual(
      [...new Set([...before, item.key])].sort(),
    );
  });

  it('refuses a reference to no record of its table with 400 on the field, writing nothing', async () => {
    const references = referencesOf(entity);
    if (references.length === 0) return;
    const item = await someRecord(entity);
    for (const { column, sqlType } of references) {
      // Well-formed for the field's own rules (a country is two capitals), but no such record.
      const missing = { bigint: 987654321, uuid: uuidv7(), text: 'QQ' }[sqlType];
      const payload = { ...entity.sample(nextN()), [column.name]: missing };
      const responses = [await put(entity, item.key, { ...payload, version: item.version })];
      if (canCreate(entity)) responses.push(await post(entity, payload));
      for (const res of responses) {
        expect(res.statusCode, column.name).toBe(400);
        expect(res.json().error).toContainEqual(
          expect.objectContaining({
            code: 'errors.unknownReference',
            field: column.name,
            msg: `${String(missing)} is not in the list this field takes its values from.`,
          }),
        );
      }
    }
    expect((await read(entity, item.key)).json()).toEqual(item);
  });

  it('refuses a value of the wrong type in any column or nested row with 400 on the field, writing nothing', async () => {
    const before = await listAll(entity, 'count=1000');
    const item = await someRecord(entity);
    const expectRefused = async (payload: Record<string, unknown>, code: string, field: string) => {
      const responses = [await put(entity, item.key, { ...payload, version: item.version })];
      if (canCreate(entity)) {
        responses.push(await post(entity, { ...entity.sample(nextN()), ...payload }));
      }
      for (const res of responses) {
        expect(res.statusCode, `${JSON.stringify(payload)}: ${res.body}`).toBe(400);
        const error = res.json<{ error: { code: string; field?: string; msg: string }[] }>().error;
        expect(error).toContainEqual(expect.objectContaining({ code, field }));
        expect(error.find((e) => e.field === field)?.msg).not.toBe(code);
      }
    };
    for (const column of entity.columns.filter((c) => !c.serverOwned)) {
      for (const [value, code] of wrongValues(column)) {
        await expectRefused({ [column.name]: value }, code, column.name);
      }
    }
    for (const array of entity.arrays ?? []) {
      await expectRefused({ [array.name]: 'x' }, 'validation.type.list', array.name);
      await expectRefused({ [array.name]: [5] }, 'validation.type.row', `${array.name}.0`);
      const row = array.entity.sample(nextN());
      for (const column of array.entity.columns.filter((c) => !c.serverOwned)) {
        const [[value, code]] = wrongValues(column) as [[unknown, string]];
        await expectRefused(
          { [array.name]: [{ ...row, id: -1, [column.name]: value }] },
          code,
          `${array.name}.0.${column.name}`,
        );
      }
    }
    expect((await listAll(entity, 'count=1000')).sort()).toEqual(
      [...new Set([...before, item.key])].sort(),
    );
    expect((await read(entity, item.key)).json()).toEqual(item);
  });

  if (canCreate(entity) && canDelete(entity)) {
    it('deletes, undoes the delete, undoes a create, and refuses undo after a later change or by another user', async () => {
      const { item, undoId: createUndo } = await create(entity);
      const del = await suite.t.app.inject({
        method: 'DELETE',
        url: `${tablePath(entity.name)}`,
        headers: suite.headers,
        payload: { keys: [item.key] },
      });
      expect(del.json()).toMatchObject({ deleted: 1 });
      expect((await read(entity, item.key)).statusCode).toBe(404);
      expect((await undo(del.json().undoId, suite.otherUserHeaders)).statusCode).toBe(404);
      const undone = await undo(del.json().undoId);
      expect(undone.statusCode, undone.body).toBe(200);
      expect((await read(entity, item.key)).json()).toEqual(item);
      // The create's undo deletes the row the delete-undo put back at the same version.
      expect((await undo(createUndo)).statusCode).toBe(200);
      expect((await read(entity, item.key)).statusCode).toBe(404);

      const second = await create(entity);
      await put(entity, second.item.key, { version: second.item.version });
      const late = await undo(second.undoId);
      expect(late.statusCode).toBe(409);
      expect(late.json().error[0].code).toBe('errors.undoChanged');
      expect((await read(entity, second.item.key)).statusCode).toBe(200);
    });
  }

  it('undoes an update, only for its user and only while nothing changed since', async () => {
    const item = await someRecord(entity);
    const first = await update(entity, item);
    expect((await undo(first.undoId, suite.otherUserHeaders)).statusCode).toBe(404);
    expect((await undo(first.undoId)).statusCode).toBe(200);
    const { version: _before, ...was } = item;
    expect((await read(entity, item.key)).json()).toMatchObject(was);

    const current = (await read(entity, item.key)).json<TableRecord>();
    const second = await update(entity, current);
    await put(entity, item.key, { version: second.item.version });
    const late = await undo(second.undoId);
    expect(late.statusCode).toBe(409);
    expect(late.json().error[0].code).toBe('errors.undoChanged');
  });

  it('keeps a field-level audit per record: who, when, each field before and after', async () => {
    const created = canCreate(entity) ? (await create(entity)).item : undefined;
    const item = created ?? (await someRecord(entity));
    const startedAt = Date.now();
    const { column, item: saved } = await update(entity, item);
    const res = await suite.t.app.inject({
      url: `${tablePath(entity.name)}/${item.key}/audit`,
      headers: suite.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const entries = res.json<{ items: AuditEntry[] }>().items;
    if (created) {
      expect(entries.map((e) => e.action)).toEqual(['create', 'update']);
      expect(entries[0]?.changes).toContainEqual({
        field: column.name,
        before: null,
        after: created[column.name],
      });
    }
    const last = entries[entries.length - 1];
    expect(last).toMatchObject({ action: 'update', user: suite.writer.username });
    expect(last?.changes).toEqual([
      { field: column.name, before: item[column.name], after: saved[column.name] },
    ]);
    const at = Date.parse(last?.at ?? '');
    expect(at).toBeGreaterThanOrEqual(startedAt - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('refuses an undo done twice (409) or after its window (409), changing nothing', async () => {
    const item = await someRecord(entity);
    const first = await update(entity, item);
    expect((await undo(first.undoId)).statusCode).toBe(200);
    const restored = (await read(entity, item.key)).json<TableRecord>();
    const twice = await undo(first.undoId);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error[0]).toMatchObject({
      code: 'errors.undoDone',
      msg: 'This action was already undone.',
    });
    expect((await read(entity, item.key)).json()).toEqual(restored);

    const late = await update(entity, restored);
    await sql`update undo_action set expires_at = now() - interval '1 second'
              where key = ${late.undoId}`.execute(suite.t.database.db);
    const expired = await undo(late.undoId);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().error[0]).toMatchObject({
      code: 'errors.undoExpired',
      msg: 'It is too late to undo this action.',
    });
    expect((await read(entity, item.key)).json()).toEqual(late.item);
  });

  it('answers bad list parameters with a 4xx naming the problem', async () => {
    const get = (query: string) =>
      suite.t.app.inject({ url: `${tablePath(entity.name)}?${query}`, headers: suite.headers });
    const bad = await get('sort=nosuchfield');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error[0]).toMatchObject({ code: 'errors.unknownSortKey', field: 'sort' });
    expect((await get('cursor=garbage')).json().error[0].code).toBe('errors.badCursor');
    expect((await get('count=5000')).json().error[0]).toMatchObject({
      code: 'validation.tooBig',
      field: 'count',
    });
  });
});
