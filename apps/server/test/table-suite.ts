import { afterAll, beforeAll, expect } from 'vitest';
import type { TableRecord } from '@listina/contract';
import { tablePath } from '@listina/contract';
import type { ColumnDef, EntityDef } from '../src/modules/tables/entity';
import { ENTITIES } from '../src/modules/tables/registry';
import { createOrganization, createTestApp, createUser, login, type TestApp } from './factories';

/**
 * The generic table suite's world, shared by its files (tables.generic, tables.tenant and
 * tables.nested): an app, an organisation whose orgadmin is also a sysadmin (so every table
 * is writable), another member, another organisation of the same writer and a stranger's
 * organisation; and calls that work from an entity definition and its sample() alone.
 */
export interface TableSuite {
  t: TestApp;
  headers: Record<string, string>;
  /** A stranger in their own organisation. */
  foreignHeaders: Record<string, string>;
  /** Another orgadmin (and sysadmin) of the organisation. */
  otherUserHeaders: Record<string, string>;
  /** The writer in another organisation of theirs. */
  ownOtherHeaders: Record<string, string>;
  /** The writer under the header of the stranger's organisation, where they are no member. */
  wrongHeaders: Record<string, string>;
  writer: { id: string; username: string };
  organizationId: string;
}

/**
 * Tables a request may name, and those whose records the table calls create. A table whose
 * every column is the server's (payment packages, built by the payments module) has nothing
 * a table call could write: its module's tests cover it.
 */
export const listed = ENTITIES.filter((e) => !e.hidden && e.columns.some((c) => !c.serverOwned));
export const creatable = listed.filter((e) => e.canCreate !== false);
export const canCreate = (entity: EntityDef) => entity.canCreate !== false;
export const canDelete = (entity: EntityDef) => entity.canDelete !== false;

let counter = 1000;
/** A sample number no other call of the file has used. */
export const nextN = () => counter++;

/** Registers the suite's beforeAll and afterAll; its fields are there once they have run. */
export function useTableSuite(): TableSuite {
  const suite = {} as TableSuite;
  beforeAll(async () => {
    const t = await createTestApp();
    const writer = await createUser(t, { roles: ['sysadmin'] });
    const org = await createOrganization(t, { [writer.id]: ['orgadmin'] });
    const stranger = await createUser(t);
    const foreignOrg = await createOrganization(t, { [stranger.id]: ['orgadmin'] });
    const colleague = await createUser(t, { roles: ['sysadmin'] });
    await t.database.db
      .insertInto('organization_member')
      .values({ organization_id: org.id, user_id: colleague.id, roles: ['orgadmin'] })
      .execute();
    const secondOrg = await createOrganization(t, { [writer.id]: ['orgadmin'] });
    const apikey = (await login(t, writer.username)).apikey;
    Object.assign(suite, {
      t,
      headers: { authorization: apikey, 'organization-id': org.key },
      foreignHeaders: {
        authorization: (await login(t, stranger.username)).apikey,
        'organization-id': foreignOrg.key,
      },
      otherUserHeaders: {
        authorization: (await login(t, colleague.username)).apikey,
        'organization-id': org.key,
      },
      ownOtherHeaders: { authorization: apikey, 'organization-id': secondOrg.key },
      wrongHeaders: { authorization: apikey, 'organization-id': foreignOrg.key },
      writer: { id: writer.id, username: writer.username },
      organizationId: org.id,
    } satisfies TableSuite);
  });
  afterAll(() => suite.t.close());
  return suite;
}

