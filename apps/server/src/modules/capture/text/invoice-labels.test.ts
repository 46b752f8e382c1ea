import { describe, expect, it } from 'vitest';
import {
  detectLanguage,
  findLabels,
  foldText,
  LABEL_FIELDS,
  labelMatcher,
  labelsOf,
  languageLabels,
  LANGUAGES,
  monthNumber,
  MONTH_WORDS,
  titlesOf,
} from './invoice-labels';

const first = (text: string, field: Parameters<typeof labelMatcher>[0]) => {
  const m = labelMatcher(field).exec(text);
  return m ? { text: m[0], index: m.index } : undefined;
};

describe('label data', () => {
  it('has every field, a title and twelve months in every language', () => {
    for (const language of LANGUAGES) {
      const data = languageLabels(language);
      expect(data.language).toBe(language);
      // A purpose code is printed by the payment forms of a few countries only (UPN, HUB-3).
      for (const field of LABEL_FIELDS)
        if (field !== 'purposeCode' || ['sl', 'hr', 'en'].includes(language))
          expect(data.fields[field].length, `${language} ${field}`).toBeGreaterThan(0);
      expect(data.title.length).toBeGreaterThan(0);
      expect(data.months).toHaveLength(12);
      expect(['dmy', 'mdy']).toContain(data.dateOrder);
    }
  });

  it('names each month word once across languages, with the same month', () => {
    const seen = new Map<string, number>();
    for (const language of LANGUAGES)
      languageLabels(language).months.forEach((names, i) => {
        for (const name of names) {
          const key = foldText(name);
          expect(seen.get(key) ?? i + 1, `${language} ${name}`).toBe(i + 1);
          seen.set(key, i + 1);
        }
      });
    expect(MONTH_WORDS.length).toBeGreaterThan(100);
  });

  it('gives a label to one field of a language only, but for total and amount due', () => {
    // "Total à payer", "Za platiti": an invoice that prints only what is to be paid has it as
    // its total too. "Valuta" in Slovenian is a due date or a currency (its value decides).
    const both = (a: string, b: string) =>
      [a, b].sort().join() === 'amountDue,totalAmount' ||
      [a, b].sort().join() === 'currencyCode,dueDate';
    for (const language of LANGUAGES) {
      const seen = new Map<string, string>();
      for (const field of LABEL_FIELDS)
        for (const label of languageLabels(language).fields[field]) {
          const key = label.toLowerCase();
          const other = seen.get(key);
          if (other && !(both(other, field) && (language === 'sl' || key !== 'valuta')))
            expect.fail(`${language} "${label}" in ${other} and ${field}`);
          seen.set(key, field);
        }
    }
  });

  it('lists labels of all languages, longest first', () => {
    const labels = labelsOf('invoiceNumber');
    const texts = labels.map((l) => l.text);
    for (const t of ['Invoice number', 'Rechnungs-Nr.', 'Facture n°', 'Factuurnummer'])
      expect(texts).toContain(t);
    for (const t of ['Fattura n.', 'Broj računa', 'Številka računa', 'Račun št.'])
      expect(texts).toContain(t);
    expect(labels.find((l) => l.text === 'Broj računa')?.language).toBe('hr');
    const lengths = labels.map((l) => l.text.length);
    expect([...lengths].sort((a, b) => b - a)).toEqual(lengths);
    expect(labelsOf('seller').map((l) => l.text)).toEqual(
      expect.arrayContaining(['Sold by', 'Lieferant', 'Fournisseur', 'Cedente/prestatore']),
    );
    expect(labelsOf('buyer', ['nl']).map((l) => l.text)).toContain('Klant');
    expect(labelsOf('reference', ['cs']).map((l) => l.text)).toContain('Variabilní symbol');
    expect(labelsOf('vatId', ['sk']).map((l) => l.text)).toContain('IČ DPH');
    expect(titlesOf().map((t) => t.text)).toEqual(
      expect.arrayContaining(['Invoice', 'Rechnung', 'Facture', 'Fattura', 'Factuur', 'Račun']),
    );
  });
});

