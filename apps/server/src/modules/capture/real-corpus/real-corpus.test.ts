import { readFile } from 'node:fs/promises';
import { checkIban } from '@listina/forms';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDocument } from '../../../lib/pdfjs';
import { loadRealCorpus, REAL_FIELDS, type RealField, type RealInvoice } from './real-corpus';

/**
 * A guard against typos in expected.json (issue 23): every listed file is a PDF that pdf.js
 * opens, every expected value is well formed, and the invoice number, IBAN and amounts of a
 * document with a text layer occur in that text in one of the ways amounts are printed.
 */
let corpus: RealInvoice[];

beforeAll(async () => {
  corpus = await loadRealCorpus();
});

/** All text of a PDF, items joined without separators and all white space removed. */
async function compactText(file: string): Promise<{ pages: number; text: string }> {
  const task = getDocument({
    data: new Uint8Array(await readFile(file)),
    verbosity: 0,
    isEvalSupported: false,
  });
  try {
    const pdf = await task.promise;
    const parts: string[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const content = await (await pdf.getPage(n)).getTextContent();
      for (const item of content.items) if ('str' in item) parts.push(item.str);
    }
    return { pages: pdf.numPages, text: parts.join('').replace(/\s+/g, '') };
  } finally {
    await task.destroy();
  }
}

const grouped = (digits: string, separator: string) =>
  digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);

/** The ways an amount is printed, without white space: 1234.56, 1.234,56, 1,234.56, 1'234.56. */
function printedForms(amount: string): string[] {
  const [whole = '', cents = ''] = amount.replace(/^-/, '').split('.');
  const forms = new Set([
    `${whole}.${cents}`,
    `${whole},${cents}`,
    `${grouped(whole, '.')},${cents}`,
    `${grouped(whole, ',')}.${cents}`,
    `${grouped(whole, "'")}.${cents}`,
  ]);
  if (cents === '00') {
    // Currencies without minor units (HUF, JPY) and round sums: 1939, 87.859, 87,859.
    for (const separator of ['', '.', ',', "'"]) forms.add(grouped(whole, separator));
  }
  return [...forms];
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const isRealDate = (value: string) => {
  const match = DATE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};
const AMOUNT = /^-?\d+\.\d{2}$/;
const DATE_FIELDS = ['issueDate', 'dueDate', 'deliveryDate'] as const;
const AMOUNT_FIELDS = ['netAmount', 'vatAmount', 'totalAmount', 'amountDue'] as const;

describe('real invoice corpus', () => {
  it('lists at least 40 files of at least 25 suppliers, each file once', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(40);
    expect(new Set(corpus.map((item) => item.supplier)).size).toBeGreaterThanOrEqual(25);
    expect(new Set(corpus.map((item) => item.file)).size).toBe(corpus.length);
  });

  it('gives well-formed values only', () => {
    for (const item of corpus) {
      const where = item.file;
      expect(item.supplier, where).not.toBe('');
      expect(item.buyerName, where).not.toBe('');
      expect(item.language, where).toMatch(/^[a-z]{2}$/);
      expect(item.country, where).toMatch(/^[A-Z]{2}$/);
      expect(['real', 'sample'], where).toContain(item.origin);
      const { fields } = item;
      expect(Object.keys(fields).length, where).toBeGreaterThan(0);
      for (const key of Object.keys(fields)) expect(REAL_FIELDS, where).toContain(key);
      for (const key of item.notInText) expect(fields[key], `${where} ${key}`).toBeDefined();
      for (const key of DATE_FIELDS) {
        const value = fields[key];
        if (value !== undefined) expect(isRealDate(value), `${where} ${key} ${value}`).toBe(true);
      }
      for (const key of AMOUNT_FIELDS) {
        const value = fields[key];
        if (value !== undefined) expect(value, `${where} ${key}`).toMatch(AMOUNT);
      }
      if (fields.currencyCode !== undefined)
        expect(fields.currencyCode, where).toMatch(/^[A-Z]{3}$/);
      if (fields.iban !== undefined) {
        expect(fields.iban, where).toMatch(/^[A-Z0-9]+$/);
        expect(checkIban(fields.iban), `${where} ${fields.iban}`).toBeUndefined();
      }
      if (fields.bic !== undefined) {
        expect(fields.bic, where).toMatch(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/);
      }
      if (fields.vatId !== undefined)
        expect(fields.vatId, where).toMatch(/^[A-Z]{2,3}[0-9A-Z]{2,13}$/);
    }
  });

  it('opens every file with pdf.js and finds its number, IBAN and amounts in the text', async () => {
    for (const item of corpus) {
      const where = item.file;
      const bytes = await readFile(item.path);
      expect(bytes.subarray(0, 5).toString('latin1'), where).toBe('%PDF-');
      const { pages, text } = await compactText(item.path);
      expect(pages, where).toBeGreaterThan(0);
      if (item.scan) continue;
      expect(text.length, `${where} has no text layer`).toBeGreaterThan(0);
      /** The value of a field expected in the text layer, undefined when none is. */
      const inText = (key: RealField) =>
        item.notInText.includes(key) ? undefined : item.fields[key];
      const number = inText('invoiceNumber')?.replace(/\s+/g, '');
      if (number !== undefined) {
        expect(text.includes(number), `${where} invoiceNumber ${number}`).toBe(true);
      }
      const iban = inText('iban');
      if (iban !== undefined) expect(text.includes(iban), `${where} iban`).toBe(true);
      for (const key of AMOUNT_FIELDS) {
        const value = inText(key);
        if (value === undefined) continue;
        const found = printedForms(value).some((form) => text.includes(form));
        expect(found, `${where} ${key} ${value}`).toBe(true);
      }
    }
  }, 120_000);
});