/** The table calls of an entity, as the writer unless other headers are given. */
export function tableCalls(suite: TableSuite) {
  const read = (entity: EntityDef, key: string, h = suite.headers) =>
    suite.t.app.inject({ url: `${tablePath(entity.name)}/${key}`, headers: h });

  const put = (
    entity: EntityDef,
    key: string,
    payload: Record<string, unknown>,
    h = suite.headers,
  ) =>
    suite.t.app.inject({
      method: 'PUT',
      url: `${tablePath(entity.name)}/${key}`,
      headers: h,
      payload,
    });

  /** A POST of a new record, answered as it comes. */
  const post = (entity: EntityDef, payload: Record<string, unknown>, h = suite.headers) =>
    suite.t.app.inject({ method: 'POST', url: `${tablePath(entity.name)}`, headers: h, payload });

  async function create(entity: EntityDef, n = nextN(), h = suite.headers) {
    const res = await post(entity, entity.sample(n), h);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ item: TableRecord; undoId: string }>();
  }

  /** Every key of a list, following the cursor. */
  async function listAll(entity: EntityDef, query: string, h = suite.headers) {
    const keys: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const suffix: string = cursor ? `&cursor=${cursor}` : '';
      const res = await suite.t.app.inject({
        url: `${tablePath(entity.name)}?${query}${suffix}`,
        headers: h,
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<{ items: TableRecord[]; nextCursor: string | null }>();
      keys.push(...body.items.map((i) => i.key));
      cursor = body.nextCursor;
    }
    return keys;
  }

  /** A record to work on: a new one, or the first listed of a table where none is created. */
  async function someRecord(entity: EntityDef): Promise<TableRecord> {
    if (canCreate(entity)) return (await create(entity)).item;
    const [key] = await listAll(entity, 'count=1');
    if (!key) throw new Error(`${entity.name} lists no record`);
    return (await read(entity, key)).json<TableRecord>();
  }

  /** An update of the record with another sample's value of one column, and its undoId. */
  async function update(entity: EntityDef, item: TableRecord) {
    const { column, value } = changeOf(entity, item);
    const res = await put(entity, item.key, {
      [column.name]: value,
      version: item.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    return { column, ...res.json<{ item: TableRecord; undoId: string }>() };
  }

  return { read, put, post, create, listAll, someRecord, update };
}

const differs = (a: unknown, b: unknown) => JSON.stringify(a) !== JSON.stringify(b);

/** A column an update may change to the sample's other value: text first, else a checkbox. */
export function editableColumn(
  entity: EntityDef,
  item: TableRecord,
  sample: Record<string, unknown>,
): ColumnDef | undefined {
  const writable = entity.columns.filter((c) => !c.serverOwned && !c.unique);
  const changes = (c: ColumnDef) => c.name in sample && differs(sample[c.name], item[c.name]);
  return (
    writable.find((c) => c.type === 'text' && !c.normalise && changes(c)) ??
    writable.find((c) => c.type !== 'bool' && changes(c)) ??
    writable.find((c) => c.type === 'bool')
  );
}

/** A change of one column of the record to a value of a fresh sample (or a checkbox turned). */
export function changeOf(entity: EntityDef, item: TableRecord) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const sample = entity.sample(nextN());
    const column = editableColumn(entity, item, sample);
    if (column) {
      const value = column.type === 'bool' ? !item[column.name] : sample[column.name];
      return { column, value };
    }
  }
  throw new Error(`${entity.name} has no column an update could change`);
}

/** Values of the wrong JSON type (or unreadable) for a column, with the error each gets. */
export function wrongValues(column: ColumnDef): [unknown, string][] {
  const own = `validation.type.${column.type}`;
  if (column.multiple) {
    return [
      ['x', 'validation.type.list'],
      [{ a: 1 }, 'validation.type.list'],
      [[{ a: 1 }], own],
    ];
  }
  const values: Record<ColumnDef['type'], unknown[]> = {
    text: [{ a: 1 }, 12, true, ['x']],
    int: ['abc', 1.5, true, { a: 1 }],
    decimal: ['abc', '1,5', true, { a: 1 }],
    bool: ['yes', 1, { a: 1 }],
    date: ['not a date', '2024-02-30', 20240101, { a: 1 }],
    timestamp: ['not a time', '2024-02-30T10:00:00Z', 5, { a: 1 }],
  };
  return values[column.type].map((value) => [value, own]);
}

/** An empty value as a form sends it: '' for one value, [] for several. */
export const blankOf = (column: ColumnDef) => (column.multiple ? [] : '');
