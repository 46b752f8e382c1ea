import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonBytes } from '../../plugins/json-body';
import { displayColumnsOf } from './display-columns';
import type { ColumnDef, EntityDef, ValueType } from './entity';
import { listColumns } from './list-plan';
import { JsonWriter } from '../../lib/json-writer';
import { valueParserOf } from '../../db/create-db';
import type { RawRows } from '../../db/raw-rows';
import { listRawJson, listRowsJson, writeApiValue } from './list-json';
import { toApiValue, toModel } from './model';
import { ENTITIES } from './registry';

/** Every entity definition, the rows of nested arrays (bank accounts) included. */
const ALL: EntityDef[] = [
  ...new Set(ENTITIES.flatMap((e) => [e, ...(e.arrays ?? []).map((a) => a.entity)])),
];

/** Texts with what JSON must escape: quotes, backslashes, controls, lone surrogates. */
const text = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.string({ unit: fc.constantFrom('a', 'č', '"', '\\', '\n', '\u0000', '\ud800', '\udfff') }),
);

/** A value as the database driver hands it over for a column of this type. */
function valueOf(type: ValueType, multiple = false): fc.Arbitrary<unknown> {
  const one: Record<ValueType, fc.Arbitrary<unknown>> = {
    text,
    int: fc.oneof(fc.integer(), fc.bigInt().map(String), fc.constant('x')),
    decimal: fc.double().map(String),
    bool: fc.boolean(),
    date: fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
    timestamp: fc.date({ noInvalidDate: true }),
  };
  const value = multiple ? fc.array(one[type], { maxLength: 3 }) : one[type];
  return fc.oneof({ arbitrary: value, weight: 4 }, fc.constant(null));
}

describe('list rows as JSON text', () => {
  it('writes each value as JSON.stringify writes its API value', () => {
    const types: ValueType[] = ['text', 'int', 'decimal', 'bool', 'date', 'timestamp'];
    const anyValue = fc.oneof(
      text,
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.constant(undefined),
      fc.date({ noInvalidDate: true }),
      fc.jsonValue(),
    );
    fc.assert(
      fc.property(fc.constantFrom(...types), anyValue, (type, value) => {
        const column: ColumnDef = { name: 'x', column: 'x', type, field: {} };
        const writer = new JsonWriter(Buffer.alloc(8));
        writeApiValue(writer, column, value);
        expect(writer.bytes().toString('utf8')).toBe(JSON.stringify(toApiValue(column, value)));
      }),
      { numRuns: 2000 },
    );
  });

  // The list call answers these rows' text: it must be exactly that of the records that the
  // other calls answer (toModel), for every table, in both list modes.
  it.each(ALL.map((e) => [e.name, e] as const))(
    'writes the rows of %s as JSON.stringify writes their records',
    (_name, entity) => {
      for (const lean of [false, true]) {
        const columns = listColumns(entity, lean);
        const displays = lean ? [] : displayColumnsOf(entity, columns);
        const names = [
          'id',
          'key',
          'version',
          ...columns.map((c) => c.column),
          ...displays.map((d) => d.alias),
          'sort_0',
        ];
        const row = fc.tuple(
          fc.bigInt({ min: 1n, max: 2n ** 53n }).map(String),
          fc.uuid(),
          fc.integer({ min: 1 }),
          ...columns.map((c) => valueOf(c.type, c.multiple)),
          ...displays.map(() => fc.oneof(text, fc.constant(null))),
          text,
        );
        fc.assert(
          fc.property(fc.array(row, { maxLength: 4 }), (rows) => {
            const read = { rows: rows as unknown[][], columns: names };
            const records = rows.map((values) => {
              const record = Object.fromEntries(names.map((n, i) => [n, values[i]]));
              return toModel(entity, record, columns, displays);
            });
            const written = listRowsJson(entity, columns, displays, read);
            expect(jsonBytes(written).toString('utf8')).toBe(JSON.stringify(records));
            expect(JSON.stringify(written)).toBe(JSON.stringify(records));
            const answer = { items: written, nextCursor: null };
            expect(jsonBytes(answer).toString('utf8')).toBe(
              JSON.stringify({ items: records, nextCursor: null }),
            );
          }),
          { numRuns: 200 },
        );
      }
    },
  );

  it('names the column a list did not read', () => {
    const entity = ALL.find((e) => e.name === 'country');
    if (!entity) throw new Error('no country entity');
    const columns = listColumns(entity, false);
    expect(() =>
      listRowsJson(entity, columns, [], { rows: [], columns: ['id', 'key', 'version'] }),
    ).toThrow(/did not read/);
  });

  // The same rows as PostgreSQL sends them (text of each value, its type's OID): the bytes
  // written must be those of the records node-postgres's decoded values make.
  it.each(ALL.map((e) => [e.name, e] as const))(
    'writes the rows of %s from their bytes as JSON.stringify writes their records',
    (_name, entity) => {
      for (const lean of [false, true]) {
        const columns = listColumns(entity, lean);
        const displays = lean ? [] : displayColumnsOf(entity, columns);
        const cells = [
          {
            name: 'id',
            value: fc.bigInt({ min: 1n, max: 2n ** 60n }).map((n) => [INT8, String(n)] as const),
          },
          { name: 'key', value: fc.uuid().map((k) => [UUID, k] as const) },
          { name: 'version', value: fc.integer({ min: 1 }).map((v) => [INT4, String(v)] as const) },
          ...columns.map((c) => ({ name: c.column, value: pgText(c) })),
          ...displays.map((d) => ({ name: d.alias, value: pgText(undefined) })),
        ];
        fc.assert(
          fc.property(
            fc.array(fc.tuple(...cells.map((c) => fc.option(c.value, { freq: 5 }))), {
              maxLength: 4,
            }),
            fc.integer({ min: 0, max: 4 }),
            (rows, count) => {
              // One OID per column, as a RowDescription has.
              const types = cells.map((_c, j) => rows.find((r) => r[j])?.[j]?.[0] ?? TEXT);
              const cellsOf = rows.map((r) =>
                r.map((cell, j) => (cell && cell[0] === types[j] ? cell[1] : null)),
              );
              const raw = rawRows(
                cells.map((c, j) => ({ name: c.name, type: types[j] ?? TEXT })),
                cellsOf,
              );
              const records = cellsOf.slice(0, count).map((values) => {
                const record = Object.fromEntries(
                  cells.map((c, j) => {
                    const text = values[j];
                    return [
                      c.name,
                      text === null ? null : valueParserOf(types[j] ?? TEXT)(text ?? ''),
                    ];
                  }),
                );
                return toModel(entity, record, columns, displays);
              });
              const written = listRawJson(entity, columns, displays, raw, count);
              expect(jsonBytes(written).toString('utf8')).toBe(JSON.stringify(records));
            },
          ),
          { numRuns: 150 },
        );
      }
    },
  );
});

