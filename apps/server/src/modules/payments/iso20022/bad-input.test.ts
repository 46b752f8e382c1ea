import { describe, expect, it } from 'vitest';
import { expectBankReady } from './bank-ready';
import { writeCamt053 } from './camt-fixture';
import { readCamt } from './camt-read';
import { readPain001 } from './pain001-read';
import { writePain001 } from './pain001-write';
import { PaymentsFileError } from './payments-file-error';
import { DEBTOR_IBAN, painFile, sepaSiOrder } from './test-orders';

/** Files a user or a bank might hand over: each gets a clear error or problem, none a crash. */

const GOOD = writePain001(
  painFile('pain.001.001.03', [
    sepaSiOrder({ endToEndId: 'PO-1', amount: '10.00' }),
    sepaSiOrder({ endToEndId: 'PO-2', amount: '20.00' }),
  ]),
);

describe('the good file the bad ones are made from', () => {
  it('is one a bank takes (XSD and EPC rules)', async () => {
    await expectBankReady(GOOD, 'pain.001.001.03');
  });
});

function errorOf(read: () => unknown): PaymentsFileError {
  try {
    read();
  } catch (error) {
    if (error instanceof PaymentsFileError) return error;
    throw error;
  }
  throw new Error('no error');
}

/** ISO-8859-2 bytes of the text: ASCII as is, the Slovenian letters by their Latin-2 codes. */
function latin2(text: string): Buffer {
  const codes: Record<string, number> = { č: 0xe8, š: 0xb9, ž: 0xbe, Č: 0xc8, Š: 0xa9, Ž: 0xae };
  return Buffer.from([...text].map((char) => codes[char] ?? char.charCodeAt(0)));
}

