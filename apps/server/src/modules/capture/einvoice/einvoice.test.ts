import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseEInvoice, type CapturedFields, type EInvoiceResult } from './einvoice';
import { CII_EXAMPLE_VALUES, ESLOG_SAMPLE_VALUES, fixture } from './test-invoices';

/**
 * The samples of shared/domain/samples (copied to files/fixtures), each read by eye: the
 * expected values below are written out from the XML, not computed by the code under test.
 */

/** The field values alone, and every confidence, for compact comparisons. */
const valuesOf = (fields: CapturedFields) =>
  Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, field.value]));
const confidencesOf = (result: EInvoiceResult) =>
  new Set(Object.values(result.fields).map((field) => field.confidence));

const ESLOG = fixture('eslog20_constructed_minimal_invoice.xml').toString('utf8');
const eslogWith = (from: string, to: string): Buffer => {
  expect(ESLOG).toContain(from);
  return Buffer.from(ESLOG.replace(from, to), 'utf8');
};

describe('parseEInvoice on the samples', () => {
  it('reads every field of the e-SLOG 2.0 sample exactly, from a schema-valid file', async () => {
    const result = await parseEInvoice(fixture('eslog20_constructed_minimal_invoice.xml'));
    expect(result).toMatchObject({ format: 'eslog20', valid: true, schemaErrors: [] });
    expect(valuesOf(result.fields)).toEqual(ESLOG_SAMPLE_VALUES);
    expect(confidencesOf(result)).toEqual(new Set([1]));
    expect(Object.values(result.fields).every((field) => field.source === 'einvoice')).toBe(true);
    expect(result.problems).toEqual([]);
  });

  it('reads the Peppol BIS 3 sample and flags its account, which is no IBAN', async () => {
    const result = await parseEInvoice(fixture('BIS3_Invoice_positive.xml'));
    expect(result).toMatchObject({ format: 'ubl', valid: true, schemaErrors: [] });
    expect(valuesOf(result.fields)).toEqual({
      supplierName: 'Company A',
      vatId: 'DK12345678',
      iban: '1234567891234',
      invoiceNumber: '12345',
      issueDate: '2019-01-25',
      dueDate: '2019-02-24',
      netAmount: '625743.54',
      vatAmount: '156435.89',
      totalAmount: '782179.43',
      amountDue: '782179.43',
      currencyCode: 'DKK',
      referenceModel: 'NRC',
      reference: '12345667890',
    });
    expect(confidencesOf(result)).toEqual(new Set([1]));
    expect(result.problems).toEqual([
      { field: 'iban', code: 'validation.iban.format', parameters: [] },
    ]);
  });

  it('reads the CEN UBL example, compacts its IBAN and offers its second account', async () => {
    const result = await parseEInvoice(fixture('ubl-tc434-example1.xml'));
    expect(result).toMatchObject({ format: 'ubl', valid: true, schemaErrors: [] });
    expect(valuesOf(result.fields)).toEqual({
      supplierName: 'De Koksmaat',
      vatId: 'NL8200.98.395.B.01',
      iban: 'NL57RABO0107307510',
      invoiceNumber: '12115118',
      issueDate: '2015-01-09',
      dueDate: '2015-01-09',
      netAmount: '229.60',
      vatAmount: '20.73',
      totalAmount: '250.33',
      amountDue: '250.33',
      currencyCode: 'EUR',
      referenceModel: 'NRC',
      reference: 'Deb. 10202 / Fact. 12115118',
    });
    expect(result.problems).toEqual([
      { field: 'iban', code: 'capture.iban.alternatives', parameters: ['NL03INGB0004489902'] },
    ]);
  });

  it('UBL: the BIC of the account captured, from FinancialInstitution before the branch ID', async () => {
    const ubl = fixture('ubl-tc434-example1.xml').toString('utf8');
    const withBranch = (account: string, branch: string) => {
      const at = `<cbc:ID>${account}</cbc:ID>`;
      expect(ubl).toContain(at);
      return Buffer.from(ubl.replace(at, `${at}${branch}`), 'utf8');
    };
    // As EHF 2.0 writes it (ehf-2.0_T10 of the conformance corpus): a branch number beside
    // the BIC, which UBL 2.1 puts in FinancialInstitution.
    const ubl21 = await parseEInvoice(
      withBranch(
        'NL57 RABO 0107307510',
        '<cac:FinancialInstitutionBranch><cbc:ID>9710</cbc:ID><cac:FinancialInstitution>' +
          '<cbc:ID schemeID="BIC">RABONL2U</cbc:ID></cac:FinancialInstitution></cac:FinancialInstitutionBranch>',
      ),
    );
    expect(ubl21.valid).toBe(true);
    expect(ubl21.fields.bic?.value).toBe('RABONL2U');
    // Peppol BIS 3: the branch's ID is the BIC.
    const bis3 = await parseEInvoice(
      withBranch(
        'NL57 RABO 0107307510',
        '<cac:FinancialInstitutionBranch><cbc:ID>RABONL2U</cbc:ID></cac:FinancialInstitutionBranch>',
      ),
    );
    expect(bis3.fields.bic?.value).toBe('RABONL2U');
    // The bank of the second account is not the first account's.
    const second = await parseEInvoice(
      withBranch(
        'NL03 INGB 0004489902',
        '<cac:FinancialInstitutionBranch><cbc:ID>INGBNL2A</cbc:ID></cac:FinancialInstitutionBranch>',
      ),
    );
    expect(second.valid).toBe(true);
    expect(second.fields.iban?.value).toBe('NL57RABO0107307510');
    expect(second.fields.bic).toBeUndefined();
  });

  it('CII: the BIC given with the same account in a later payment means, not another bank', async () => {
    const cii = fixture('CII_example1.xml').toString('utf8');
    const means = (iban: string, bic: string) =>
      '<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>30</ram:TypeCode>' +
      `<ram:PayeePartyCreditorFinancialAccount><ram:IBANID>${iban}</ram:IBANID></ram:PayeePartyCreditorFinancialAccount>` +
      `<ram:PayeeSpecifiedCreditorFinancialInstitution><ram:BICID>${bic}</ram:BICID></ram:PayeeSpecifiedCreditorFinancialInstitution>` +
      '</ram:SpecifiedTradeSettlementPaymentMeans>';
    // After the last payment means of the header.
    const end = '</ram:SpecifiedTradeSettlementPaymentMeans>';
    const at = cii.lastIndexOf(end) + end.length;
    expect(at).toBeGreaterThan(end.length);
    const withMeans = (extra: string) =>
      Buffer.from(`${cii.slice(0, at)}${extra}${cii.slice(at)}`, 'utf8');
    const same = await parseEInvoice(withMeans(means('NL57RABO0107307510', 'RABONL2U')));
    expect(same.valid).toBe(true);
    expect(same.fields.bic?.value).toBe('RABONL2U');
    const other = await parseEInvoice(withMeans(means('NL03INGB0004489902', 'INGBNL2A')));
    expect(other.valid).toBe(true);
    expect(other.fields.bic).toBeUndefined();
  });

  it('takes a CII charge reason from UNTDID 7161, as EN 16931 and the CEN validation do', async () => {
    // CEN's CII_example3 (conformance corpus): a charge with reason code FC (freight).
    const xml = readFileSync(new URL('./corpus/cii/CII_example3.xml', import.meta.url));
    expect(xml.toString('utf8')).toContain('<ram:ReasonCode>FC</ram:ReasonCode>');
    const result = await parseEInvoice(xml);
    expect(result).toMatchObject({ format: 'cii', valid: true, schemaErrors: [] });
    expect(confidencesOf(result)).toEqual(new Set([1]));
  });

  it('reads the CEN CII example with its format 102 dates and amounts to two places', async () => {
    const result = await parseEInvoice(fixture('CII_example1.xml'));
    expect(result).toMatchObject({ format: 'cii', valid: true, schemaErrors: [] });
    expect(valuesOf(result.fields)).toEqual(CII_EXAMPLE_VALUES);
    expect(confidencesOf(result)).toEqual(new Set([1]));
    expect(result.problems).toEqual([]);
  });
});

