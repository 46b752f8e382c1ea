import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE, ListQuerySchema, type TableRecord, tablePath } from '@listina/contract';
import { inScope } from '../../db/scope';
import { creatable, listed, nextN, tableCalls, useTableSuite } from '../../../test/table-suite';
import type { EntityDef } from './entity';
import { listQuery } from './tables.repository';
import { filterFieldsOf, listPlan } from './list-plan';
import { insertModels } from './defaults';
import { ENTITIES } from './registry';

/** Table calls beyond one table's records: the table list, default models, paging, warnings. */
const suite = useTableSuite();
const { read, create, listAll } = tableCalls(suite);

describe('table calls in general', () => {
  it('refuses an unknown table', async () => {
    const res = await suite.t.app.inject({ url: '/api/cl/nosuchtable', headers: suite.headers });
    expect(res.statusCode).toBe(404);
    expect(res.json().error[0].msg).toBe('There is no table nosuchtable.');
  });

  it('answers the model of a new record for every table, and 404 for an unknown or nested one', async () => {
    for (const entity of listed) {
      const res = await suite.t.app.inject({
        url: `/api/cl/default.model/${entity.name}`,
        headers: suite.headers,
      });
      expect(res.statusCode, entity.name).toBe(200);
      const model = res.json<Record<string, unknown>>();
      expect(model, entity.name).toEqual(entity.defaultModel?.() ?? {});
      const fields = [...entity.columns, ...(entity.arrays ?? [])].map((f) => f.name);
      for (const name of Object.keys(model)) expect(fields, entity.name).toContain(name);
    }
    for (const name of ['nosuchtable', 'partnerBankAccount']) {
      const res = await suite.t.app.inject({
        url: `/api/cl/default.model/${name}`,
        headers: suite.headers,
      });
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
    const models = Array.from({ length: DEFAULT_PAGE_SIZE + 5 }, () => entity.sample(nextN()));
    await inScope(
      suite.t.database.db,
      { userId: suite.writer.id, organizationId: suite.organizationId },
      (trx) => insertModels(trx, entity, suite.organizationId, models),
    );
    const all = await listAll(entity, 'count=1000');
    expect(all.length).toBeGreaterThan(DEFAULT_PAGE_SIZE);
    const first = await suite.t.app.inject({
      url: `${tablePath(entity.name)}`,
      headers: suite.headers,
    });
    const page = first.json<{ items: TableRecord[]; nextCursor: string | null }>();
    expect(page.items).toHaveLength(DEFAULT_PAGE_SIZE);
    expect(page.nextCursor).toEqual(expect.any(String));
    const next = await suite.t.app.inject({
      url: `${tablePath(entity.name)}?cursor=${page.nextCursor ?? ''}`,
      headers: suite.headers,
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
      const res = await suite.t.app.inject({
        method: 'POST',
        url: '/api/cl/partner',
        headers: suite.headers,
        payload: { ...partner.sample(nextN()), costCenterCode: centre.code },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const remove = (query = '') =>
      suite.t.app.inject({
        method: 'DELETE',
        url: `/api/cl/costCenter${query}`,
        headers: suite.headers,
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

  it('lists the tables with their labels, the root tables flagged', async () => {
    const res = await suite.t.app.inject({ url: '/api/cl', headers: suite.headers });
    const items = res.json<{ items: { name: string; root: boolean }[] }>().items;
    expect(items.map((i) => i.name)).toEqual(ENTITIES.filter((e) => !e.hidden).map((e) => e.name));
    expect(items.filter((i) => i.root).map((i) => i.name)).toEqual([
      'doc',
      'payOrder',
      'payPackage',
    ]);
  });

  it('serves the root tables (doc) at /api/{name} only, not under /api/cl', async () => {
    for (const entity of listed.filter((e) => e.api === 'root')) {
      const res = await suite.t.app.inject({
        url: `/api/cl/${entity.name}`,
        headers: suite.headers,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().error[0]).toMatchObject({ code: 'errors.unknownTable' });
      const own = await suite.t.app.inject({ url: `/api/${entity.name}`, headers: suite.headers });
      expect(own.statusCode, own.body).toBe(200);
      const schema = await suite.t.app.inject({
        url: `/api/cl/schema/${entity.name}`,
        headers: suite.headers,
      });
      expect(schema.json()).toMatchObject({ id: entity.name });
    }
  });
});

/** Tables with declared filter fields, and those fields. */
const filterable = creatable
  .map((entity) => ({ entity, fields: filterFieldsOf(entity) }))
  .filter(({ fields }) => fields.length > 0);

const asText = (value: unknown) =>
  value instanceof Object ? JSON.stringify(value) : String(value);

describe('list filters', () => {
  /** Every row of a filtered list, following the cursor. */
  async function listFiltered(entity: EntityDef, query: string) {
    const items: TableRecord[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const res: LightMyRequestResponse = await suite.t.app.inject({
        url: `${tablePath(entity.name)}?${query}${cursor ? `&cursor=${cursor}` : ''}`,
        headers: suite.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<{ items: TableRecord[]; nextCursor: string | null }>();
      items.push(...body.items);
      cursor = body.nextCursor;
    }
    return items;
  }

  const filterParam = (name: string, value: unknown) =>
    `filter=${encodeURIComponent(`${name}:${asText(value)}`)}`;

  it('has tables with filter fields', () => {
    expect(filterable.map(({ entity }) => entity.name)).toEqual(
      expect.arrayContaining(['partner', 'documentType', 'costCenter']),
    );
  });

  it.each(filterable)('lists only the $entity.name rows with the asked values', async (t) => {
    const { entity, fields } = t;
    const a = (await create(entity)).item;
    const b = (await create(entity)).item;
    for (const name of fields) {
      if (a[name] === null || a[name] === undefined) continue;
      const items = await listFiltered(entity, `${filterParam(name, a[name])}&count=100`);
      expect(
        items.map((i) => i.key),
        name,
      ).toContain(a.key);
      for (const item of items) {
        const value = name in item ? item[name] : (await read(entity, item.key)).json()[name];
        expect(asText(value), `${entity.name}.${name}`).toBe(asText(a[name]));
      }
      if (b[name] === null || b[name] === undefined || asText(b[name]) === asText(a[name]))
        continue;
      expect(items.map((i) => i.key)).not.toContain(b.key);
      const either = await listFiltered(
        entity,
        `${filterParam(name, a[name])}&${filterParam(name, b[name])}&count=100`,
      );
      expect(either.map((i) => i.key)).toEqual(expect.arrayContaining([a.key, b.key]));
    }
  });

  it('pages through a filtered, searched and sorted list by its cursor', async () => {
    const entity = filterable.find((f) => f.entity.name === 'costCenter')?.entity;
    if (!entity) throw new Error('costCenter entity missing');
    const made = [];
    for (let i = 0; i < 5; i++) made.push((await create(entity)).item);
    const codes = made.map((m) => String(m.code));
    const query = codes.map((code) => filterParam('code', code)).join('&');
    const items = await listFiltered(
      entity,
      `${query}&count=2&sort=code desc&search=${codes[0]?.slice(0, 2) ?? ''}`,
    );
    expect(items.map((i) => i.code)).toEqual([...codes].sort().reverse());
  });

  it('keeps filter values as bound parameters of the one-round-trip list statement', () => {
    const entity = filterable.find((f) => f.entity.name === 'partner')?.entity;
    if (!entity) throw new Error('partner entity missing');
    const query = ListQuerySchema.parse({ filter: ["countryCode:S'I", 'isActive:true'] });
    const { columns, ...plan } = listPlan(entity, query);
    const options = { organizationId: suite.organizationId, ...plan };
    const compiled = listQuery(entity, columns, options).compile(suite.t.database.db);
    expect(compiled.sql).not.toContain("S'I");
    expect(compiled.parameters).toEqual(expect.arrayContaining(["S'I", true]));
  });

  it.each(listed)('refuses a field $name does not declare filterable with 400', async (entity) => {
    const before = await listAll(entity, 'count=1000');
    for (const name of ['nosuchfield', 'displayTitle']) {
      const res = await suite.t.app.inject({
        url: `${tablePath(entity.name)}?filter=${name}:x`,
        headers: suite.headers,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error[0]).toMatchObject({
        code: 'errors.unknownFilterField',
        msg: `Cannot filter by ${name}; filter by one of: ${filterFieldsOf(entity).join(', ')}.`,
      });
    }
    expect(await listAll(entity, 'count=1000')).toEqual(before);
  });

  it('refuses a value of the wrong type and a filter without a field', async () => {
    const bad = await suite.t.app.inject({
      url: '/api/cl/costCenter?filter=isActive:yes',
      headers: suite.headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error[0].msg).toBe('yes is not a valid value to filter isActive by.');
    const shapeless = await suite.t.app.inject({
      url: '/api/cl/costCenter?filter=isActive',
      headers: suite.headers,
    });
    expect(shapeless.statusCode).toBe(400);
    expect(shapeless.json().error[0].msg).toBe(
      'A filter is a field name, a colon and the value: isActive:true.',
    );
  });
});
