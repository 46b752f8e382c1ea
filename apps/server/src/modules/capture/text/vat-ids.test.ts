import { isValidSlovenianVatId } from '@listina/forms';
import { describe, expect, it } from 'vitest';
import { findVatIds, isValidVatId, normaliseVatId, VAT_ID_PREFIXES } from './vat-ids';

/**
 * IDs whose format and check digits are right, one or more per country: those of the
 * e-invoice corpus (einvoice/corpus), those issue 23 names, and public IDs of large companies
 * as printed on their invoices and imprints.
 */
const VALID: readonly string[] = [
  'ATU13585627',
  'BE0403170701',
  'BE0202239951',
  'BG000694749',
  'BG831642181',
  'CY10259033P',
  'CZ45274649',
  'CZ27082440',
  'CZ699000899',
  'DE136695976',
  'DE106008386',
  'DK13585628',
  'EE100247019',
  'EL094014201',
  'EL094019245',
  'ESA82018474',
  'ESA28015865',
  'ESX5910266W',
  'FI20774740',
  'FR40303265045',
  'FR89380129866',
  'HR46830600751',
  'HU10773381',
  'IE6388047V',
  'IT01598570354',
  'IT02241850367',
  'LT100001738313',
  'LT119511515',
  'LU26375245',
  'LV40003245752',
  'MT15121333',
  'NL809163160B01',
  'NL002875718B01',
  'NL002198178B09',
  'PL5260250274',
  'PL5261040828',
  'PT500697256',
  'PT504615947',
  'RO14399840',
  'SE556012579001',
  'SI52205606',
  'SI81583010',
  'SI50223054',
  'SK2020317068',
  'GB980780684',
  'GB220430231',
  'GB245719348',
  'GBGD001',
  'GBHA500',
  'XI980780684',
  'CHE116281710',
];

/** One digit changed (the last one, or the check letter), so the check must fail. */
function mutate(id: string): string {
  // Dutch: the B and two digits after the check digit number a branch (B01, B02…).
  if (id.startsWith('NL'))
    return id.slice(0, 10) + String((Number(id[10]) + 1) % 10) + id.slice(11);
  const last = id.length - 1;
  const c = id[last] ?? '';
  if (/\d/.test(c)) return id.slice(0, last) + String((Number(c) + 1) % 10);
  // A check letter (IE, CY, ES): change the digit before it.
  const i = last - 1;
  return id.slice(0, i) + String((Number(id[i]) + 1) % 10) + c;
}

describe('isValidVatId', () => {
  it.each(VALID)('%s is valid', (id) => {
    expect(isValidVatId(id)).toBe(true);
  });

  it.each(VALID.filter((id) => !/^GB(GD|HA)/.test(id)))(
    '%s with one digit changed is not',
    (id) => {
      expect(isValidVatId(mutate(id))).toBe(false);
    },
  );

  it('covers the 27 member states, GB, XI and CH', () => {
    const states =
      'AT BE BG CY CZ DE DK EE EL ES FI FR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' ');
    expect(states).toHaveLength(27);
    for (const p of [...states, 'GB', 'XI', 'CHE']) expect(VAT_ID_PREFIXES).toContain(p);
    for (const p of states) expect(VALID.some((id) => id.startsWith(p))).toBe(true);
  });

  it('reads printed forms', () => {
    expect(isValidVatId('DE 136 695 976')).toBe(true);
    expect(isValidVatId('de136695976')).toBe(true);
    expect(isValidVatId('CHE-116.281.710 MWST')).toBe(true);
    expect(isValidVatId('CHE-116.281.710 TVA')).toBe(true);
    expect(isValidVatId('BE 0403.170.701')).toBe(true);
    expect(isValidVatId('GR094014201')).toBe(true);
    expect(isValidVatId('GB 980 7806 84')).toBe(true);
  });

  it('refuses wrong shapes and unknown countries', () => {
    expect(isValidVatId('')).toBe(false);
    expect(isValidVatId('136695976')).toBe(false); // no prefix
    expect(isValidVatId('US136695976')).toBe(false);
    expect(isValidVatId('DE13669597')).toBe(false); // 8 digits
    expect(isValidVatId('CHE11628171')).toBe(false);
    expect(isValidVatId('CHE116281711')).toBe(false);
    expect(isValidVatId('GBGD500')).toBe(false); // government departments are below 500
    expect(isValidVatId('GBHA499')).toBe(false); // health authorities from 500
    expect(isValidVatId('NL809163161B01')).toBe(false);
    expect(isValidVatId('NL809163160C01')).toBe(false);
    expect(isValidVatId('NO998041538MVA')).toBe(false); // Norway: not in scope
  });

  it('agrees with the forms package on Slovenian IDs', () => {
    for (let n = 10000000; n < 10020000; n += 7) {
      const id = `SI${String(n)}`;
      expect(isValidVatId(id)).toBe(isValidSlovenianVatId(id));
    }
    expect(isValidVatId('SI01234567')).toBe(false);
  });
});

