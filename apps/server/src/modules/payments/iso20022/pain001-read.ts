import { childrenNamed, elementsAt, textAt } from '../../capture/einvoice/safe-xml';
import { checkPainOrders, formatCents, toCents } from './order-checks';
import { PaymentsFileError } from './payments-file-error';
import { readPaymentsXml, type XmlElement } from './safe-read';
import {
  PAIN_VERSIONS,
  type OrderProblem,
  type PainBank,
  type PainOrder,
  type PainVersion,
} from './types';

/**
 * A pain.001.001.03 or .09 back to orders: the inverse of writePain001 (which it round-trips
 * exactly, but for transliterated text and recipientBic, which for non-SEPA orders is the
 * creditor agent's BIC), and a reader of other programs' files. Every order is checked as
 * buildCheckedPain001 would; problems with index -1 are about the file's control totals.
 */

export interface Pain001Read {
  version: PainVersion;
  messageId: string;
  orders: PainOrder[];
  problems: OrderProblem[];
}

const NAMESPACE_PREFIX = 'urn:iso:std:iso:20022:tech:xsd:';

export function readPain001(xml: string | Buffer): Pain001Read {
  const { root, namespace } = readPaymentsXml(xml);
  const message = namespace.startsWith(NAMESPACE_PREFIX)
    ? namespace.slice(NAMESPACE_PREFIX.length)
    : '';
  const initiation = childrenNamed(root, 'CstmrCdtTrfInitn')[0];
  if (root.name !== 'Document' || !message.startsWith('pain.001.') || !initiation) {
    throw new PaymentsFileError('errors.payments.xml.notPain001', [namespace || root.name]);
  }
  const version = PAIN_VERSIONS.find((known) => known === message);
  if (!version) throw new PaymentsFileError('errors.payments.xml.unsupportedVersion', [message]);
  const orders: PainOrder[] = [];
  const problems: OrderProblem[] = [];
  for (const paymentInformation of childrenNamed(initiation, 'PmtInf')) {
    const transfers = childrenNamed(paymentInformation, 'CdtTrfTxInf');
    const block = transfers.map((transfer) => readOrder(paymentInformation, transfer));
    problems.push(
      ...checkTotals(
        paymentInformation,
        block,
        `PmtInf ${textAt(paymentInformation, ['PmtInfId']) ?? ''}`,
      ),
    );
    orders.push(...block);
  }
  const header = childrenNamed(initiation, 'GrpHdr')[0];
  if (header) problems.push(...checkTotals(header, orders, 'GrpHdr'));
  problems.push(...checkPainOrders(orders));
  return { version, messageId: (header && textAt(header, ['MsgId'])) ?? '', orders, problems };
}

function readOrder(block: XmlElement, transfer: XmlElement): PainOrder {
  const amount = elementsAt(transfer, ['Amt', 'InstdAmt'])[0];
  const recipientIban = accountId(transfer, 'CdtrAcct');
  const isSepa = [block, transfer].some(
    (each) => textAt(each, ['PmtTpInf', 'SvcLvl', 'Cd']) === 'SEPA',
  );
  const creditorAgent = bank(transfer, 'CdtrAgt');
  const intermediaryBank = bank(transfer, 'IntrmyAgt1');
  const debtorBic = bicOf(elementsAt(block, ['DbtrAgt', 'FinInstnId'])[0]);
  const cents = toCents(amount?.text ?? '');
  const date =
    textAt(block, ['ReqdExctnDt', 'Dt']) ??
    textAt(block, ['ReqdExctnDt', 'DtTm']) ??
    textAt(block, ['ReqdExctnDt']);
  const address = postalAddress(elementsAt(transfer, ['Cdtr', 'PstlAdr'])[0]);
  return withoutUndefined({
    endToEndId: textAt(transfer, ['PmtId', 'EndToEndId']) ?? '',
    amount: cents === undefined ? (amount?.text ?? '') : formatCents(cents),
    currency: amount?.attributes.Ccy ?? '',
    paymentType: !isSepa ? 'NONSEPA' : recipientIban.startsWith('SI') ? 'SEPA_SI' : 'SEPA',
    executionDate: date?.slice(0, 10) ?? '',
    debtorIban: accountId(block, 'DbtrAcct'),
    debtorBic,
    debtorName: textAt(block, ['Dbtr', 'Nm']) ?? '',
    recipientName: textAt(transfer, ['Cdtr', 'Nm']) ?? '',
    recipientIban,
    recipientBic: creditorAgent?.bic,
    recipientAddress: address.address,
    recipientTown: address.town,
    recipientCountryCode: address.countryCode,
    ...remittance(transfer),
    purposeCode: textAt(transfer, ['Purp', 'Cd']),
    recipientBank: isSepa ? undefined : creditorAgent,
    intermediaryBank: isSepa ? undefined : intermediaryBank,
  });
}

