import { describe, expect, it } from 'vitest';
import { WrittenJson } from '../lib/json-writer';
import { jsonBytes } from './json-body';

const rows = Array.from({ length: 700 }, (_, n) => ({
  id: n,
  key: `k${n}`,
  name: `Šumi partner ${n} d.o.o. — ${'č'.repeat(n % 7)}`,
  vatId: null,
  skipped: undefined,
  when: new Date(Date.UTC(2026, 0, 1 + (n % 28))),
}));

describe('jsonBytes', () => {
  it.each([
    ['a list page of 700 rows with č, š, ž', { items: rows, nextCursor: 'eyJ9' }],
    ['a top-level array', rows.slice(0, 50)],
    ['undefined and function properties', { a: undefined, b: () => 1, c: [undefined, () => 1] }],
    ['an empty object and an empty array', { items: [], nested: {} }],
    ['scalars', 'Žiga'],
    ['null', null],
    ['an object with its own toJSON', { toJSON: () => ({ replaced: true }) }],
    ['a lone surrogate and an emoji', { text: '\ud800 x 😀' }],
    ['a class instance', new Date(0)],
    [
      'a list of ASCII rows, then rows with č',
      { items: [...rows.slice(0, 40).map((r) => ({ ...r, name: `Row ${r.id}` })), ...rows] },
    ],
    [
      'a list with empty slots, undefined, functions and dates across its pieces',
      {
        items: Array.from(
          { length: 90 },
          (_, n) => [undefined, () => n, new Date(n), { čas: n }, null][n % 5],
        ),
        dropped: undefined,
        alsoDropped: () => 1,
        toJsonUndefined: { toJSON: () => undefined },
        nextCursor: null,
      },
    ],
    ['a sparse top-level list', Object.assign(new Array<unknown>(60), { 3: 'č', 59: 1 })],
    [
      'a record without a prototype holding a long list',
      Object.assign(Object.create(null) as object, { items: rows.slice(0, 30), n: 1 }),
    ],
    ['a record with its own toJSON and a long list', { items: rows, toJSON: () => 'mine' }],
    [
      'a long list with its own toJSON',
      Object.assign(
        Array.from({ length: 40 }, (_, n) => n),
        { toJSON: () => 'list' },
      ),
    ],
    ['a long list of lists', Array.from({ length: 60 }, (_, n) => [n, 'ž'.repeat(n % 3)])],
  ])('writes the UTF-8 of JSON.stringify for %s', (_name, value) => {
    expect(jsonBytes(value).toString('utf8')).toBe(JSON.stringify(value));
  });

  it('writes JSON that writes itself where it stands, alone or in a record', () => {
    const written = new WrittenJson((writer) => writer.json(JSON.stringify(rows)));
    const page = { items: written, nextCursor: 'eyJ9', count: 700 };
    expect(jsonBytes(page).toString('utf8')).toBe(
      JSON.stringify({ items: rows, nextCursor: 'eyJ9', count: 700 }),
    );
    expect(jsonBytes(written).toString('utf8')).toBe(JSON.stringify(rows));
    expect(jsonBytes({}).toString('utf8')).toBe('{}');
  });

  it('answers null for undefined, as a JSON body must hold a value', () => {
    expect(jsonBytes(undefined).toString()).toBe('null');
  });
});