describe('normaliseVatId', () => {
  it('compacts, upper-cases and writes Greece as EL', () => {
    expect(normaliseVatId(' de 136.695-976 ')).toBe('DE136695976');
    expect(normaliseVatId('CHE-116.281.710 MWST')).toBe('CHE116281710');
    expect(normaliseVatId('CHE 116 281 710 IVA')).toBe('CHE116281710');
    expect(normaliseVatId('GR 094014201')).toBe('EL094014201');
    expect(normaliseVatId('SI\u00a052205606')).toBe('SI52205606');
  });
});

describe('findVatIds', () => {
  it('finds IDs in a text with where they are printed', () => {
    const text = 'USt-IdNr.: DE 136 695 976 Tel. 0049 · ID za DDV: SI52205606 DE106008386';
    const found = findVatIds(text);
    expect(found.map((f) => f.value)).toEqual(['DE136695976', 'SI52205606', 'DE106008386']);
    const first = found[0];
    expect(first && text.slice(first.index, first.index + first.length)).toBe('DE 136 695 976');
  });

  it('finds a Swiss UID with its suffix and an ID glued to a word', () => {
    const text = 'UID: CHE-116.281.710 MWST, VAT: IE6388047V.';
    const found = findVatIds(text);
    expect(found.map((f) => f.value)).toEqual(['CHE116281710', 'IE6388047V']);
    expect(found[0]?.length).toBe('CHE-116.281.710 MWST'.length);
  });

  it('ignores invalid IDs, lower-case prefixes and IDs inside longer tokens', () => {
    expect(findVatIds('DE136695977 SI50223055 at 12345678 XDE136695976')).toEqual([]);
  });
});

describe('findVatIds with a country', () => {
  it('finds IDs printed without their prefix', () => {
    expect(findVatIds('P.IVA 01598570354', { country: 'IT' })).toEqual([
      { value: 'IT01598570354', index: 6, length: 11 },
    ]);
    expect(findVatIds('OIB: 46830600751', { country: 'HR' })[0]?.value).toBe('HR46830600751');
    expect(findVatIds('Davčna številka: 52205606', { country: 'SI' })[0]?.value).toBe('SI52205606');
    expect(findVatIds('UID: 116.281.710', { country: 'CH' })[0]?.value).toBe('CHE116281710');
    expect(findVatIds('ΑΦΜ 094014201', { country: 'GR' })[0]?.value).toBe('EL094014201');
    expect(findVatIds('BTW BE 0403.170.701 / 0202.239.951', { country: 'BE' })).toMatchObject([
      { value: 'BE0403170701' },
      { value: 'BE0202239951' },
    ]);
  });

  it('finds an ID once and only valid ones', () => {
    expect(findVatIds('IT01598570354', { country: 'IT' })).toHaveLength(1);
    expect(findVatIds('P.IVA 01598570355 Tel 12345', { country: 'IT' })).toEqual([]);
    expect(findVatIds('52205606', { country: 'US' })).toEqual([]);
    expect(findVatIds('52205606')).toEqual([]);
  });
});