function remittance(
  transfer: XmlElement,
): Pick<PainOrder, 'referenceType' | 'reference' | 'description'> {
  const information = childrenNamed(transfer, 'RmtInf')[0];
  const reference = information && textAt(information, ['Strd', 'CdtrRefInf', 'Ref']);
  const unstructured = information && textAt(information, ['Ustrd']);
  const additional = information && textAt(information, ['Strd', 'AddtlRmtInf']);
  if (reference === undefined) {
    return { referenceType: 'NRC', reference: unstructured ?? '', description: additional };
  }
  const referenceType = reference.startsWith('SI')
    ? 'SI'
    : reference.startsWith('RF')
      ? 'RF'
      : 'NRC';
  return { referenceType, reference, description: additional ?? unstructured };
}

/** Account id: the IBAN, or another identifier outside SEPA. */
function accountId(parent: XmlElement, name: string): string {
  return textAt(parent, [name, 'Id', 'IBAN']) ?? textAt(parent, [name, 'Id', 'Othr', 'Id']) ?? '';
}

function bicOf(institution: XmlElement | undefined): string | undefined {
  return institution && (textAt(institution, ['BIC']) ?? textAt(institution, ['BICFI']));
}

function bank(transfer: XmlElement, agent: string): PainBank | undefined {
  const institution = elementsAt(transfer, [agent, 'FinInstnId'])[0];
  if (!institution) return undefined;
  return withoutUndefined({
    bic: bicOf(institution),
    clearingSystem: textAt(institution, ['ClrSysMmbId', 'ClrSysId', 'Cd']),
    clearingMemberId: textAt(institution, ['ClrSysMmbId', 'MmbId']),
    name: textAt(institution, ['Nm']),
    ...postalAddress(childrenNamed(institution, 'PstlAdr')[0]),
  });
}

/**
 * TwnNm and the first AdrLine as writePain001 puts them; from other programs also street and
 * building, or the town as the second AdrLine ('1000 Ljubljana').
 */
function postalAddress(
  address: XmlElement | undefined,
): Pick<PainBank, 'address' | 'town' | 'countryCode'> {
  if (!address) return {};
  const lines = childrenNamed(address, 'AdrLine').map((line) => line.text);
  const street = [textAt(address, ['StrtNm']), textAt(address, ['BldgNb'])]
    .filter(Boolean)
    .join(' ');
  const postCode = textAt(address, ['PstCd']);
  const town = textAt(address, ['TwnNm']);
  return withoutUndefined({
    address: street || lines[0],
    town: town ? [postCode, town].filter(Boolean).join(' ') : street ? lines[0] : lines[1],
    countryCode: textAt(address, ['Ctry']),
  });
}

/** NbOfTxs and CtrlSum against the orders they count. */
function checkTotals(
  element: XmlElement,
  orders: readonly PainOrder[],
  where: string,
): OrderProblem[] {
  const problems: OrderProblem[] = [];
  const count = textAt(element, ['NbOfTxs']);
  if (count !== undefined && count !== String(orders.length)) {
    problems.push({
      index: -1,
      code: 'payments.file.countMismatch',
      parameters: [where, count, orders.length],
    });
  }
  const controlSum = textAt(element, ['CtrlSum']);
  const cents = orders.map((order) => toCents(order.amount));
  if (controlSum !== undefined && cents.every((each) => each !== undefined)) {
    const sum = formatCents(cents.reduce<bigint>((total, each) => total + (each ?? 0n), 0n));
    const declared = toCents(controlSum);
    if (declared === undefined || formatCents(declared) !== sum) {
      problems.push({
        index: -1,
        code: 'payments.file.sumMismatch',
        parameters: [where, controlSum, sum],
      });
    }
  }
  return problems;
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, each]) => each !== undefined)) as T;
}