/** A sample with its totals changed as an invoice after a prepayment or rounding has them. */
const sampleWith = (name: string, from: string, to: string): Buffer => {
  const xml = fixture(name).toString('utf8');
  expect(xml).toContain(from);
  return Buffer.from(xml.replace(from, to), 'utf8');
};

describe('parseEInvoice: the total and the amount due apart (issue 21)', () => {
  it('UBL: PrepaidAmount and PayableRoundingAmount set the amount due apart from the total', async () => {
    const result = await parseEInvoice(
      sampleWith(
        'ubl-tc434-example1.xml',
        '<cbc:PayableAmount currencyID="EUR">250.33</cbc:PayableAmount>',
        '<cbc:PrepaidAmount currencyID="EUR">100.00</cbc:PrepaidAmount>' +
          '<cbc:PayableRoundingAmount currencyID="EUR">-0.03</cbc:PayableRoundingAmount>' +
          '<cbc:PayableAmount currencyID="EUR">150.30</cbc:PayableAmount>',
      ),
    );
    expect(result.valid).toBe(true);
    expect(valuesOf(result.fields)).toMatchObject({
      totalAmount: '250.33',
      prepaidAmount: '100.00',
      roundingAmount: '-0.03',
      amountDue: '150.30',
    });
    expect(result.problems.filter((p) => p.field !== 'iban')).toEqual([]);
  });

  it('CII: TotalPrepaidAmount and DuePayableAmount, and a due amount that does not add up', async () => {
    const prepaid = await parseEInvoice(
      sampleWith(
        'CII_example1.xml',
        '<ram:DuePayableAmount>250.33</ram:DuePayableAmount>',
        '<ram:TotalPrepaidAmount>200.00</ram:TotalPrepaidAmount>' +
          '<ram:DuePayableAmount>50.33</ram:DuePayableAmount>',
      ),
    );
    expect(prepaid.valid).toBe(true);
    expect(valuesOf(prepaid.fields)).toMatchObject({
      totalAmount: '250.33',
      prepaidAmount: '200.00',
      amountDue: '50.33',
    });
    expect(prepaid.problems).toEqual([]);
    const wrong = await parseEInvoice(
      sampleWith(
        'CII_example1.xml',
        '<ram:DuePayableAmount>250.33</ram:DuePayableAmount>',
        '<ram:DuePayableAmount>250.34</ram:DuePayableAmount>',
      ),
    );
    expect(wrong.fields.amountDue?.value).toBe('250.34');
    expect(wrong.problems).toEqual([
      {
        field: 'amountDue',
        code: 'capture.amountDue.mismatch',
        parameters: ['250.33', '0.00', '0.00', '250.34'],
      },
    ]);
  });

  it('e-SLOG: MOA 113 prepaid and MOA 9 amount due; MOA 77 stands for a missing 388', async () => {
    const moa = (code: string, amount: string) =>
      `<G_SG50><S_MOA><C_C516><D_5025>${code}</D_5025><D_5004>${amount}</D_5004></C_C516></S_MOA></G_SG50>`;
    const prepaid = await parseEInvoice(
      eslogWith(moa('9', '122.00'), `${moa('113', '100.00')}${moa('9', '22.00')}`),
    );
    expect(prepaid.valid).toBe(true);
    expect(valuesOf(prepaid.fields)).toMatchObject({
      totalAmount: '122.00',
      prepaidAmount: '100.00',
      amountDue: '22.00',
    });
    expect(prepaid.problems).toEqual([]);
    const seventySeven = await parseEInvoice(eslogWith(moa('388', '122.00'), moa('77', '122.00')));
    expect(seventySeven.fields.totalAmount?.value).toBe('122.00');
    expect(seventySeven.problems).toEqual([]);
  });
});

