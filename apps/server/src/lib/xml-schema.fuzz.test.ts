import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzz, xmlMutation } from '../../test/fuzz';
import { checkCamt } from '../modules/payments/iso20022/schema-check';

/**
 * Hostile documents straight to the XSD check (issue 9), past the DOCTYPE gate its callers
 * put first: xmllint answers valid or not with readable errors, expands no entity beyond
 * libxml2's bounds, reads no host file and fetches nothing, and never throws.
 */

const MB = 2 ** 20;
const CAMT = readFileSync(
  new URL('../modules/payments/iso20022/samples/camt053.v8.xml', import.meta.url),
  'utf8',
);
const ROOT = '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">';

const laughs = Array.from(
  { length: 9 },
  (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`,
).join('');

describe('XSD check', () => {
  it.each([
    [
      'billion laughs',
      `<!DOCTYPE Document [<!ENTITY lol0 "lol">${laughs}]>${ROOT}&lol9;</Document>`,
    ],
    [
      'a host file',
      `<!DOCTYPE Document [<!ENTITY x SYSTEM "file:///etc/passwd">]>${ROOT}&x;</Document>`,
    ],
    ['an external DTD', `<!DOCTYPE Document SYSTEM "http://127.0.0.1:9/x.dtd">${ROOT}</Document>`],
    [
      'an XInclude',
      `${ROOT}<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="file:///etc/passwd"/></Document>`,
    ],
  ])('refuses %s as invalid, reading and expanding nothing', async (_, body) => {
    const before = process.memoryUsage().rss;
    const check = await checkCamt(`<?xml version="1.0"?>${body}`, 'camt.053.001.08');
    expect(check.valid).toBe(false);
    expect(check.errors.join('\n')).not.toMatch(/root:x?:0:0|lollollol/);
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * MB);
  });

  it('answers every mutation of a camt.053 with a verdict', async () => {
    await fc.assert(
      fc.asyncProperty(xmlMutation(CAMT), async (xml) => {
        const check = await checkCamt(xml, 'camt.053.001.08');
        expect(typeof check.valid).toBe('boolean');
        for (const error of check.errors) expect(typeof error).toBe('string');
      }),
      fuzz(25),
    );
  });
});
