import { describe, expect, it } from 'vitest';
import { LABELLED_NAME, LETTERHEAD_NAME, readSupplierName } from './supplier-name';

describe('reading the supplier’s name from an invoice’s text', () => {
  it('takes the letterhead’s company name, not the buyer’s after it', () => {
    const text =
      'Tiskarna Žiri d.o.o. Industrijska 5 4226 Žiri ID za DDV: SI12345679 RAČUN št. 26-0042 ' +
      'KUPEC Kupec d.o.o. Ulica 1 1000 Ljubljana';
    expect(readSupplierName(text)).toEqual({
      value: 'Tiskarna Žiri d.o.o.',
      confidence: LETTERHEAD_NAME,
      at: 0,
    });
  });

  it('prefers the name after a supplier label, with a higher confidence', () => {
    const text = 'INVOICE 2026-17\nBill to: Acme Trading Ltd\nSupplier: Brinje Tools GmbH\n';
    const found = readSupplierName(text);
    expect(found).toMatchObject({ value: 'Brinje Tools GmbH', confidence: LABELLED_NAME });
    expect(text.slice(found?.at, (found?.at ?? 0) + 17)).toBe('Brinje Tools GmbH');
    expect(LABELLED_NAME).toBeLessThan(0.97);
    expect(readSupplierName('Brinje Tools GmbH\nServices from Acme Trading Ltd\n')?.value).toBe(
      'Brinje Tools GmbH',
    );
  });

  it('never takes the buyer: after a buyer label, or the organisation’s own name', () => {
    expect(readSupplierName('Naročnik: Kupec d.o.o., Ulica 1, Ljubljana')).toBeUndefined();
    const text = 'Demo d.o.o.\nDunajska cesta 1\nOrodjarna Brinje d.o.o. RAČUN\n';
    expect(readSupplierName(text)?.value).toBe('Demo d.o.o.');
    expect(readSupplierName(text, { buyerName: 'Demo d.o.o.' })?.value).toBe(
      'Orodjarna Brinje d.o.o.',
    );
  });

  it('reads a title before the name on its line, and a legal form as OCR reads it', () => {
    expect(readSupplierName('RAČUN Pekarna Grosuplje d.0.0.\nšt. 17')?.value).toBe(
      'Pekarna Grosuplje d.0.0.',
    );
    expect(readSupplierName('Skupaj 12,00 d.o.o.')).toBeUndefined();
  });
});
