import { formatCents, isSepa, toCents } from './order-checks';
import { partyText, partyTextRuleOf } from './transliterate';
import type { PainBank, PainFile, PainOrder, PainVersion } from './types';
import { element, escapeXml, parent } from './xml-text';

/**
 * pain.001 (Customer Credit Transfer Initiation) for .03 and .09, mapped as in the domain
 * notes §1.5: one PmtInf per debtor account, execution date and SEPA/non-SEPA group; counts
 * and control sums from integer cents; SI/RF references as SCOR, the purpose text in
 * Strd/AddtlRmtInf, NRC text in the one Ustrd (EPC: Ustrd or Strd, never both). Every text
 * about a party goes through one rule (partyText): č/š/ž kept only where all the payments it
 * concerns are SEPA_SI. The orders are not checked here: buildCheckedPain001 checks them and
 * the result (the XSD and the EPC rules, epc-rules.ts).
 */

const NAMESPACE: Record<PainVersion, string> = {
  'pain.001.001.03': 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.03',
  'pain.001.001.09': 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09',
};
const IBAN = /^[A-Z]{2}\d{2}[A-Za-z0-9]{1,30}$/;
const MAX_ID = 35;

interface Group {
  orders: PainOrder[];
  isSepa: boolean;
}

export function writePain001(file: PainFile): string {
  const groups = groupOrders(file.orders);
  const total = sumCents(file.orders);
  const v09 = file.version === 'pain.001.001.09';
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    `<Document xmlns="${NAMESPACE[file.version]}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">`,
    '<CstmrCdtTrfInitn>',
    parent(
      'GrpHdr',
      element('MsgId', file.messageId),
      element('CreDtTm', isoDateTime(file.createdAt)),
      element('NbOfTxs', String(file.orders.length)),
      element('CtrlSum', formatCents(total)),
      parent(
        'InitgPty',
        element('Nm', partyText(partyTextRuleOf(file.orders), file.initiatorName)),
      ),
    ),
  ];
  groups.forEach((group, index) => {
    out.push(paymentInformation(group, paymentInformationId(file.messageId, index + 1), v09));
  });
  out.push('</CstmrCdtTrfInitn></Document>\n');
  return out.join('\n');
}

/** Orders that share a PmtInf, in the order of their first order. */
function groupOrders(orders: readonly PainOrder[]): Group[] {
  const groups = new Map<string, Group>();
  for (const order of orders) {
    const key = JSON.stringify([
      order.debtorIban,
      order.debtorBic ?? '',
      order.debtorName,
      order.executionDate,
      isSepa(order),
      // Outside SEPA currencies differ: a control sum over two of them means nothing.
      isSepa(order) ? '' : order.currency,
    ]);
    let group = groups.get(key);
    if (!group) {
      group = { orders: [], isSepa: isSepa(order) };
      groups.set(key, group);
    }
    group.orders.push(order);
  }
  return [...groups.values()];
}

/** The message id with '-n', shortened to fit 35 characters: unique in the file. */
function paymentInformationId(messageId: string, n: number): string {
  const suffix = `-${n}`;
  return messageId.slice(0, MAX_ID - suffix.length) + suffix;
}

function paymentInformation(group: Group, id: string, v09: boolean): string {
  const first = group.orders[0] as PainOrder;
  const rule = partyTextRuleOf(group.orders);
  const text = (value: string) => partyText(rule, value);
  const date = v09
    ? parent('ReqdExctnDt', element('Dt', first.executionDate))
    : element('ReqdExctnDt', first.executionDate);
  return [
    '<PmtInf>',
    element('PmtInfId', id),
    '<PmtMtd>TRF</PmtMtd><BtchBookg>false</BtchBookg>',
    element('NbOfTxs', String(group.orders.length)),
    element('CtrlSum', formatCents(sumCents(group.orders))),
    group.isSepa ? '<PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl></PmtTpInf>' : '',
    date,
    parent('Dbtr', element('Nm', text(first.debtorName))),
    account('DbtrAcct', first.debtorIban),
    // EPC: a debtor agent without a BIC is 'NOTPROVIDED'.
    first.debtorBic
      ? parent('DbtrAgt', parent('FinInstnId', element(v09 ? 'BICFI' : 'BIC', first.debtorBic)))
      : '<DbtrAgt><FinInstnId><Othr><Id>NOTPROVIDED</Id></Othr></FinInstnId></DbtrAgt>',
    group.isSepa ? '<ChrgBr>SLEV</ChrgBr>' : '<ChrgBr>SHAR</ChrgBr>',
    ...group.orders.map((order) => creditTransfer(order, v09)),
    '</PmtInf>',
  ].join('');
}

