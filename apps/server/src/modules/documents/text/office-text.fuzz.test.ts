import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzz, xmlMutation } from '../../../../test/fuzz';
import { zip } from '../../files/fixtures/builders';
import { extractText } from './extract-text';
import { MAX_OFFICE_INFLATED_BYTES, officeText, type OfficeKind } from './office-text';
import { xmlText } from './xml-text';

/**
 * Hostile files to the search text readers (issue 9): mutated and truncated office files,
 * PDFs, XML and CSV,
 * ZIP bombs and hostile XML give text or '' (extractText never throws for what a file
 * holds), and the inflating stops at MAX_OFFICE_INFLATED_BYTES however the ZIP lies.
 */

const MB = 2 ** 20;
const sample = (name: string) =>
  readFileSync(new URL(`../../files/fixtures/${name}`, import.meta.url));

/** The ZIP with its central directory repeated: `copies` entries naming one local entry. */
function overlapping(one: Buffer, copies: number): Buffer {
  const centralAt = one.indexOf('PK\x01\x02');
  const endAt = one.indexOf('PK\x05\x06');
  const central = one.subarray(centralAt, endAt);
  const end = Buffer.from(one.subarray(endAt));
  end.writeUInt16LE(copies, 8);
  end.writeUInt16LE(copies, 10);
  end.writeUInt32LE(central.length * copies, 12);
  const directory = Array.from({ length: copies }, () => central);
  return Buffer.concat([one.subarray(0, centralAt), ...directory, end]);
}

describe('office text', () => {
  it.each([
    ['docx', 'sample.docx'],
    ['xlsx', 'sample.xlsx'],
    ['odt', 'sample.odt'],
    ['ods', 'sample.ods'],
  ] as const)('reads a mutated or truncated %s as text or nothing', async (kind, name) => {
    const valid = sample(name);
    expect(officeText(kind as OfficeKind, valid, 1000)).not.toBe('');
    const mutation = fc.oneof(
      fc.nat(valid.length).map((end) => valid.subarray(0, end)),
      fc
        .array(fc.tuple(fc.nat(valid.length - 1), fc.nat(255)), { minLength: 1, maxLength: 8 })
        .map((changes) => {
          const copy = Buffer.from(valid);
          for (const [at, byte] of changes) copy[at] = byte;
          return copy;
        }),
    );
    await fc.assert(
      fc.asyncProperty(mutation, async (bytes) => {
        expect(typeof (await extractText(kind, bytes))).toBe('string');
      }),
      fuzz(150),
    );
  });

  it.each([
    ['pdf', 'sample.pdf'],
    ['xml', 'ubl-tc434-example1.xml'],
    ['csv', 'sample.csv'],
  ] as const)('reads a mutated %s as text or nothing, never throwing', async (kind, name) => {
    const valid = sample(name);
    const mutation = fc.oneof(
      fc.nat(valid.length).map((end) => valid.subarray(0, end)),
      fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
      fc
        .array(fc.tuple(fc.nat(valid.length - 1), fc.nat(255)), { minLength: 1, maxLength: 8 })
        .map((changes) => {
          const copy = Buffer.from(valid);
          for (const [at, byte] of changes) copy[at] = byte;
          return copy;
        }),
    );
    await fc.assert(
      fc.asyncProperty(mutation, async (bytes) => {
        expect(typeof (await extractText(kind, bytes, { timeLimitMs: 5000 }))).toBe('string');
      }),
      fuzz(60),
    );
  });

  it('stops inflating an overlapping-entries bomb at its bound', () => {
    // 31 MB of markup without text, deflated to 31 kB, listed 2000 times: 62 GB to inflate.
    const part = `<w:document><!--${' '.repeat(31 * MB)}--></w:document>`;
    const bomb = overlapping(zip([{ name: 'word/document.xml', data: part }]), 2000);
    expect(bomb.length).toBeLessThan(MB);
    const before = process.memoryUsage().rss;
    expect(officeText('docx', bomb, 200_000)).toBe('');
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * MB);
    expect(MAX_OFFICE_INFLATED_BYTES).toBe(64 * MB);
  });

  it('reads the XML of a document file as text or nothing, expanding no entity', () => {
    const valid = sample('ubl-tc434-example1.xml').toString('utf8');
    fc.assert(
      fc.property(xmlMutation(valid), (xml) => {
        const text = xmlText(xml, { hasAttributeText: true });
        if (text !== undefined) expect(text).not.toMatch(/root:x?:0:0/);
      }),
      fuzz(300),
    );
  });
});