describe('labelMatcher', () => {
  it('matches labels in any case, with any white space and their tail', () => {
    expect(first('INVOICE NO.: 2024-17', 'invoiceNumber')?.text).toBe('INVOICE NO.:');
    expect(first('Invoice\n  number  12', 'invoiceNumber')?.text).toBe('Invoice\n  number');
    expect(first('Invoice # 12', 'invoiceNumber')?.text).toBe('Invoice #');
    expect(first('Rechnungs-Nr. 4711', 'invoiceNumber')?.text).toBe('Rechnungs-Nr.');
    expect(first('Re.-Nr.: 4711', 'invoiceNumber')?.text).toBe('Re.-Nr.:');
    expect(first('Rechnung Nr. 4711', 'invoiceNumber')?.text).toBe('Rechnung Nr.');
    expect(first('Facture nº 12', 'invoiceNumber')?.text).toBe('Facture nº');
    expect(first('Facture no 12', 'invoiceNumber')?.text).toBe('Facture no');
    expect(first("N° d'avoir 12", 'invoiceNumber')?.text).toBe("N° d'avoir");
    expect(first('Fattura n. 12/2024', 'invoiceNumber')?.text).toBe('Fattura n.');
    expect(first('Broj računa: 1-1-1', 'invoiceNumber')?.text).toBe('Broj računa:');
    expect(first('VAT Reg.No.: GB980780684', 'vatId')?.text).toBe('VAT Reg.No.:');
    expect(first('VAT Reg No GB980780684', 'vatId')?.text).toBe('VAT Reg No');
    expect(first('P.IVA 01598570354', 'vatId')?.text).toBe('P.IVA');
    expect(first('P. IVA 01598570354', 'vatId')?.text).toBe('P. IVA');
  });

  it('matches labels with or without their accents, háčeks and umlauts', () => {
    expect(first('Stevilka racuna: 95', 'invoiceNumber')?.text).toBe('Stevilka racuna:');
    expect(first('ŠTEVILKA RAČUNA 95', 'invoiceNumber')?.text).toBe('ŠTEVILKA RAČUNA');
    expect(first('Faellig am 3.4.2024', 'dueDate')?.text).toBe('Faellig am');
    expect(first('Fallig am 3.4.2024', 'dueDate')?.text).toBe('Fallig am');
    expect(first('FÄLLIG AM 3.4.2024', 'dueDate')?.text).toBe('FÄLLIG AM');
    expect(first("Date d'echeance : 3/4/2024", 'dueDate')?.text).toBe("Date d'echeance :");
    expect(first('Date d’échéance 3/4/2024', 'dueDate')?.text).toBe('Date d’échéance');
    expect(first('Datum dospijeca 3.4.2024', 'dueDate')?.text).toBe('Datum dospijeca');
    expect(first('Dobavljac: Firma d.o.o.', 'seller')?.text).toBe('Dobavljac:');
  });

  it('matches whole words only, the longest label first', () => {
    expect(first('Invoices sent: 3', 'invoiceNumber')).toBeUndefined();
    expect(first('Totaal incl. btw 12,10', 'totalAmount')?.text).toBe('Totaal incl. btw');
    expect(first('Subtotal 10.00', 'totalAmount')).toBeUndefined();
    expect(first('Invoice note', 'invoiceNumber')?.text).toBe('Invoice');
  });
});