function creditTransfer(order: PainOrder, v09: boolean): string {
  const rule = partyTextRuleOf([order]);
  const text = (value: string) => partyText(rule, value);
  const recipientBank: PainBank | undefined = isSepa(order)
    ? order.recipientBic
      ? { bic: order.recipientBic }
      : undefined
    : { ...order.recipientBank, bic: order.recipientBank?.bic ?? order.recipientBic };
  return [
    '<CdtTrfTxInf>',
    parent('PmtId', element('EndToEndId', order.endToEndId)),
    `<Amt><InstdAmt Ccy="${escapeXml(order.currency)}">${formatCents(toCents(order.amount) ?? 0n)}</InstdAmt></Amt>`,
    isSepa(order) ? '' : agent('IntrmyAgt1', order.intermediaryBank, v09, text),
    agent('CdtrAgt', recipientBank, v09, text),
    parent(
      'Cdtr',
      element('Nm', text(order.recipientName)),
      postalAddress(
        {
          address: order.recipientAddress,
          town: order.recipientTown,
          countryCode: order.recipientCountryCode,
        },
        text,
      ),
    ),
    account('CdtrAcct', order.recipientIban),
    parent('Purp', element('Cd', order.purposeCode)),
    remittance(order, text),
    '</CdtTrfTxInf>',
  ].join('');
}

function account(name: string, id: string): string {
  const identification = IBAN.test(id) ? element('IBAN', id) : parent('Othr', element('Id', id));
  return `<${name}><Id>${identification}</Id></${name}>`;
}

function agent(
  name: string,
  bank: PainBank | undefined,
  v09: boolean,
  text: (value: string) => string,
): string {
  if (!bank) return '';
  return parent(
    name,
    parent(
      'FinInstnId',
      element(v09 ? 'BICFI' : 'BIC', bank.bic),
      parent(
        'ClrSysMmbId',
        parent('ClrSysId', element('Cd', bank.clearingSystem)),
        element('MmbId', bank.clearingMemberId),
      ),
      element('Nm', bank.name === undefined ? undefined : text(bank.name)),
      postalAddress(bank, text),
    ),
  );
}

/** TwnNm and Ctry structured, the street as an AdrLine: valid in .03 and .09 alike. */
function postalAddress(
  { address, town, countryCode }: Pick<PainBank, 'address' | 'town' | 'countryCode'>,
  text: (value: string) => string,
): string {
  return parent(
    'PstlAdr',
    element('TwnNm', town === undefined ? undefined : text(town)),
    element('Ctry', countryCode),
    element('AdrLine', address === undefined ? undefined : text(address)),
  );
}

/** EPC (and the XSD's Max140Text): one Ustrd of at most 140 characters. */
export const MAX_USTRD = 140;

/**
 * SI/RF: Strd with the SCOR reference and the description beside it as AddtlRmtInf; NRC: one
 * Ustrd with the reference text and the description, cut to 140 characters. Never both
 * (EPC: a transaction carries Ustrd or Strd).
 */
function remittance(order: PainOrder, text: (value: string) => string): string {
  const description = order.description === undefined ? undefined : text(order.description);
  if (order.referenceType === 'NRC') {
    return parent('RmtInf', element('Ustrd', unstructuredText(text(order.reference), description)));
  }
  const reference = `<CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry></Tp>${element('Ref', order.reference)}</CdtrRefInf>`;
  return `<RmtInf><Strd>${reference}${element('AddtlRmtInf', description)}</Strd></RmtInf>`;
}

/** 'Invoice 4711, Racun 4711 za stroje': the NRC text first, as the creditor matches it. */
export function unstructuredText(reference: string, description: string | undefined): string {
  const parts = [reference.trim(), description?.trim() ?? ''].filter((part) => part !== '');
  const unique = parts.length === 2 && parts[0] === parts[1] ? [reference.trim()] : parts;
  return [...unique.join(', ')].slice(0, MAX_USTRD).join('').trimEnd();
}

function sumCents(orders: readonly PainOrder[]): bigint {
  return orders.reduce((sum, order) => sum + (toCents(order.amount) ?? 0n), 0n);
}

/** ISODateTime in UTC, to the second: '2026-11-24T13:05:00Z'. */
function isoDateTime(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}
