import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzz, xmlMutation } from '../../../../test/fuzz';
import { readCamt } from './camt-read';
import { readPain001 } from './pain001-read';
import { PaymentsFileError } from './payments-file-error';

/**
 * Hostile payments XML (issue 9): mutated pain.001 and camt samples, random bytes in any
 * declared encoding, entity tricks, deep and wide documents. Each is read or refused with a
 * PaymentsFileError (a 400 naming the problem); no entity is expanded and nothing is fetched.
 */

const SAMPLES = new URL('./samples/', import.meta.url);
const sample = (name: string) => readFileSync(new URL(name, SAMPLES), 'utf8');
const PAIN = sample('pain.001.001.09_constructed_SI.xml');
const CAMT = sample('camt053.v8.xml');

/** The read, or the PaymentsFileError: anything else thrown fails the test. */
function readOrRefuse(read: () => unknown): unknown {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof PaymentsFileError)) throw error;
    expect(error.statusCode).toBe(400);
    return error;
  }
}

const codeOf = (read: () => unknown) => (readOrRefuse(read) as PaymentsFileError).code;

describe('payments XML readers', () => {
  it('read or refuse every mutation of a pain.001, never expanding an entity', () => {
    fc.assert(
      fc.property(xmlMutation(PAIN), (xml) => {
        const read = readOrRefuse(() => readPain001(xml));
        expect(JSON.stringify(read ?? null)).not.toContain('root:');
      }),
      fuzz(400),
    );
  });

  it('read or refuse every mutation of a camt.053', () => {
    fc.assert(
      fc.property(xmlMutation(CAMT), (xml) => {
        readOrRefuse(() => readCamt(xml));
      }),
      fuzz(400),
    );
  });

  it('read or refuse random bytes under any declared encoding or byte order mark', () => {
    const head = fc.constantFrom(
      '',
      '\uFEFF',
      '<?xml version="1.0" encoding="ISO-8859-2"?>',
      '<?xml version="1.0" encoding="UTF-16"?>',
      '<?xml version="1.0" encoding="x-unknown"?>',
      '<?xml version="1.0" encoding="windows-1250"?><Document>',
    );
    const prefix = fc.constantFrom([], [0xff, 0xfe], [0xfe, 0xff], [0xef, 0xbb, 0xbf]);
    fc.assert(
      fc.property(prefix, head, fc.uint8Array({ maxLength: 300 }), (bom, text, rest) => {
        const bytes = Buffer.concat([Buffer.from(bom), Buffer.from(text), Buffer.from(rest)]);
        readOrRefuse(() => readPain001(bytes));
        readOrRefuse(() => readCamt(bytes));
      }),
      fuzz(400),
    );
  });

  it('refuses every form of entity declaration, internal or external, in any case', () => {
    for (const declaration of [
      '<!DOCTYPE Document SYSTEM "http://127.0.0.1:9/evil.dtd">',
      '<!doctype Document [<!ENTITY % remote SYSTEM "http://127.0.0.1:9/p"> %remote;]>',
      '<!DocType Document [<!ENTITY a "&b;&b;"><!ENTITY b "&a;&a;">]>',
    ]) {
      const xml = PAIN.replace('<Document', `${declaration}<Document`);
      expect(codeOf(() => readPain001(xml))).toBe('errors.payments.xml.entities');
      const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(xml, 'utf16le')]);
      expect(codeOf(() => readCamt(utf16))).toBe('errors.payments.xml.entities');
    }
    // An undeclared entity is never looked up: it stays the literal text it was.
    const read = readOrRefuse(() => readPain001(PAIN.replace('<MsgId>', '<MsgId>&xxe;')));
    expect(JSON.stringify(read)).toContain('&xxe;');
  });

  it('refuses nesting past its bound and reads wide, long documents', () => {
    const deep = `${'<a>'.repeat(100_000)}${'</a>'.repeat(100_000)}`;
    expect(codeOf(() => readCamt(deep))).toBe('errors.payments.xml.tooDeep');
    const unclosed = '<a>'.repeat(100_000);
    expect(codeOf(() => readCamt(unclosed))).toBe('errors.payments.xml.malformed');
    const wide = `<Document>${'<x a="1"/>'.repeat(200_000)}</Document>`;
    expect(codeOf(() => readCamt(wide))).toBe('errors.payments.xml.notCamt');
    const longText = PAIN.replace('<MsgId>', `<MsgId>${'x'.repeat(5_000_000)}`);
    expect(readOrRefuse(() => readPain001(longText))).toBeDefined();
  });
});
