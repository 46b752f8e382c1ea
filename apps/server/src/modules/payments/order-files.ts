import { sql } from 'kysely';
import type { TableRecord } from '@listina/contract';
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

function bankOf(order: TableRecord, prefix: 'recipientBank' | 'intermediaryBank') {
  const bank = {
    bic: optional(order[`${prefix}BIC`]),
    name: optional(order[`${prefix}Name`]),
    address: optional(order[`${prefix}Address`]),
    town: optional(order[`${prefix}Town`]),
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
    debtorName: debtor.name.slice(0, 70),
    recipientName: textOf(order.recipientIdCb),
    recipientIban: textOf(order.recipientIBAN),
    recipientBic: optional(order.recipientBIC),
    recipientAddress: optional(order.recipientAddress),
    recipientTown: optional(order.recipientTown),
    recipientCountryCode: optional(order.recipientCountryCode),
    referenceType,
    reference: fullReference(order),
    purposeCode: optional(order.purposeCode),
    description: optional(order.description),
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
    initiatorName: (first?.name ?? '').slice(0, 70),
    version: first?.painVersion ?? 'pain.001.001.03',
    orders: orders.map((order) =>
      painOrderOf(order, debtors.get(Number(order.organizationBankAccountId)) as Debtor),
    ),
  };
}

/** The download name of a file: pain001-<date>-<message id>.xml. */
export const painFileName = (file: PainFile) =>
  `pain001-${file.createdAt.toISOString().slice(0, 10)}-${file.messageId.slice(-8)}.xml`;
