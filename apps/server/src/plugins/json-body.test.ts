import { describe, expect, it } from 'vitest';
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
  ])('writes the UTF-8 of JSON.stringify for %s', (_name, value) => {
    expect(jsonBytes(value).toString('utf8')).toBe(JSON.stringify(value));
  });

  it('answers null for undefined, as a JSON body must hold a value', () => {
    expect(jsonBytes(undefined).toString()).toBe('null');
  });
});