const [BOOL, INT8, INT4, TEXT, NUMERIC, DATE, TIMESTAMPTZ, UUID, TEXT_ARRAY, INT8_ARRAY] = [
  16, 20, 23, 25, 1700, 1082, 1184, 2950, 1009, 1016,
];

/** PostgreSQL's texts are valid UTF-8 without NUL: no lone surrogates, no \u0000. */
// eslint-disable-next-line no-control-regex -- NUL is what PostgreSQL text cannot hold
const pgString = text.map((t) => t.replace(/[\ud800-\udfff\u0000]/g, 'x'));

/** A value of this column as PostgreSQL's text, with its type's OID (a display column: text). */
function pgText(column: ColumnDef | undefined): fc.Arbitrary<readonly [number, string]> {
  const word = fc.stringMatching(/^[a-z0-9]{1,8}$/);
  if (column?.multiple) {
    return column.type === 'int'
      ? fc
          .array(fc.integer(), { maxLength: 3 })
          .map((a) => [INT8_ARRAY, `{${a.join(',')}}`] as const)
      : fc.array(word, { maxLength: 3 }).map((a) => [TEXT_ARRAY, `{${a.join(',')}}`] as const);
  }
  switch (column?.type) {
    case 'int':
      return fc.oneof(
        fc.bigInt({ min: -(2n ** 62n), max: 2n ** 62n }).map((n) => [INT8, String(n)] as const),
        fc.integer().map((n) => [INT4, String(n)] as const),
      );
    case 'decimal':
      return fc.integer().map((n) => [NUMERIC, (n / 100).toFixed(2)] as const);
    case 'bool':
      return fc.boolean().map((v) => [BOOL, v ? 't' : 'f'] as const);
    case 'date':
      return fc
        .date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) })
        .map((d) => [DATE, d.toISOString().slice(0, 10)] as const);
    case 'timestamp':
      return fc
        .date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) })
        .map(
          (d) => [TIMESTAMPTZ, `${d.toISOString().replace('T', ' ').replace('Z', '')}+00`] as const,
        );
    default:
      return fc.oneof(
        pgString.map((t) => [TEXT, t] as const),
        fc.bigInt().map((n) => [INT8, String(n)] as const),
      );
  }
}

/** Rows as the protocol reader keeps them: each value's text as bytes, null where none. */
function rawRows(columns: { name: string; type: number }[], rows: (string | null)[][]): RawRows {
  const parts: Buffer[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  let length = 0;
  for (const row of rows) {
    for (const value of row) {
      if (value === null) {
        starts.push(-1);
        ends.push(-1);
        continue;
      }
      const bytes = Buffer.from(value, 'utf8');
      starts.push(length);
      ends.push(length + bytes.length);
      parts.push(bytes);
      length += bytes.length;
    }
  }
  return {
    bytes: Buffer.concat(parts),
    columns,
    count: rows.length,
    starts: Int32Array.from(starts),
    ends: Int32Array.from(ends),
  };
}
