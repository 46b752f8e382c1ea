import { childrenNamed, elementsAt, textAt } from '../../capture/einvoice/safe-xml';
import { formatCents, toCents } from './order-checks';
import { PaymentsFileError } from './payments-file-error';
import { readPaymentsXml, type XmlElement } from './safe-read';
import { checkCamt, type CamtVersion } from './schema-check';

/**
 * Bank statements (camt.053) and debit/credit notifications (camt.054), versions .02, .04,
 * .08 and .10, to one entry per transaction (domain §6): a batch-booked Ntry with many TxDtls
 * gives many entries, an Ntry without details gives one. The matching keys are the pain.001
 * ones: EndToEndId, PmtInfId, MsgId.
 */

export type CamtStatus = 'BOOK' | 'PDNG' | 'INFO' | (string & {});

export interface CamtEntry {
  endToEndId?: string;
  /** The transaction's amount ('122.00'; two decimals when it has at most two). */
  amount: string;
  currency: string;
  creditDebit: 'DBIT' | 'CRDT';
  status: CamtStatus;
  bookingDate?: string;
  valueDate?: string;
  /** A return (TxDtls/RtrInf) or a reversal (Ntry/RvslInd). */
  returned: boolean;
  /** The return reason code (AC01, AC04, MS03 …) or the bank's own text. */
  reason?: string;
  /** The statement's (notification's) account. */
  accountIban?: string;
  msgId?: string;
  pmtInfId?: string;
  instrId?: string;
  /** The structured reference: 'SI1212345678909', 'RF18…'. */
  reference?: string;
  /** Strd/AddtlRmtInf, or Ustrd. */
  description?: string;
  counterpartyName?: string;
  /** The other party's IBAN, or its other account number outside SEPA. */
  counterpartyIban?: string;
  /** The bank's own reference of the entry (Ntry/AcctSvcrRef, or TxDtls/Refs/AcctSvcrRef). */
  bankReference?: string;
  uetr?: string;
  /** Of a batch-booked Ntry (more than one TxDtls): its total and how many it holds. */
  batch?: { amount: string; transactions: number };
}

export interface CamtRead {
  version: CamtVersion;
  messageId: string;
  entries: CamtEntry[];
}

const NAMESPACE_PREFIX = 'urn:iso:std:iso:20022:tech:xsd:';
const VERSIONS: readonly CamtVersion[] = [
  'camt.053.001.02',
  'camt.053.001.04',
  'camt.053.001.08',
  'camt.053.001.10',
  'camt.054.001.02',
  'camt.054.001.04',
  'camt.054.001.08',
  'camt.054.001.10',
];
/** The message element and its repeated report element, by message. */
const MESSAGE = {
  'camt.053': { message: 'BkToCstmrStmt', report: 'Stmt' },
  'camt.054': { message: 'BkToCstmrDbtCdtNtfctn', report: 'Ntfctn' },
} as const;

export function readCamt(xml: string | Buffer): CamtRead {
  return readTree(readPaymentsXml(xml));
}

/** readCamt after the official XSD accepted the file; a PaymentsFileError otherwise. */
export async function readCheckedCamt(xml: string | Buffer): Promise<CamtRead> {
  const file = readPaymentsXml(xml);
  const read = readTree(file);
  const check = await checkCamt(file.text, read.version);
  if (!check.valid) {
    // xmllint's first complaint, 'Line 12: Element …': the line and the message apart.
    const [, line = '–', message = check.errors[0] ?? ''] =
      /^Line (\d+): (.*)$/s.exec(check.errors[0] ?? '') ?? [];
    // The catalogue's sentence ends it.
    const words = message.replace(/\.$/, '');
    throw new PaymentsFileError('errors.payments.camt.schema', [read.version, line, words]);
  }
  return read;
}

function readTree({ root, namespace }: ReturnType<typeof readPaymentsXml>): CamtRead {
  const name = namespace.startsWith(NAMESPACE_PREFIX)
    ? namespace.slice(NAMESPACE_PREFIX.length)
    : '';
  const kind = name.slice(0, 8);
  if (root.name !== 'Document' || (kind !== 'camt.053' && kind !== 'camt.054')) {
    throw new PaymentsFileError('errors.payments.xml.notCamt', [namespace || root.name]);
  }
  const version = VERSIONS.find((known) => known === name);
  if (!version) throw new PaymentsFileError('errors.payments.xml.unsupportedVersion', [name]);
  const { message: messageName, report: reportName } = MESSAGE[kind];
  const message = childrenNamed(root, messageName)[0];
  if (!message) throw new PaymentsFileError('errors.payments.xml.notCamt', [namespace]);
  const entries: CamtEntry[] = [];
  for (const report of childrenNamed(message, reportName)) {
    const accountIban =
      textAt(report, ['Acct', 'Id', 'IBAN']) ?? textAt(report, ['Acct', 'Id', 'Othr', 'Id']);
    for (const entry of childrenNamed(report, 'Ntry'))
      entries.push(...readEntry(entry, accountIban));
  }
  return { version, messageId: textAt(message, ['GrpHdr', 'MsgId']) ?? '', entries };
}

