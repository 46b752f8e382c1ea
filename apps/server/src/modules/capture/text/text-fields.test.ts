import { describe, expect, it } from 'vitest';
import { BUYER } from '../../../../test/upload';
import { planDocuments } from '../../demo/demo-document-plan';
import { renderInvoice } from '../../demo/demo-invoice-pdf';
import { profileSuppliers } from '../../demo/profile-suppliers';
import { extractText } from '../../documents/text/extract-text';
import { isValidRfReference, readTextFields, type TextField } from './text-fields';

const suppliers = profileSuppliers();

describe('reading invoice fields from text', () => {
  it('checks RF references by their check digits', () => {
    expect(isValidRfReference('RF18 5390 0754 7034')).toBe(true);
    expect(isValidRfReference('RF19 5390 0754 7034')).toBe(false);
  });

  it('reads every header and payment field of generated invoices from their text layer', async () => {
    const docs = planDocuments({
      seed: 'capture',
      count: 40,
      today: '2026-11-24',
      suppliers,
      costCenters: ['100'],
    }).filter((doc) => doc.type !== 'CN');
    const misses: string[] = [];
    let checked = 0;
    for (const doc of docs) {
      const file = await renderInvoice(doc, BUYER);
      const fields = readTextFields(await extractText('pdf', file.content));
      const expected: Partial<Record<TextField, string | null>> = {
        invoiceNumber: doc.number,
        issueDate: doc.issueDate,
        dueDate: doc.dueDate,
        netAmount: (doc.net / 100).toFixed(2),
        vatAmount: (doc.tax / 100).toFixed(2),
        totalAmount: (doc.total / 100).toFixed(2),
        currencyCode: 'EUR',
        vatId: doc.supplier.vatId,
        iban: doc.iban,
        bic: doc.bic,
        referenceModel: doc.referenceModel,
        reference: doc.reference,
        purposeCode: doc.purposeCode,
      };
      for (const [name, value] of Object.entries(expected)) {
        if (value === null || value === undefined) continue;
        checked += 1;
        const found = fields[name as TextField];
        if (found?.value !== value)
          misses.push(`${doc.number} ${name}: ${String(found?.value)} ≠ ${value}`);
        else expect(found.confidence, `${doc.number} ${name}`).toBeGreaterThan(0.9);
      }
    }
    expect(checked).toBeGreaterThan(300);
    expect(misses).toEqual([]);
  }, 60_000);

  it('flags amounts that do not add up and leaves out values that fail their checks', () => {
    const fields = readTextFields(
      'RAČUN št. 2026-15 Datum izdaje: 31.02.2026 Osnova za DDV 100,00 € DDV 22,00 € Za plačilo 130,00 € IBAN SI56 0000 0000 0000 000 Referenca RF19 5390 0754 7034',
    );
    expect(fields.invoiceNumber?.value).toBe('2026-15');
    expect(fields.issueDate).toBeUndefined();
    expect(fields.totalAmount).toMatchObject({ value: '130.00', confidence: 0.7 });
    expect(fields.iban).toBeUndefined();
    expect(fields.reference).toBeUndefined();
  });

  it('reads the number whose label follows the title straight away (INVOICE Invoice no. …)', () => {
    const fields = readTextFields(
      'INVOICE Invoice no. 95/2026 Invoice date 2026-02-16 Net amount 22% 13.83 EUR VAT 22% 3.04 EUR Amount due 16.87 EUR',
    );
    expect(fields.invoiceNumber?.value).toBe('95/2026');
    expect(fields.netAmount?.value).toBe('13.83');
    expect(fields.vatAmount?.value).toBe('3.04');
    expect(fields.totalAmount).toMatchObject({ value: '16.87', confidence: 0.97 });
    expect(readTextFields('RAČUN Številka računa: R26-00044').invoiceNumber?.value).toBe(
      'R26-00044',
    );
  });

  it('reads labels printed without č, š, ž as their marked forms (issue 21)', () => {
    const marked = readTextFields(
      'RAČUN Številka računa: R26-00044 Datum izdaje: 02.03.2026 Rok plačila: 01.04.2026 ' +
        'Osnova za DDV 100,00 € DDV 22,00 € Znesek za plačilo 122,00 € ' +
        'IBAN SI56 0201 7001 4356 205 Sklic SI12 12345678909 Dobavitelj: Čistilec d.o.o.',
    );
    const plain = readTextFields(
      'RACUN Stevilka racuna: R26-00044 Datum izdaje: 02.03.2026 Rok placila: 01.04.2026 ' +
        'Osnova za DDV 100,00 EUR DDV 22,00 EUR Znesek za placilo 122,00 EUR ' +
        'IBAN SI56 0201 7001 4356 205 Sklic SI12 12345678909 Dobavitelj: Cistilec d.o.o.',
    );
    const valuesOf = (fields: ReturnType<typeof readTextFields>) =>
      Object.fromEntries(Object.entries(fields).map(([name, found]) => [name, found.value]));
    expect(valuesOf(plain)).toEqual({
      ...valuesOf(marked),
      supplierName: 'Cistilec d.o.o.',
    });
    expect(valuesOf(plain)).toMatchObject({
      invoiceNumber: 'R26-00044',
      issueDate: '2026-03-02',
      dueDate: '2026-04-01',
      netAmount: '100.00',
      vatAmount: '22.00',
      totalAmount: '122.00',
      amountDue: '122.00',
      iban: 'SI56020170014356205',
      referenceModel: 'SI12',
      reference: '12345678909',
    });
  });

  it('keeps the total and the amount due apart after a prepayment (issue 21)', () => {
    const fields = readTextFields(
      'RAČUN št. 2026-16 Osnova za DDV 1.476,87 € DDV 22 % 324,91 € Skupaj z DDV 1.801,78 € ' +
        'Predplačilo -1.000,00 € Znesek za plačilo 801,78 €',
    );
    expect(fields.totalAmount).toMatchObject({ value: '1801.78', confidence: 0.97 });
    expect(fields.prepaidAmount?.value).toBe('1000.00');
    expect(fields.amountDue).toMatchObject({ value: '801.78', confidence: 0.97 });
    const english = readTextFields(
      'Invoice no. 77 Net amount 841.52 EUR VAT 185.13 EUR Total 1,026.65 EUR ' +
        'Rounding 0.01 EUR Amount due 1,026.66 EUR',
    );
    expect(english.totalAmount?.value).toBe('1026.65');
    expect(english.roundingAmount?.value).toBe('0.01');
    expect(english.amountDue?.value).toBe('1026.66');
  });
});
