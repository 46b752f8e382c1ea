import { sql } from 'kysely';
import type { TableRecord } from '@listina/contract';
import { splitClearingId, toSepaText } from '@listina/forms';
import type { Trx } from '../../db/scope';
import { AppError, badRequest } from '../../lib/errors';
import { uuidv7 } from '../../lib/ids';
import type { PainFile, PainOrder, PainVersion } from './iso20022';
import { fullReference, textOf } from './order-rules';

/** The paying side of a file: the organisation and its accounts, by account id. */
export interface Debtor {
  accountId: number;
  iban: string;
  bic: string | null;
  name: string;
  painVersion: PainVersion;
}

export async function readDebtors(
  trx: Trx,
  organizationId: string,
  accountIds: number[],
): Promise<Map<number, Debtor>> {
  const { rows } = await sql<{
    id: string;
    code: string;
    bic: string | null;
    name: string;
    pain_version: PainVersion;
  }>`
    select a.id::text, a.code, a.bic, o.name, a.pain_version
    from organization_bank_account a
    join organization o on o.id = a.organization_id
    where a.organization_id = ${organizationId} and a.id = any(${accountIds}::bigint[])
  `.execute(trx);
  return new Map(
    rows.map((row) => [
      Number(row.id),
      {
        accountId: Number(row.id),
        iban: row.code,
        bic: row.bic,
        name: row.name,
        painVersion: row.pain_version,
      },
    ]),
  );
}

/** The end-to-end id of an order in its files: its key without hyphens (32 of 35 characters). */
export const endToEndIdOf = (key: string) => key.replaceAll('-', '');

/** The order key an end-to-end id names, or undefined when it is not one of ours. */
export function keyOfEndToEndId(id: string | undefined): string | undefined {
  const hex = (id ?? '').toLowerCase();
  if (!/^[0-9a-f]{32}$/.test(hex)) return undefined;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const optional = (value: unknown) => {
  const text = textOf(value).trim();
  return text === '' ? undefined : text;
};

/** EPC lengths of the texts a file carries: names, addresses, towns, the purpose. */
const MAX = { name: 70, address: 70, town: 35, description: 140 } as const;

/**
 * A text as a bank's file carries it: a character outside the SEPA set spelt in it (Müller
 * → Mueller, € → EUR, as the order's warning offered when it was saved), within its length.
 * č ć đ š ž stay; the writer transliterates them where a payment leaves Slovenia.
 */
function fileText(value: unknown, max: number): string | undefined {
  const text = optional(value);
  return text === undefined ? undefined : [...toSepaText(text)].slice(0, max).join('').trim();
}

function bankOf(order: TableRecord, prefix: 'recipientBank' | 'intermediaryBank') {
  const clearing = splitClearingId(textOf(order[`${prefix}ClearingId`]));
  const bank = {
    bic: optional(order[`${prefix}BIC`]),
    clearingSystem: clearing?.system,
    clearingMemberId: clearing?.memberId,
    name: fileText(order[`${prefix}Name`], MAX.name),
    address: fileText(order[`${prefix}Address`], MAX.address),
    town: fileText(order[`${prefix}Town`], MAX.town),
    countryCode: optional(order[`${prefix}CountryCode`]),
  };
  return Object.values(bank).some((v) => v !== undefined) ? bank : undefined;
}

/** A stored order as the pain.001 writer takes it. */
export function painOrderOf(order: TableRecord, debtor: Debtor): PainOrder {
  const paymentType = textOf(order.paymentType) as PainOrder['paymentType'];
  const referenceType = textOf(order.recipientReferenceType) as PainOrder['referenceType'];
  return {
    endToEndId: endToEndIdOf(order.key),
    amount: textOf(order.amount),
    currency: textOf(order.currencyCode),
    paymentType,
    executionDate: textOf(order.executionDate),
    debtorIban: debtor.iban,
    debtorBic: debtor.bic ?? undefined,
    debtorName: fileText(debtor.name, MAX.name) ?? '',
    recipientName: fileText(order.recipientIdCb, MAX.name) ?? '',
    recipientIban: textOf(order.recipientIBAN),
    recipientBic: optional(order.recipientBIC),
    recipientAddress: fileText(order.recipientAddress, MAX.address),
    recipientTown: fileText(order.recipientTown, MAX.town),
    recipientCountryCode: optional(order.recipientCountryCode),
    referenceType,
    reference: fullReference(order),
    purposeCode: optional(order.purposeCode),
    description: fileText(order.description, MAX.description),
    ...(paymentType === 'NONSEPA'
      ? {
          recipientBank: bankOf(order, 'recipientBank'),
          intermediaryBank: bankOf(order, 'intermediaryBank'),
        }
      : {}),
  };
}

/**
 * One pain.001 of the orders, in the version of their paying accounts' banks. Orders paid
 * from accounts whose banks take different versions cannot share a file (400).
 */
export async function painFileOf(
  trx: Trx,
  organizationId: string,
  orders: readonly TableRecord[],
): Promise<PainFile> {
  const accountIds = [...new Set(orders.map((o) => Number(o.organizationBankAccountId)))];
  const debtors = await readDebtors(trx, organizationId, accountIds);
  const missing = orders.filter((o) => !debtors.has(Number(o.organizationBankAccountId)));
  if (missing.length)
    throw new AppError(
      400,
      missing.map((o) => ({
        code: 'errors.payOrder.noPayingAccountOf',
        parameters: [o.displayTitle || o.key],
        field: 'organizationBankAccountId',
      })),
    );
  const versions = new Set([...debtors.values()].map((d) => d.painVersion));
  if (versions.size > 1)
    throw badRequest('errors.payOrder.mixedVersions', [[...versions].join(', ')]);
  const first = [...debtors.values()][0];
  return {
    messageId: uuidv7().replaceAll('-', ''),
    createdAt: new Date(),
    initiatorName: fileText(first?.name, MAX.name) ?? '',
    version: first?.painVersion ?? 'pain.001.001.03',
    orders: orders.map((order) =>
      painOrderOf(order, debtors.get(Number(order.organizationBankAccountId)) as Debtor),
    ),
  };
}

/** The download name of a file: pain001-<date>-<message id>.xml. */
export const painFileName = (file: PainFile) =>
  `pain001-${file.createdAt.toISOString().slice(0, 10)}-${file.messageId.slice(-8)}.xml`;