function readEntry(entry: XmlElement, accountIban: string | undefined): CamtEntry[] {
  const amount = childrenNamed(entry, 'Amt')[0];
  const details = childrenNamed(entry, 'NtryDtls');
  const batch = elementsAt(entry, ['NtryDtls', 'Btch'])[0];
  const transactions = details.flatMap((each) => childrenNamed(each, 'TxDtls'));
  const common: CamtEntry = {
    amount: normalAmount(amount?.text ?? ''),
    currency: amount?.attributes.Ccy ?? '',
    creditDebit: textAt(entry, ['CdtDbtInd']) === 'CRDT' ? 'CRDT' : 'DBIT',
    // v02: <Sts>BOOK</Sts>; v04 too; v08: <Sts><Cd>BOOK</Cd></Sts> or <Prtry>.
    status:
      textAt(entry, ['Sts']) ??
      textAt(entry, ['Sts', 'Cd']) ??
      textAt(entry, ['Sts', 'Prtry']) ??
      '',
    bookingDate: dateOf(entry, 'BookgDt'),
    valueDate: dateOf(entry, 'ValDt'),
    returned: textAt(entry, ['RvslInd']) === 'true',
    accountIban,
    msgId: batch && textAt(batch, ['MsgId']),
    pmtInfId: batch && textAt(batch, ['PmtInfId']),
    bankReference: textAt(entry, ['AcctSvcrRef']),
  };
  if (transactions.length === 0) return [withoutUndefined(common)];
  if (transactions.length === 1)
    return [withoutUndefined(readTransaction(transactions[0] as XmlElement, common, true))];
  const inBatch = {
    ...common,
    batch: { amount: common.amount, transactions: transactions.length },
  };
  return transactions.map((transaction) =>
    withoutUndefined(readTransaction(transaction, inBatch, false)),
  );
}

function readTransaction(transaction: XmlElement, common: CamtEntry, isOnly: boolean): CamtEntry {
  const amount =
    childrenNamed(transaction, 'Amt')[0] ??
    elementsAt(transaction, ['AmtDtls', 'TxAmt', 'Amt'])[0] ??
    elementsAt(transaction, ['AmtDtls', 'InstdAmt', 'Amt'])[0];
  // A lone transaction's amount of 0 says nothing (a SIX sample books 105678.50 SEK with
  // <TxDtls><Amt Ccy="SEK">0</Amt>): the entry's amount is the transaction's.
  const ownAmount = isOnly && amount && toCents(amount.text) === 0n ? undefined : amount;
  const returnInformation = childrenNamed(transaction, 'RtrInf')[0];
  // The entry says which way the money moved on the account; a transaction's own CdtDbtInd
  // is the payment's view (a UBS sample books a DBIT entry of CRDT transfers) and is not read.
  const isOutgoing = common.creditDebit === 'DBIT';
  // The other party: the creditor of what we paid, the debtor of what came in.
  const party = isOutgoing ? 'Cdtr' : 'Dbtr';
  return {
    ...common,
    endToEndId: textAt(transaction, ['Refs', 'EndToEndId']),
    amount: ownAmount ? normalAmount(ownAmount.text) : isOnly ? common.amount : '',
    currency: ownAmount?.attributes.Ccy ?? common.currency,
    returned: common.returned || returnInformation !== undefined,
    reason:
      returnInformation &&
      (textAt(returnInformation, ['Rsn', 'Cd']) ??
        textAt(returnInformation, ['Rsn', 'Prtry']) ??
        textAt(returnInformation, ['AddtlInf'])),
    msgId: textAt(transaction, ['Refs', 'MsgId']) ?? common.msgId,
    pmtInfId: textAt(transaction, ['Refs', 'PmtInfId']) ?? common.pmtInfId,
    instrId: textAt(transaction, ['Refs', 'InstrId']),
    uetr: textAt(transaction, ['Refs', 'UETR']),
    bankReference: textAt(transaction, ['Refs', 'AcctSvcrRef']) ?? common.bankReference,
    reference: textAt(transaction, ['RmtInf', 'Strd', 'CdtrRefInf', 'Ref']),
    description:
      textAt(transaction, ['RmtInf', 'Strd', 'AddtlRmtInf']) ??
      textAt(transaction, ['RmtInf', 'Ustrd']),
    // v02/v04: RltdPties/Cdtr/Nm; v08: RltdPties/Cdtr/Pty/Nm.
    counterpartyName:
      textAt(transaction, ['RltdPties', party, 'Nm']) ??
      textAt(transaction, ['RltdPties', party, 'Pty', 'Nm']),
    counterpartyIban:
      textAt(transaction, ['RltdPties', `${party}Acct`, 'Id', 'IBAN']) ??
      textAt(transaction, ['RltdPties', `${party}Acct`, 'Id', 'Othr', 'Id']),
  };
}

/** BookgDt/Dt, or the date of BookgDt/DtTm. */
function dateOf(entry: XmlElement, name: string): string | undefined {
  return textAt(entry, [name, 'Dt']) ?? textAt(entry, [name, 'DtTm'])?.slice(0, 10);
}

/** '122' → '122.00', '8.850' (a bank's five decimals) → '8.85'; '8.855' stays as it is. */
const normalAmount = (text: string): string => {
  const cents = toCents(text.replace(/^(\d+\.\d\d)0+$/, '$1'));
  return cents === undefined ? text : formatCents(cents);
};

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, each]) => each !== undefined)) as T;
}
