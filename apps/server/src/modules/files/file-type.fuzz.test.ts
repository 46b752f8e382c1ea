import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzz, xmlMutation } from '../../../test/fuzz';
import { FILE_KINDS } from './file-kinds';
import { checkUpload } from './file-policy';
import { SNIFF_BYTES, sniffFileType } from './file-type';

/**
 * Hostile heads to the upload sniffers (issue 9): any bytes behind any signature, mutated
 * samples, hostile XML prologs and any file name give one of the known kinds (unknown with
 * a reason included) and a catalogue message, never an exception; a DTD is never accepted.
 */

const sample = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const SAMPLES = ['sample.pdf', 'sample.png', 'sample.jpg', 'sample.tif', 'sample.docx']
  .concat(['sample.xlsx', 'sample.odt', 'sample.ods', 'sample.csv'])
  .map(sample);
const SIGNATURES = ['', '%PDF-', 'PK\x03\x04', '\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1', 'II*\x00']
  .concat(['MM\x00*', '\xef\xbb\xbf<?xml ', '<?xml version="1.0"?>', '<Invoice ', '\xff\xd8\xff'])
  .map((signature) => Buffer.from(signature, 'latin1'));

const anyName = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.constantFrom('a.pdf', 'x.xlsx', '../../etc/passwd', 'CON.txt', 'a.doc', 'b.xls', '.csv'),
);

function expectSniffed(head: Buffer, name: string): void {
  const type = sniffFileType(head, name);
  expect(FILE_KINDS).toContain(type.kind);
  expect(typeof type.mime).toBe('string');
  const check = checkUpload({
    head,
    name,
    size: head.length,
    role: 'main',
    maxBytes: 10 * 2 ** 20,
  });
  if (!check.ok) expect(check.problem.code).toMatch(/^files\.[a-zA-Z]+$/);
}

describe('upload sniffers', () => {
  it('sniff any bytes behind any signature, under any name', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SIGNATURES),
        fc.uint8Array({ maxLength: 600 }),
        anyName,
        (signature, rest, name) => expectSniffed(Buffer.concat([signature, rest]), name),
      ),
      fuzz(1000),
    );
  });

  it('sniff mutated and truncated samples', () => {
    const mutation = fc.constantFrom(...SAMPLES).chain((valid) =>
      fc.oneof(
        fc.nat(valid.length).map((end) => valid.subarray(0, end)),
        fc
          .array(fc.tuple(fc.nat(valid.length - 1), fc.nat(255)), { minLength: 1, maxLength: 8 })
          .map((changes) => {
            const copy = Buffer.from(valid);
            for (const [at, byte] of changes) copy[at] = byte;
            return copy;
          }),
      ),
    );
    fc.assert(fc.property(mutation, anyName, expectSniffed), fuzz(600));
  });

  it('never take a head with a DTD for XML, whatever else it holds', () => {
    const valid = sample('ubl-tc434-example1.xml').toString('utf8').slice(0, 4000);
    fc.assert(
      fc.property(xmlMutation(valid), (xml) => {
        const head = Buffer.from(xml);
        expectSniffed(head, 'invoice.xml');
        const type = sniffFileType(head, 'invoice.xml');
        if (/<!(?:DOCTYPE|ENTITY)/i.test(head.subarray(0, SNIFF_BYTES).toString('latin1'))) {
          expect(type).toMatchObject({ kind: 'unknown', reason: 'xml-doctype' });
        }
      }),
      fuzz(600),
    );
  });

  it('sniff a head of megabytes by its first SNIFF_BYTES only', () => {
    const text = Buffer.alloc(20 * 2 ** 20, 'a;b\n');
    expect(sniffFileType(text, 'big.csv').kind).toBe('csv');
    const xml = Buffer.concat([
      Buffer.from('<?xml version="1.0"?><!--'),
      Buffer.alloc(2 ** 20, 32),
    ]);
    expect(sniffFileType(xml, 'x.xml').kind).toBe('xml');
  });
});
