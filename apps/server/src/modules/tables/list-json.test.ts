import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonBytes } from '../../plugins/json-body';
import { displayColumnsOf } from './display-columns';
import type { ColumnDef, EntityDef, ValueType } from './entity';
import { listColumns } from './list-plan';
import { JsonWriter } from '../../lib/json-writer';
import { listRowsJson, writeApiValue } from './list-json';
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
});