describe('parseEInvoice on files that break a rule', () => {
  it('reports a schema-invalid file with readable errors and its values at lower confidence', async () => {
    const result = await parseEInvoice(
      eslogWith('<D_2380>2025-03-07</D_2380>', '<D_2380>2025-03-07</D_2380><D_9999>x</D_9999>'),
    );
    expect(result.valid).toBe(false);
    expect(result.schemaErrors).toHaveLength(1);
    expect(result.schemaErrors[0]).toMatch(
      /^Line 17: Element 'D_9999': This element is not expected/,
    );
    expect(result.fields.totalAmount).toEqual({
      value: '122.00',
      confidence: 0.8,
      source: 'einvoice',
    });
    expect(confidencesOf(result)).toEqual(new Set([0.8]));
    expect(Object.keys(result.fields)).toHaveLength(14);
  });

  it('gives at most five schema errors, one short line each', async () => {
    const extra = '<D_9999>x</D_9999>'.repeat(3);
    const xml = ESLOG.replaceAll('</D_5004>', `</D_5004>${extra}`);
    const result = await parseEInvoice(Buffer.from(xml, 'utf8'));
    expect(result.valid).toBe(false);
    expect(result.schemaErrors).toHaveLength(5);
    for (const error of result.schemaErrors) {
      expect(error).not.toContain('\n');
      expect(error.length).toBeLessThanOrEqual(320);
      expect(error).not.toContain('{urn:eslog:2.00}');
    }
  });

  it('flags an IBAN with a wrong check digit and keeps the value', async () => {
    const result = await parseEInvoice(eslogWith('SI56020170014356205', 'SI56020170014356204'));
    expect(result.valid).toBe(true);
    expect(result.fields.iban?.value).toBe('SI56020170014356204');
    expect(result.problems).toEqual([
      { field: 'iban', code: 'validation.iban.checksum', parameters: [] },
    ]);
  });

  it('flags a total that is not net plus VAT, to the cent', async () => {
    const result = await parseEInvoice(
      eslogWith(
        '<D_5025>388</D_5025><D_5004>122.00</D_5004>',
        '<D_5025>388</D_5025><D_5004>122.01</D_5004>',
      ),
    );
    expect(result.problems).toEqual([
      {
        field: 'totalAmount',
        code: 'capture.totals.mismatch',
        parameters: ['100.00', '22.00', '122.01', '122.00'],
      },
      {
        field: 'amountDue',
        code: 'capture.amountDue.mismatch',
        parameters: ['122.01', '0.00', '0.00', '122.00'],
      },
    ]);
  });

  it('flags a payment reference whose SI check digit is wrong', async () => {
    const result = await parseEInvoice(eslogWith('SI1212345678909', 'SI1212345678908'));
    expect(result.problems).toEqual([
      {
        field: 'reference',
        code: 'capture.reference.checkDigit',
        parameters: ['SI12', '12345678908'],
      },
    ]);
  });

  it('splits an RF reference into RF and its check digits, then the rest', async () => {
    const result = await parseEInvoice(eslogWith('SI1212345678909', 'RF18 5390 0754 7034'));
    expect(valuesOf(result.fields)).toMatchObject({
      referenceModel: 'RF18',
      reference: '539007547034',
    });
    expect(result.problems).toEqual([]);
  });

  it('flags a wrong Slovenian VAT ID, a date that does not exist and a due date before issue', async () => {
    const xml = ESLOG.replace('SI50223054', 'SI50223055').replace(
      '<D_2380>2025-04-09</D_2380>',
      '<D_2380>2025-02-30</D_2380>',
    );
    const result = await parseEInvoice(Buffer.from(xml, 'utf8'));
    // xsd:date refuses 30 February too, so the file is also schema-invalid.
    expect(result.valid).toBe(false);
    expect(result.problems).toEqual([
      { field: 'vatId', code: 'validation.vatId', parameters: [] },
      { field: 'dueDate', code: 'capture.date.invalid', parameters: ['2025-02-30'] },
    ]);
    const early = await parseEInvoice(
      eslogWith('<D_2380>2025-04-09</D_2380>', '<D_2380>2025-03-01</D_2380>'),
    );
    expect(early.problems).toEqual([
      {
        field: 'dueDate',
        code: 'capture.dueDate.beforeIssueDate',
        parameters: ['2025-03-01', '2025-03-10'],
      },
    ]);
  });

  it('adds the country prefix to a VAT ID written without one, a little less sure', async () => {
    const result = await parseEInvoice(eslogWith('SI50223054', '50223054'));
    expect(result.fields.vatId).toEqual({
      value: 'SI50223054',
      confidence: 0.9,
      source: 'einvoice',
    });
    expect(result.problems).toEqual([]);
  });

  it('joins an e-SLOG name cut at the width of its element without a space, others with one', async () => {
    // As PR5690-Slika1.XML of the conformance corpus writes it: cut at EDIFACT's 35 characters.
    const name = (...parts: string[]) =>
      parts
        .map((part, index) =>
          index === 0
            ? `<D_3036>${part}</D_3036>`
            : `<D_3036_${index + 1}>${part}</D_3036_${index + 1}>`,
        )
        .join('');
    const original = name('Dobavitelj d.o.o.');
    const cut = await parseEInvoice(
      eslogWith(original, name('KVIBO, družba za razvoj, proizvodnj', 'o in trženje', 'D.O.O.')),
    );
    expect(cut.valid).toBe(true);
    expect(cut.fields.supplierName?.value).toBe(
      'KVIBO, družba za razvoj, proizvodnjo in trženje D.O.O.',
    );
    const atWords = await parseEInvoice(eslogWith(original, name('Dobavitelj', 'd.o.o.')));
    expect(atWords.fields.supplierName?.value).toBe('Dobavitelj d.o.o.');
    const atSeventy = await parseEInvoice(
      eslogWith(original, name(`${'Trgovsko podjetje '.repeat(3)}za prodajo na de`, 'belo d.o.o.')),
    );
    expect(atSeventy.fields.supplierName?.value).toBe(
      `${'Trgovsko podjetje '.repeat(3)}za prodajo na debelo d.o.o.`,
    );
  });

  it('reads a purpose code from FTX+ALQ and flags one that ISO 20022 does not know', async () => {
    const ftx = (code: string) =>
      `<S_FTX><D_4451>ALQ</D_4451><C_C108><D_4440>${code}</D_4440></C_C108></S_FTX>`;
    const anchor = '<G_SG1>';
    const known = await parseEInvoice(eslogWith(anchor, `${ftx('SUPP')}${anchor}`));
    expect(known.fields.purposeCode?.value).toBe('SUPP');
    expect(known.valid).toBe(true);
    expect(known.problems).toEqual([]);
    const unknown = await parseEInvoice(eslogWith(anchor, `${ftx('ZZZZ')}${anchor}`));
    expect(unknown.problems).toEqual([
      { field: 'purposeCode', code: 'capture.purposeCode.unknown', parameters: ['ZZZZ'] },
    ]);
  });

  it('says which essential values an e-invoice lacks', async () => {
    const xml = ESLOG.replace(/<G_SG50><S_MOA><C_C516><D_5025>388<\/D_5025>.*?<\/G_SG50>/, '');
    const result = await parseEInvoice(Buffer.from(xml, 'utf8'));
    expect(result.fields.totalAmount).toBeUndefined();
    expect(result.problems).toEqual([
      { field: 'totalAmount', code: 'capture.field.missing', parameters: [] },
    ]);
  });

  it('decodes the predefined entities and character references in values', async () => {
    const result = await parseEInvoice(
      eslogWith('Dobavitelj d.o.o.', 'Kova&#269; &amp; sinovi d.o.o.'),
    );
    expect(result.fields.supplierName?.value).toBe('Kovač & sinovi d.o.o.');
  });

  it('reads a file declared in another encoding', async () => {
    const xml = ESLOG.replace('encoding="UTF-8"', 'encoding="ISO-8859-2"').replace(
      'Dobavitelj d.o.o.',
      'Šumi d.o.o.',
    );
    // ISO-8859-2 writes Š as 0xA9.
    const bytes = Buffer.from(xml.replace('Š', '\u00a9'), 'latin1');
    const result = await parseEInvoice(bytes);
    expect(result.valid).toBe(true);
    expect(result.fields.supplierName?.value).toBe('Šumi d.o.o.');
  });
});
