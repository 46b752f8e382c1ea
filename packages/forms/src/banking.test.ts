import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkBic, checkIban, compactCode, isValidIban, isValidSlovenianVatId } from './banking';

describe('IBAN', () => {
  it('accepts valid IBANs with or without spaces', () => {
    expect(isValidIban('SI56191000000123438')).toBe(true);
    expect(isValidIban('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(isValidIban('GB82WEST12345698765432')).toBe(true);
  });
  it('names what is wrong', () => {
    expect(checkIban('SI56191000000123439')).toBe('checksum');
    expect(checkIban('SI5619100000012343')).toBe('length');
    expect(checkIban('XX56191000000123438')).toBe('country');
    expect(checkIban('si56191000000123438')).toBe('format');
  });

  it('accepts real IBANs of many countries, by their registry entries', () => {
    for (const code of [
      'SI56 2633 0001 2039 086',
      'SI56 1910 0000 0123 438',
      'DE89 3704 0044 0532 0130 00',
      'AT61 1904 3002 3457 3201',
      'BE68 5390 0754 7034',
      'FR14 2004 1010 0505 0001 3M02 606',
      'IT60 X054 2811 1010 0000 0123 456',
      'ES91 2100 0418 4502 0005 1332',
      'NL91 ABNA 0417 1643 00',
      'NO93 8601 1117 947',
      'CH93 0076 2011 6238 5295 7',
      'GB29 NWBK 6016 1331 9268 19',
      'HR12 1001 0051 8630 0016 0',
      'BA39 1290 0794 0102 8494',
      'XK05 1212 0123 4567 8906',
      'BR18 0036 0305 0000 1000 9795 493C 1',
    ]) {
      expect([code, checkIban(code)]).toEqual([code, undefined]);
    }
  });

  it('refuses a Slovenian IBAN whose account check digits are wrong though its mod 97 is right', () => {
    // SI83… passes ISO 13616 mod 97, but its BBAN 020170014356204 mod 97 is not 1: every
    // valid Slovenian IBAN starts SI56.
    expect(checkIban('SI83 0201 7001 4356 204')).toBe('nationalCheck');
    expect(checkIban('SI56 0201 7001 4356 204')).toBe('checksum');
  });

  it('refuses an account part its country does not use, and countries without IBANs', () => {
    // Belgium: the last two BBAN digits are the account number mod 97.
    expect(checkIban('BE71 0961 2345 6769')).toBeUndefined();
    expect(checkIban('BE44 0961 2345 6770')).toBe('nationalCheck');
    // The Netherlands: four letters of the bank, then ten digits.
    expect(checkIban('NL53 1234 0417 1643 00')).toBe('bban');
    expect(checkIban('AT46 1904 3002 3457 3A01')).toBe('bban');
    expect(checkIban('US64 SVBK US6S 3300 9673 86')).toBe('country');
    expect(checkIban('CN12 3456 7890 1234')).toBe('country');
  });
  it('never throws on any input', () => {
    fc.assert(
      fc.property(fc.string(), (s) => void checkIban(s)),
      { numRuns: 300 },
    );
  });
});

describe('BIC', () => {
  it('accepts 8 and 11 characters and refuses test BICs and lower case', () => {
    expect(checkBic('LJBASI2X')).toBeUndefined();
    expect(checkBic('LJBASI2XXXX')).toBeUndefined();
    expect(checkBic('LJBASI20')).toBe('test');
    expect(checkBic('ljbasi2x')).toBe('format');
    expect(checkBic('LJBASI2')).toBe('format');
  });
  it('refuses a country part that is not an ISO 3166 code, Kosovo (XK) included as SWIFT does', () => {
    expect(checkBic('CHASUS33')).toBeUndefined();
    expect(checkBic('BKCHCNBJ')).toBeUndefined();
    expect(checkBic('RBKOXKPR')).toBeUndefined();
    expect(checkBic('BARCUK22')).toBe('country');
    expect(checkBic('ABCDEU2X')).toBe('country');
    expect(checkBic('ABCDZZ2X')).toBe('country');
  });
  it('compacts to upper case without spaces', () => {
    expect(compactCode(' ljba si2x ')).toBe('LJBASI2X');
  });
});

describe('Slovenian VAT ID', () => {
  it('checks the mod 11 digit', () => {
    expect(isValidSlovenianVatId('SI50223054')).toBe(true);
    expect(isValidSlovenianVatId('50223054')).toBe(true);
    expect(isValidSlovenianVatId('SI50223055')).toBe(false);
    expect(isValidSlovenianVatId('SI1234567')).toBe(false);
  });
  it('never throws on any input', () => {
    fc.assert(
      fc.property(fc.string(), (s) => void isValidSlovenianVatId(s)),
      { numRuns: 300 },
    );
  });
});

/** A valid Slovenian VAT ID from seven digits (the first not 0), or none when K would be 11. */
function slovenianVatId(first7: number[]): string | undefined {
  const sum = first7.reduce((total, digit, i) => total + digit * (8 - i), 0);
  const check = 11 - (sum % 11);
  if (check === 11) return undefined;
  return `SI${first7.join('')}${check === 10 ? 0 : check}`;
}

/** A valid IBAN of the country: its BBAN and check digits computed by mod 97-10. */
function iban(country: string, bban: string): string {
  const digits = `${bban}${country}00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return `${country}${String(98 - remainder).padStart(2, '0')}${bban}`;
}

/** A Slovenian BBAN: 13 digits and the national check digits that make it 1 mod 97. */
function siBban(digits: number[]): string {
  const body = digits.join('');
  return `${body}${String(98n - ((BigInt(body) * 100n) % 97n)).padStart(2, '0')}`;
}

const spacedAndCased = (code: string) =>
  fc
    .tuple(fc.boolean(), fc.integer({ min: 1, max: 6 }))
    .map(([lower, group]) =>
      (lower ? code.toLowerCase() : code).replace(new RegExp(`(.{${group}})`, 'g'), '$1 '),
    );

describe('identifiers, generated', () => {
  const digit = fc.integer({ min: 0, max: 9 });
  const first7 = fc.tuple(
    fc.integer({ min: 1, max: 9 }),
    fc.array(digit, { minLength: 6, maxLength: 6 }),
  );

  it('accepts every VAT ID whose check digit follows the rule, spaced or lower case, and no other last digit', () => {
    fc.assert(
      fc.property(first7, digit, ([head, rest], other) => {
        const vatId = slovenianVatId([head, ...rest]);
        if (vatId === undefined) return; // K = 11: no number of these digits is issued
        expect(isValidSlovenianVatId(vatId)).toBe(true);
        expect(isValidSlovenianVatId(vatId.slice(2))).toBe(true);
        expect(isValidSlovenianVatId(` ${vatId.toLowerCase().replace(/(\d{4})/, '$1 ')} `)).toBe(
          true,
        );
        const wrong = `${vatId.slice(0, -1)}${other}`;
        expect(isValidSlovenianVatId(wrong)).toBe(wrong === vatId);
      }),
      { numRuns: 500 },
    );
  });

  it('gives 0 where K would be 10 and refuses every number where K would be 11', () => {
    // 1000002: S = 1·8 + 2·2 = 12, 12 mod 11 = 1, K = 10 → check digit 0.
    expect(isValidSlovenianVatId('SI10000020')).toBe(true);
    expect(isValidSlovenianVatId('SI10000021')).toBe(false);
    // 2000003: S = 2·8 + 3·2 = 22, 22 mod 11 = 0, K = 11: never issued, no last digit passes.
    for (let last = 0; last <= 9; last++) {
      expect(isValidSlovenianVatId(`SI2000003${last}`)).toBe(false);
    }
  });

  it('accepts every IBAN with right check digits, spaced or lower case, and compacts it back', () => {
    const si = fc.array(digit, { minLength: 13, maxLength: 13 }).map((d) => iban('SI', siBban(d)));
    const de = fc.array(digit, { minLength: 18, maxLength: 18 }).map((d) => iban('DE', d.join('')));
    const gb = fc
      .tuple(fc.stringMatching(/^[A-Z]{4}$/), fc.array(digit, { minLength: 14, maxLength: 14 }))
      .map(([bank, d]) => iban('GB', `${bank}${d.join('')}`));
    fc.assert(
      fc.property(
        fc.oneof(si, de, gb).chain((code) => fc.tuple(fc.constant(code), spacedAndCased(code))),
        ([code, written]) => {
          expect(checkIban(code)).toBeUndefined();
          expect(compactCode(written)).toBe(code);
          expect(checkIban(compactCode(written) as string)).toBeUndefined();
        },
      ),
      { numRuns: 500 },
    );
  });

  it('refuses an IBAN with one digit changed (mod 97 catches every single-digit error)', () => {
    const si = fc.array(digit, { minLength: 13, maxLength: 13 }).map((d) => iban('SI', siBban(d)));
    fc.assert(
      fc.property(
        si,
        fc.integer({ min: 4, max: 18 }),
        fc.integer({ min: 1, max: 9 }),
        (code, at, by) => {
          const changed = `${code.slice(0, at)}${(Number(code[at]) + by) % 10}${code.slice(at + 1)}`;
          expect(checkIban(changed)).toBe('checksum');
        },
      ),
      { numRuns: 300 },
    );
  });
});
