import { describe, expect, it } from 'vitest';
import type { OcrWord } from './ocr-engine';
import { readableWords } from './ocr-words';

const line = (...words: [text: string, confidence?: number][]): OcrWord[] =>
  words.map(([text, confidence = 95], i) => ({
    text,
    confidence,
    x0: i * 100,
    y0: 0,
    x1: i * 100 + 80,
    y1: 30,
  }));

const read = (...words: [text: string, confidence?: number][]) =>
  readableWords(line(...words))
    .map((word) => word.text)
    .join(' ');

describe('OCR words for the text reader', () => {
  it('gives back the SI of IBANs, VAT IDs and references that OCR misread', () => {
    expect(read(['IBAN'], ['S156'], ['0201'])).toBe('IBAN SI56 0201');
    expect(read(['TRR:'], ['Si56'])).toBe('TRR: SI56');
    expect(read(['Referenca'], ['5112'], ['27600634090'])).toBe('Referenca SI12 27600634090');
    expect(read(['Referenca'], ['SI00.'], ['8753-3259'])).toBe('Referenca SI00 8753-3259');
    // SI14830604 is a valid VAT ID: its I read twice, or S read as 5.
    expect(read(['DDV:'], ['SI114830604'])).toBe('DDV: SI14830604');
    expect(read(['DDV'], ['5114830604'])).toBe('DDV SI14830604');
  });

  it('leaves alone what only looks like a code: a number after another label, a wrong VAT ID', () => {
    expect(read(['Pošta'], ['5112'])).toBe('Pošta 5112');
    expect(read(['DDV:'], ['SI114830605'])).toBe('DDV: SI114830605');
    expect(read(['Količina'], ['5,00'])).toBe('Količina 5,00');
  });

  it('puts back the č and š of labels, and leaves out specks', () => {
    expect(read(['Za'], ['placilo'], ['988,29'], ['€'])).toBe('Za plačilo 988,29 €');
    expect(read(['Rok'], ['placila:'])).toBe('Rok plačila:');
    expect(read(['st.'], ['2025-7'])).toBe('št. 2025-7');
    expect(read(['Koda'], ['namena'], ['-', 75], ['SUPP'])).toBe('Koda namena SUPP');
    expect(read(['Skupaj'], ['€', 96], ['%', 90])).toBe('Skupaj € %');
  });

  it("leaves out a dash between a label's colon and its value, and a stop inside an IBAN", () => {
    expect(read(['Številka'], ['računa:'], ['—', 93], ['2026-001925'])).toBe(
      'Številka računa: 2026-001925',
    );
    expect(read(['Skupno:'], ['....', 91], ['12,00'])).toBe('Skupno: 12,00');
    expect(read(['IBAN'], ['SI56'], ['0700'], ['0908.'], ['1726'], ['358'])).toBe(
      'IBAN SI56 0700 0908 1726 358',
    );
    // A stop after the last group, or in groups after no IBAN label, stays.
    expect(read(['IBAN'], ['SI56'], ['0700'], ['1726'], ['358.'])).toBe('IBAN SI56 0700 1726 358.');
    expect(read(['Tel.'], ['0908.'], ['1726'])).toBe('Tel. 0908. 1726');
    // Not after a word that is no label: a dash in a text stays.
    expect(read(['Ljubljana'], ['—', 93], ['Maribor'])).toBe('Ljubljana — Maribor');
  });
});
