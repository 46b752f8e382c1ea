import type { CamtEntry } from './camt-read';
import { formatCents, toCents } from './order-checks';
import { element, escapeXml, parent } from './xml-text';

/**
 * FOR TESTS AND BENCHMARKS ONLY: a camt.053.001.02 statement of the given entries, valid
 * against the official XSD, as a bank would answer a pain.001. Entries that share a PmtInfId
 * (and status, date, direction and currency) become one batch-booked Ntry when batchBooking
 * is on; otherwise every entry is its own Ntry with one TxDtls.
 */

export interface CamtFixtureAccount {
  iban: string;
  currency?: string;
  statementId?: string;
  messageId?: string;
  createdAt?: Date;
  batchBooking?: boolean;
}

export function writeCamt053(entries: readonly CamtEntry[], account: CamtFixtureAccount): string {
  const createdAt = `${(account.createdAt ?? new Date('2026-11-26T18:00:00Z')).toISOString().slice(0, 19)}Z`;
  const currency = account.currency ?? 'EUR';
  const groups = account.batchBooking ? batches(entries) : entries.map((entry) => [entry]);
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">',
    '<BkToCstmrStmt>',
    parent(
      'GrpHdr',
      element('MsgId', account.messageId ?? 'STMT-FIXTURE-0001'),
      element('CreDtTm', createdAt),
    ),
    '<Stmt>',
    element('Id', account.statementId ?? 'STMT-FIXTURE-0001-1'),
    element('CreDtTm', createdAt),
    `<Acct><Id><IBAN>${escapeXml(account.iban)}</IBAN></Id><Ccy>${escapeXml(currency)}</Ccy></Acct>`,
    balance('OPBD', currency, '2026-11-25'),
    balance('CLBD', currency, '2026-11-26'),
    ...groups.map(entryXml),
    '</Stmt></BkToCstmrStmt></Document>',
    '',
  ];
  return out.join('\n');
}

function batches(entries: readonly CamtEntry[]): CamtEntry[][] {
  const groups = new Map<string, CamtEntry[]>();
  entries.forEach((entry, index) => {
    const key = entry.pmtInfId
      ? JSON.stringify([
          entry.pmtInfId,
          entry.status,
          entry.bookingDate,
          entry.creditDebit,
          entry.currency,
          entry.returned,
        ])
      : `single ${index}`;
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  });
  return [...groups.values()];
}

function balance(code: string, currency: string, date: string): string {
  return `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="${escapeXml(currency)}">0.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>${date}</Dt></Dt></Bal>`;
}

function entryXml(group: CamtEntry[]): string {
  const first = group[0] as CamtEntry;
  const total = group.reduce((sum, entry) => sum + (toCents(entry.amount) ?? 0n), 0n);
  const isBatch = group.length > 1;
  // A return comes back as a credit of the original amount (domain §6).
  const isReversal = first.returned && first.reason === undefined;
  return [
    '<Ntry>',
    `<Amt Ccy="${escapeXml(first.currency)}">${formatCents(total)}</Amt>`,
    element('CdtDbtInd', first.creditDebit),
    isReversal ? '<RvslInd>true</RvslInd>' : '',
    element('Sts', first.status),
    parent('BookgDt', element('Dt', first.bookingDate)),
    parent('ValDt', element('Dt', first.valueDate ?? first.bookingDate)),
    element('AcctSvcrRef', first.bankReference),
    '<BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>ICDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>',
    '<NtryDtls>',
    isBatch
      ? parent(
          'Btch',
          element('MsgId', first.msgId),
          element('PmtInfId', first.pmtInfId),
          element('NbOfTxs', String(group.length)),
          `<TtlAmt Ccy="${escapeXml(first.currency)}">${formatCents(total)}</TtlAmt>`,
          element('CdtDbtInd', first.creditDebit),
        )
      : '',
    ...group.map(transactionXml),
    '</NtryDtls></Ntry>',
  ].join('');
}

function transactionXml(entry: CamtEntry): string {
  const party = entry.creditDebit === 'DBIT' ? 'Cdtr' : 'Dbtr';
  return [
    '<TxDtls>',
    parent(
      'Refs',
      element('MsgId', entry.msgId),
      element('AcctSvcrRef', entry.bankReference),
      element('PmtInfId', entry.pmtInfId),
      element('InstrId', entry.instrId),
      element('EndToEndId', entry.endToEndId),
    ),
    `<AmtDtls><TxAmt><Amt Ccy="${escapeXml(entry.currency)}">${escapeXml(entry.amount)}</Amt></TxAmt></AmtDtls>`,
    parent(
      'RltdPties',
      parent(party, element('Nm', entry.counterpartyName)),
      parent(`${party}Acct`, parent('Id', accountId(entry.counterpartyIban))),
    ),
    entry.reference || entry.description
      ? parent(
          'RmtInf',
          parent(
            'Strd',
            entry.reference
              ? `<CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry></Tp>${element('Ref', entry.reference)}</CdtrRefInf>`
              : '',
            element('AddtlRmtInf', entry.description),
          ),
        )
      : '',
    entry.returned && entry.reason
      ? parent('RtrInf', parent('Rsn', element('Cd', entry.reason)))
      : '',
    '</TxDtls>',
  ].join('');
}

/** An IBAN, or (outside SEPA) another account number. */
function accountId(id: string | undefined): string {
  if (id === undefined) return '';
  return /^[A-Z]{2}\d{2}[A-Za-z0-9]{1,30}$/.test(id)
    ? element('IBAN', id)
    : parent('Othr', element('Id', id));
}
