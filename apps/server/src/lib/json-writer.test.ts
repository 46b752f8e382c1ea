import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonWriter, WrittenJson } from './json-writer';

/** Texts with everything JSON escapes or UTF-8 encodes in more than one byte. */
const text = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.string({
    unit: fc.constantFrom('a', '"', '\\', '\b', '\t', '\n', '\f', '\r', '\u0000', '\u001f'),
  }),
  fc.string({ unit: fc.constantFrom('č', 'ß', '€', '😀', '\ud800', '\udfff', '\u007f', '\u2028') }),
);

describe('JsonWriter', () => {
  it('writes a string as the UTF-8 of JSON.stringify', () => {
    fc.assert(
      fc.property(text, (value) => {
        const writer = new JsonWriter(Buffer.alloc(4));
        writer.string(value);
        expect(writer.bytes().equals(Buffer.from(JSON.stringify(value), 'utf8'))).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('writes numbers as JSON.stringify, and what is not finite as null', () => {
    fc.assert(
      fc.property(fc.double(), (n) => {
        const writer = new JsonWriter(Buffer.alloc(2));
        writer.number(n);
        expect(writer.bytes().toString('utf8')).toBe(JSON.stringify(n));
      }),
    );
  });

  it('grows past its room, keeping what it wrote, and leaves the room for the next', () => {
    const room = Buffer.alloc(16);
    const writer = new JsonWriter(room);
    writer.ascii('[');
    for (let i = 0; i < 100; i++) {
      if (i > 0) writer.ascii(',');
      writer.string(`Čebela ${i}`);
    }
    writer.json(',{"a":"ž"}]');
    const expected = JSON.stringify([
      ...Array.from({ length: 100 }, (_, i) => `Čebela ${i}`),
      { a: 'ž' },
    ]);
    expect(writer.bytes().toString('utf8')).toBe(expected);
    expect(writer.room.length).toBeGreaterThan(room.length);
  });

  it('gives its bytes apart from the room it reuses', () => {
    const room = Buffer.alloc(64);
    const first = new JsonWriter(room);
    first.string('first');
    const bytes = first.bytes();
    const second = new JsonWriter(room);
    second.string('again');
    expect(bytes.toString('utf8')).toBe('"first"');
  });
});

describe('WrittenJson', () => {
  it('stringifies as the JSON it writes', () => {
    const value = new WrittenJson((writer) => {
      writer.ascii('{"name":');
      writer.string('Šumi "d.o.o."');
      writer.ascii('}');
    });
    expect(JSON.stringify({ items: value })).toBe('{"items":{"name":"Šumi \\"d.o.o.\\""}}');
  });
});