describe('findLabels', () => {
  it('says which label of which language and field was found', () => {
    const found = findLabels('Rechnungsnummer: 4711\nLieferdatum 01.02.2024\nZu zahlen 12,00 €');
    expect(found.map((f) => [f.field, f.language, f.text])).toEqual([
      ['invoiceNumber', 'de', 'Rechnungsnummer'],
      ['deliveryDate', 'de', 'Lieferdatum'],
      ['amountDue', 'de', 'Zu zahlen'],
    ]);
    expect(found[0]).toMatchObject({ index: 0, length: 'Rechnungsnummer:'.length });
  });

  it('prefers a label on one line to one across a line break', () => {
    const found = findLabels('RAČUN\nŠtevilka računa: 2024-000117', ['invoiceNumber']);
    expect(found.map((f) => [f.text, f.index])).toEqual([
      ['Račun', 0],
      ['Številka računa', 6],
    ]);
    expect(findLabels('Invoice\nnumber: 17', ['invoiceNumber']).map((f) => f.text)).toEqual([
      'Invoice number',
    ]);
  });

  it('gives the longer of overlapping labels of different fields', () => {
    const found = findLabels('Total excl. VAT 100.00 VAT 22.00 Total 122.00', [
      'netAmount',
      'vatAmount',
      'totalAmount',
    ]);
    expect(found.map((f) => [f.field, f.text])).toEqual([
      ['netAmount', 'Total excl. VAT'],
      ['vatAmount', 'VAT'],
      ['totalAmount', 'Total'],
    ]);
  });
});

describe('monthNumber', () => {
  it.each([
    ['August', 8],
    ['aug.', 8],
    ['avgust', 8],
    ['avgusta', 8],
    ['août', 8],
    ['aout', 8],
    ['März', 3],
    ['Maerz', 3],
    ['MRZ', 3],
    ['maart', 3],
    ['agosto', 8],
    ['kolovoza', 8],
    ['listopada', 10],
    ['studenoga', 11],
    ['Sept.', 9],
    ['déc', 12],
    ['Jänner', 1],
    ['gennaio', 1],
    ['mei', 5],
    ['maj', 5],
    ['února', 2],
    ['listopadu', 11],
    ['července', 7],
    ['stycznia', 1],
    ['października', 10],
    ['szeptember', 9],
    ['szept.', 9],
    ['septiembre', 9],
    ['diciembre', 12],
    ['augusta', 8],
  ])('%s is month %i', (word, month) => {
    expect(monthNumber(word)).toBe(month);
  });

  it('knows no other words and can be asked for one language', () => {
    expect(monthNumber('Rechnung')).toBeUndefined();
    expect(monthNumber('')).toBeUndefined();
    expect(monthNumber('mei', 'nl')).toBe(5);
    expect(monthNumber('mei', 'de')).toBeUndefined();
  });
});

describe('detectLanguage', () => {
  it.each([
    ['Invoice number 12\nInvoice date 3 August 2024\nAmount due 12.00\nBill to', 'en'],
    ['Rechnungsnummer 12\nRechnungsdatum 3. März 2024\nZahlbetrag 12,00\nKunde', 'de'],
    ['Facture n° 12\nDate de facture 3 août 2024\nNet à payer 12,00\nClient', 'fr'],
    ['Fattura n. 12\nData fattura 3 agosto 2024\nTotale da pagare 12,00', 'it'],
    ['Factuurnummer 12\nFactuurdatum 3 maart 2024\nTe betalen 12,00\nKlant', 'nl'],
    ['Številka računa 12\nDatum izdaje 3. 8. 2024\nZa plačilo 12,00\nKupec', 'sl'],
    ['Broj računa 12\nDatum izdavanja 3. kolovoza 2024\nZa platiti 12,00\nKupac', 'hr'],
    ['Stevilka racuna 12 Rok placila 3. 8. 2024 Osnova za DDV', 'sl'],
    ['Číslo faktury 12\nDatum vystavení 3. srpna 2024\nCelkem k úhradě 12,00\nOdběratel', 'cs'],
    ['Číslo faktúry 12\nDátum vyhotovenia 3. augusta 2024\nCelkom k úhrade 12,00', 'sk'],
    ['Numer faktury 12\nData wystawienia 3 sierpnia 2024\nDo zapłaty 12,00\nNabywca', 'pl'],
    ['Számlaszám 12\nSzámla kelte 2024. augusztus 3.\nFizetendő 12,00\nVevő', 'hu'],
    ['Nº de factura 12\nFecha de emisión 3 de agosto de 2024\nTotal a pagar 12,00', 'es'],
  ])('%s → %s', (text, language) => {
    expect(detectLanguage(text)).toBe(language);
  });

  it('gives undefined for a text without labels', () => {
    expect(detectLanguage('12345 67,89')).toBeUndefined();
  });
});
