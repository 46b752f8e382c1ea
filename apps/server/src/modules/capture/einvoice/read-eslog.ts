import { bicOfFirstAccount, type InvoiceText } from './invoice-text';
import { childrenNamed, elementsAt, textAt, type XmlElement } from './safe-xml';

/**
 * e-SLOG 2.0 (urn:eslog:2.00): EDIFACT segments told apart by qualifiers.
 * shared/domain/PAYMENTS-AND-EINVOICES.md §5.2.
 */

/** Seller first; the invoicer and the payee stand in when the seller has no account. */
const SUPPLIER_ROLES = ['SE', 'II'];
const PAYEE_ROLES = ['SE', 'II', 'PE'];
/** The continuation elements of a name (D_3036 holds 70 characters). */
const NAME_PARTS = ['D_3036', 'D_3036_2', 'D_3036_3', 'D_3036_4', 'D_3036_5'];
/**
 * A name part that fills its element was cut where the width ran out, often inside a word
 * ('…, proizvodnj' + 'o in trženje'): the next part follows it without a space. 70 is e-SLOG
 * 2.0's width, 35 EDIFACT's (an..35), which issuers converting from EDIFACT still cut at.
 * A shorter part ended where the issuer broke the name, between words.
 */
const CUT_WIDTHS = new Set([35, 70]);

export function readEslog(root: XmlElement): InvoiceText {
  const message = childrenNamed(root, 'M_INVOIC')[0] ?? root;
  const supplier = partyIn(message, SUPPLIER_ROLES);
  const payees = accounts(message).map((account) => ({
    iban: textAt(account, ['C_C078', 'D_3194']),
    bic: textAt(account, ['C_C088', 'D_3433']),
  }));
  return {
    supplierName: supplier && partyName(supplier),
    vatId:
      supplier &&
      qualified(elementsAt(supplier, ['G_SG3', 'S_RFF', 'C_C506']), 'D_1153', 'VA', 'D_1154'),
    supplierCountry: supplier && textAt(supplier, ['S_NAD', 'D_3207']),
    ibans: payees.flatMap((account) => account.iban ?? []),
    bic: bicOfFirstAccount(payees),
    invoiceNumber: textAt(message, ['S_BGM', 'C_C106', 'D_1004']),
    documentTypeCode: textAt(message, ['S_BGM', 'C_C002', 'D_1001']),
    // 137: document date; 13: due date (in the payment terms group).
    issueDate: qualified(elementsAt(message, ['S_DTM', 'C_C507']), 'D_2005', '137', 'D_2380'),
    dueDate: qualified(elementsAt(message, ['G_SG8', 'S_DTM', 'C_C507']), 'D_2005', '13', 'D_2380'),
    // 389: total without VAT; 176: total VAT; 388 (some issuers: 77, invoice amount): total
    // with VAT; 113: prepaid; 366: rounding; 9: the amount due for payment.
    netAmount: amount(message, '389'),
    vatAmount: amount(message, '176'),
    totalAmount: amount(message, '388') ?? amount(message, '77'),
    prepaidAmount: amount(message, '113'),
    roundingAmount: amount(message, '366'),
    amountDue: amount(message, '9'),
    currencyCode: currency(message),
    // PQ: payment reference ('SI12…', 'RF…').
    reference: qualified(
      elementsAt(message, ['G_SG1', 'S_RFF', 'C_C506']),
      'D_1153',
      'PQ',
      'D_1154',
    ),
    // [S] FTX+ALQ carries the purpose code in public e-SLOG 2.0 parsers; no primary source.
    purposeCode: elementsAt(message, ['S_FTX'])
      .filter((text) => textAt(text, ['D_4451']) === 'ALQ')
      .map((text) => textAt(text, ['C_C108', 'D_4440']))
      .find(Boolean),
  };
}

/** The text of `valuePath` in the first element whose `qualifier` child is `code`. */
function qualified(
  elements: XmlElement[],
  qualifier: string,
  code: string,
  value: string,
): string | undefined {
  const match = elements.find((element) => textAt(element, [qualifier]) === code);
  return match && textAt(match, [value]);
}

/** The G_SG2 party group of the first role that has one. */
function partyIn(message: XmlElement, roles: string[]): XmlElement | undefined {
  const parties = childrenNamed(message, 'G_SG2');
  for (const role of roles) {
    const party = parties.find((each) => textAt(each, ['S_NAD', 'D_3035']) === role);
    if (party) return party;
  }
  return undefined;
}

function partyName(party: XmlElement): string | undefined {
  const names = elementsAt(party, ['S_NAD', 'C_C080'])[0];
  const parts = NAME_PARTS.map((name) => (names && textAt(names, [name])) ?? '').filter(Boolean);
  if (parts.length === 0) return undefined;
  return parts.reduce((name, part, index) => {
    const previous = parts[index - 1] ?? '';
    return name + (CUT_WIDTHS.has(previous.length) ? '' : ' ') + part;
  });
}

/** The RB (account with bank) S_FII segments of the payee, seller first. */
function accounts(message: XmlElement): XmlElement[] {
  const parties = childrenNamed(message, 'G_SG2');
  return PAYEE_ROLES.flatMap((role) =>
    parties
      .filter((party) => textAt(party, ['S_NAD', 'D_3035']) === role)
      .flatMap((party) => childrenNamed(party, 'S_FII'))
      .filter((account) => textAt(account, ['D_3035']) === 'RB'),
  );
}

function amount(message: XmlElement, code: string): string | undefined {
  return qualified(elementsAt(message, ['G_SG50', 'S_MOA', 'C_C516']), 'D_5025', code, 'D_5004');
}

/** The invoice currency: the CUX with qualifier 2 (reference currency), else the first. */
function currency(message: XmlElement): string | undefined {
  const currencies = elementsAt(message, ['G_SG7', 'S_CUX', 'C_C504']);
  return (
    qualified(currencies, 'D_6347', '2', 'D_6345') ??
    currencies.map((each) => textAt(each, ['D_6345'])).find(Boolean)
  );
}