describe('malformed and hostile XML', () => {
  it.each([
    ['cut off', GOOD.slice(0, GOOD.length / 2)],
    ['unclosed element', '<Document><CstmrCdtTrfInitn></Document>'],
    ['text only', 'not xml at all'],
    ['empty', ''],
  ])('refuses %s XML as malformed', (_, xml) => {
    expect(errorOf(() => readPain001(xml)).code).toBe('errors.payments.xml.malformed');
  });

  it('refuses a DOCTYPE with an external entity before anything reads it', () => {
    const xml = GOOD.replace(
      '<Document',
      '<!DOCTYPE Document [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<Document',
    ).replace('PO-1', '&xxe;');
    const error = errorOf(() => readPain001(xml));
    expect(error.code).toBe('errors.payments.xml.entities');
    expect(error.statusCode).toBe(400);
  });

  it('refuses billion laughs at once', () => {
    const entities = Array.from(
      { length: 9 },
      (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`,
    ).join('');
    const xml = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol0 "lol">${entities}]><lolz>&lol9;</lolz>`;
    const started = Date.now();
    expect(errorOf(() => readCamt(xml)).code).toBe('errors.payments.xml.entities');
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('refuses elements nested deeper than any payment file', () => {
    const xml = `${'<a>'.repeat(200)}${'</a>'.repeat(200)}`;
    expect(errorOf(() => readCamt(xml)).code).toBe('errors.payments.xml.tooDeep');
  });

  it('refuses a file over the size bound without decoding it', () => {
    const error = errorOf(() => readCamt(Buffer.alloc(201 * 1024 * 1024, 0x20)));
    expect([error.code, error.parameters]).toEqual([
      'errors.payments.xml.tooLarge',
      ['201,0', '200,0'],
    ]);
  });
});

describe('encodings', () => {
  const slovenian = GOOD.replace(/Dobavitelj Čičerko/g, 'Žaga Čuk in Šilc');

  it('reads an ISO-8859-2 file by its declaration', () => {
    const bytes = latin2(slovenian.replace('encoding="UTF-8"', 'encoding="ISO-8859-2"'));
    const { orders, problems } = readPain001(bytes);
    expect(problems).toEqual([]);
    expect(orders[0]?.recipientName).toBe('Žaga Čuk in Šilc d.o.o.');
    expect(orders[0]?.debtorName).toBe('Plačnik d.o.o.');
  });

  it('reads UTF-16 with a byte order mark', () => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(slovenian, 'utf16le')]);
    expect(readPain001(bytes).orders[0]?.recipientName).toBe('Žaga Čuk in Šilc d.o.o.');
  });

  it('refuses Latin-2 bytes in a file that says (or defaults to) UTF-8, naming the line', () => {
    const error = errorOf(() => readPain001(latin2(slovenian)));
    expect(error.code).toBe('errors.payments.xml.encoding');
    expect(error.parameters).toEqual(['UTF-8', 5]);
  });

  it('refuses an encoding it does not know', () => {
    const xml = Buffer.from(GOOD.replace('encoding="UTF-8"', 'encoding="x-klingon"'));
    expect(errorOf(() => readPain001(xml)).parameters).toEqual(['x-klingon']);
  });
});

describe('orders a bank would refuse', () => {
  it('reports 3 decimals and a negative amount per order', () => {
    const xml = GOOD.replace('>10.00<', '>10.005<').replace('>20.00<', '>-20.00<');
    const { orders, problems } = readPain001(xml);
    expect(orders.map((order) => order.amount)).toEqual(['10.005', '-20.00']);
    // Control sums are only compared when every amount is one.
    expect(problems).toEqual([
      { index: 0, field: 'amount', code: 'payments.order.amount.decimals', parameters: ['10.005'] },
      {
        index: 1,
        field: 'amount',
        code: 'payments.order.amount.notPositive',
        parameters: ['-20.00'],
      },
    ]);
  });

  it('reports a SEPA order in another currency than EUR', () => {
    const { problems } = readPain001(GOOD.replace('Ccy="EUR">20.00', 'Ccy="USD">20.00'));
    expect(problems).toEqual([
      { index: 1, field: 'currency', code: 'payments.order.currency.notEur', parameters: ['USD'] },
    ]);
  });

  it('reports counts and control sums that do not match the orders', () => {
    const xml = GOOD.replace(
      '<NbOfTxs>2</NbOfTxs><CtrlSum>30.00</CtrlSum>',
      '<NbOfTxs>3</NbOfTxs><CtrlSum>31.00</CtrlSum>',
    );
    expect(readPain001(xml).problems).toEqual([
      { index: -1, code: 'payments.file.countMismatch', parameters: ['GrpHdr', '3', 2] },
      { index: -1, code: 'payments.file.sumMismatch', parameters: ['GrpHdr', '31.00', '30.00'] },
    ]);
  });
});

describe('files of another kind', () => {
  const camt = writeCamt053([], { iban: DEBTOR_IBAN });

  it('refuses a camt.053 as a pain.001 and a pain.001 as a camt', () => {
    expect(errorOf(() => readPain001(camt)).code).toBe('errors.payments.xml.notPain001');
    expect(errorOf(() => readCamt(GOOD)).code).toBe('errors.payments.xml.notCamt');
  });

  it('refuses an e-invoice, naming its namespace', () => {
    const ubl =
      '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><ID>1</ID></Invoice>';
    const error = errorOf(() => readPain001(ubl));
    expect([error.code, error.parameters]).toEqual([
      'errors.payments.xml.notPain001',
      ['urn:oasis:names:specification:ubl:schema:xsd:Invoice-2'],
    ]);
  });

  it('refuses versions it does not read', () => {
    const v10 = GOOD.replace('pain.001.001.03', 'pain.001.001.10');
    expect(errorOf(() => readPain001(v10)).parameters).toEqual(['pain.001.001.10']);
    const v06 = camt.replace('camt.053.001.02', 'camt.053.001.06');
    expect(errorOf(() => readCamt(v06)).code).toBe('errors.payments.xml.unsupportedVersion');
  });
});
