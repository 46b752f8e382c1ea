import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { TableRecord } from '@listina/contract';
import { changeOf, listed, nextN, tableCalls, useTableSuite } from '../../../test/table-suite';
import { ENTITIES } from './registry';

/**
 * Nested arrays (bank accounts) of every listed table that has them: saved with their parent
 * in one transaction (spec §4 grid rows), one flagged row per owner, undo of the whole save,
 * and a parent's rows as a lookup.
 */
const suite = useTableSuite();
const { read, put, someRecord } = tableCalls(suite);

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
    const first = { ...array.entity.sample(nextN()), id: -1, [flag]: true };
    const saved = await put(entity, record.key, { version: record.version, [array.name]: [first] });
    expect(saved.statusCode, saved.body).toBe(200);
    const [old] = (saved.json().item[array.name] as TableRecord[]).filter((r) => r[flag]);
    if (!old) throw new Error('no default saved');
    const chosen = { ...array.entity.sample(nextN()), id: -1, [flag]: true };
    const moved = await put(entity, record.key, {
      version: saved.json().item.version,
      [array.name]: [chosen],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = await rowsOf(record.key);
    expect(after.filter((r) => r[flag]).map((r) => r.code)).toEqual([chosen.code]);
    expect(after.find((r) => r.key === old.key)).toMatchObject({ [flag]: false });

    const undo = await suite.t.app.inject({
      method: 'POST',
      url: `/api/undo/${moved.json().undoId}`,
      headers: suite.headers,
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
      [array.name]: [{ ...array.entity.sample(nextN()), id: -1, [flag]: true }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const item = saved.json<{ item: TableRecord }>().item;
    const old = (item[array.name] as TableRecord[]).find((r) => r[flag]);
    if (!old) throw new Error('no default saved');
    const twice = await put(entity, record.key, {
      version: item.version,
      [array.name]: [
        { ...array.entity.sample(nextN()), id: -1, [flag]: true },
        { ...array.entity.sample(nextN()), id: -2, [flag]: true },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error[0]).toMatchObject({
      code: 'errors.oneDefaultOnly',
      field: `${array.name}.1.${flag}`,
    });
    expect((await read(entity, record.key)).json()).toEqual(item);

    const { [flag]: _wasDefault, ...withoutFlag } = old;
    const chosen = { ...array.entity.sample(nextN()), id: -1, [flag]: true };
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
          where key = ${old.key}`.execute(suite.t.database.db),
    ).rejects.toThrow(/one_default/);
  });
});

const nestedArrays = listed.flatMap((entity) =>
  (entity.arrays ?? []).map((array) => [`${entity.name}.${array.name}`, entity, array] as const),
);

describe.each(nestedArrays)('nested rows of %s', (_name, entity, array) => {
  // What tells the rows apart: the unique column (a bank account's IBAN), else a text column
  // whose samples differ (a cost line's account).
  const naming =
    array.entity.columns.find((c) => c.unique)?.name ??
    array.entity.columns.find(
      (c) => c.type === 'text' && array.entity.sample(1)[c.name] !== array.entity.sample(2)[c.name],
    )?.name ??
    'code';
  const withoutVersion = (rows: TableRecord[]) =>
    rows
      .map(({ version: _version, ...row }) => row)
      .sort((a, b) => String(a.key).localeCompare(String(b.key)));

  it('removes rows marked for delete, updates and creates others in one save, and undo restores them', async () => {
    const record = await someRecord(entity);
    const newRow = (id: number): Record<string, unknown> => ({
      ...array.entity.sample(nextN()),
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
    const byCode = (code: unknown) => rows.find((r) => r[naming] === code) as TableRecord;
    const [kept, removed, untouched] = [byCode(a[naming]), byCode(b[naming]), byCode(c[naming])];
    const added = newRow(-1);
    const { column, value: change } = changeOf(array.entity, kept);

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
    expect(after.find((r) => r[naming] === added[naming])).toMatchObject({
      id: expect.any(Number),
    });
    expect(after).toHaveLength(rows.length);

    const undo = await suite.t.app.inject({
      method: 'POST',
      url: `/api/undo/${res.json().undoId}`,
      headers: suite.headers,
    });
    expect(undo.statusCode, undo.body).toBe(200);
    const restored = (await read(entity, record.key)).json<TableRecord>();
    expect(withoutVersion(restored[array.name] as TableRecord[])).toEqual(withoutVersion(rows));
    expect((restored[array.name] as TableRecord[]).find((r) => r.key === removed.key)).toEqual(
      removed,
    );
  });
});

describe('nested arrays as lookups', () => {
  it("lists a partner's active bank accounts for a dropdown by customerKey, only in its organisation", async () => {
    const partner = ENTITIES.find((e) => e.name === 'partner');
    if (!partner) throw new Error('partner entity missing');
    const sample = partner.sample(nextN());
    const { item } = (
      await suite.t.app.inject({
        method: 'POST',
        url: '/api/cl/partner',
        headers: suite.headers,
        payload: {
          ...sample,
          bankAccounts: [
            { id: -1, code: 'SI56191000000123438', isDefault: true },
            { id: -2, code: 'DE89370400440532013000', isActive: false },
          ],
        },
      })
    ).json<{ item: TableRecord }>();
    const res = await suite.t.app.inject({
      url: `/api/cl/partnerBankAccount?customerKey=${item.key}&mode=dropdown`,
      headers: suite.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items.map((i: { code: string }) => i.code)).toEqual(['SI56191000000123438']);
    const foreign = await suite.t.app.inject({
      url: `/api/cl/partnerBankAccount?customerKey=${item.key}&mode=dropdown`,
      headers: suite.foreignHeaders,
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await suite.t.app.inject({ url: '/api/cl/partnerBankAccount', headers: suite.headers }))
        .statusCode,
    ).toBe(404);
  });
});
