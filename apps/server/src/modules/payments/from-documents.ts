import { toIsoDate } from '@listina/forms';
import { sql } from 'kysely';
import type { Trx } from '../../db/scope';
import { AppError, badRequest, type MessageSpec } from '../../lib/errors';
import { UUID_PATTERN } from '../../lib/ids';
import { duplicateWarnings } from '../documents/duplicates';
import { approvedSql } from '../workflow/approved';
import type { BatchTools } from '../tables/tables.service';
import type { TableRecord } from '@listina/contract';
import { formatCents, toCents } from './iso20022';
import { paymentTypeOf } from './payment-type';

/** A document that orders are made from, with what the order needs of it. */
interface Payable {
  id: string;
  key: string;
  number: string;
  approved: boolean;
  status: string;
  payment_state: string;
  due_date: string | null;
  total_amount: string | null;
  /** What is to be paid: the amount due, or the total where the document has none. */
  amount_due: string | null;
  currency_code: string;
  payment_iban: string | null;
  payment_bic: string | null;
  payment_reference_model: string | null;
  payment_reference: string | null;
  payment_purpose_code: string | null;
  description: string | null;
  customer_key: string | null;
  partner_id: string | null;
  partner_name: string | null;
  partner_address: string | null;
  partner_town: string | null;
  partner_country: string | null;
  account_id: string | null;
  account_text: string | null;
}

/**
 * The documents by key with their supplier and the supplier's account of the document's
 * IBAN, and whether it is approved (workflow/approved.ts). Locked until the orders are
 * written: the same call twice at once waits, then finds them ordered (issue 22).
 */
async function readPayables(trx: Trx, organizationId: string, keys: string[]) {
  const { rows } = await sql<Payable>`
    select d.id::text, d.key::text, d.number, d.status, d.payment_state,
      to_char(d.due_date, 'YYYY-MM-DD') as due_date, d.total_amount::text,
      coalesce(d.amount_due, d.total_amount)::text as amount_due, d.currency_code,
      d.payment_iban, d.payment_bic, d.payment_reference_model, d.payment_reference,
      d.payment_purpose_code, d.description, d.customer_key::text,
      ${approvedSql('d')} as approved,
      p.id::text as partner_id, p.name as partner_name, p.address as partner_address,
      p.town as partner_town, p.country_code as partner_country,
      a.id::text as account_id,
      coalesce(nullif(a.display_text, ''), a.code) as account_text
    from doc d
    left join partner p on p.organization_id = d.organization_id and p.key = d.customer_key
    left join partner_bank_account a on a.organization_id = d.organization_id
      and a.partner_id = p.id and a.code = d.payment_iban
    where d.organization_id = ${organizationId} and d.key = any(${keys}::uuid[])
    for update of d
  `.execute(trx);
  return rows;
}

/** The organisation's account orders are paid from: the one asked for, else its default. */
async function payingAccount(
  trx: Trx,
  organizationId: string,
  asked: number | undefined,
): Promise<number> {
  const { rows } = await sql<{ id: string }>`
    select id::text from organization_bank_account
    where organization_id = ${organizationId} and is_active
      and (${asked ?? null}::bigint is null or id = ${asked ?? null}::bigint)
    order by is_default desc, id limit 1
  `.execute(trx);
  const found = rows[0];
  if (!found)
    throw badRequest(
      asked === undefined ? 'errors.payOrder.noPayingAccount' : 'errors.recordNotFound',
      asked === undefined ? [] : [String(asked)],
      'organizationBankAccountId',
    );
  return Number(found.id);
}

function problemsOf(doc: Payable): MessageSpec[] {
  const title = doc.number || doc.key;
  if (!doc.approved) return [{ code: 'errors.payOrder.notApproved', parameters: [title] }];
  if (doc.payment_state !== 'unpaid')
    return [{ code: 'errors.payOrder.alreadyOrdered', parameters: [title] }];
  const problems: MessageSpec[] = [];
  if (!doc.payment_iban) problems.push({ code: 'errors.payOrder.noIban', parameters: [title] });
  if (!doc.amount_due) problems.push({ code: 'errors.payOrder.noAmount', parameters: [title] });
  else if ((toCents(doc.amount_due) ?? 0n) <= 0n)
    problems.push({ code: 'errors.payOrder.nothingDue', parameters: [title, doc.amount_due] });
  // Another currency than the euro is paid as a non-SEPA (SWIFT) transfer in that currency,
  // which the bank routes by the supplier's bank: without its BIC there is no order to make.
  if (doc.currency_code !== 'EUR' && doc.payment_iban && !doc.payment_bic)
    problems.push({
      code: 'errors.payOrder.foreignCurrencyNoBic',
      parameters: [title, doc.currency_code],
    });
  return problems;
}

/**
 * A payment order's reference fields from a document's model ('SI12', 'RF18', 'RF' with the
 * whole creditor reference, or none) and reference: SI with its model, RF as one reference,
 * SI99 for a domestic payment without one, else NRC with the text as written.
 */
export function orderReferenceFields(
  referenceModel: string | null,
  written: string | null,
  paymentType: string,
) {
  const model = (referenceModel ?? '').toUpperCase();
  const reference = (written ?? '').replace(/\s+/g, '');
  if (/^SI\d{2}$/.test(model))
    return { recipientReferenceType: 'SI', recipientModel: model, recipientReference: reference };
  if (/^RF(\d{2})?$/.test(model))
    return {
      recipientReferenceType: 'RF',
      recipientModel: null,
      recipientReference: model === 'RF' ? reference : `${model}${reference}`,
    };
  if (reference === '' && paymentType === 'SEPA_SI')
    return { recipientReferenceType: 'SI', recipientModel: 'SI99', recipientReference: '' };
  return {
    recipientReferenceType: 'NRC',
    recipientModel: null,
    recipientReference: written ?? '',
  };
}

const referenceOf = (doc: Payable, paymentType: string) =>
  orderReferenceFields(doc.payment_reference_model, doc.payment_reference, paymentType);

/** Typographic marks a document may hold, as the bank's character set writes them. */
const PLAIN: Record<string, string> = {
  '–': '-',
  '—': '-',
  '„': "'",
  '“': "'",
  '”': "'",
  '‘': "'",
  '’': "'",
  '"': "'",
  '&': '+',
  '\n': ' ',
  '\t': ' ',
};

/**
 * A document's text as a payment order may send it: typographic marks made plain, anything
 * else outside the SEPA set (with č, š, ž) left out, spaces collapsed, cut to `max`.
 */
function bankText(text: string | null, max: number): string {
  if (!text) return '';
  const plain = [...text.normalize('NFC')]
    .map((c) => PLAIN[c] ?? c)
    .join('')
    .replace(/[^a-zA-Z0-9/\-?:().,'+ čćđšžČĆĐŠŽ]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.slice(0, max).trim();
}

export interface FromDocumentsInput {
  documentKeys: string[];
  grouping: 'each' | 'supplier';
  organizationBankAccountId?: number;
  executionDate?: string;
}

/**
 * Payment orders from approved documents (issue 8), written through `tools` in one
 * transaction: one order per document, or one per supplier, IBAN and currency. Every order is
 * linked to the documents it pays; a suspected duplicate invoice (issue 7) is a warning.
 */
export async function ordersFromDocuments(
  tools: BatchTools,
  organizationId: string,
  input: FromDocumentsInput,
): Promise<TableRecord[]> {
  const keys = [...new Set(input.documentKeys.map((k) => k.toLowerCase()))];
  const bad = keys.filter((k) => !UUID_PATTERN.test(k));
  const docs = await readPayables(
    tools.trx,
    organizationId,
    keys.filter((k) => !bad.includes(k)),
  );
  const missing = keys.filter((k) => !docs.some((d) => d.key === k));
  if (missing.length)
    throw new AppError(404, [{ code: 'errors.recordNotFound', parameters: [missing.join(', ')] }]);
  const problems = docs.flatMap(problemsOf);
  if (problems.length) throw new AppError(409, problems);

  const account = await payingAccount(tools.trx, organizationId, input.organizationBankAccountId);
  for (const doc of docs) {
    const record = await tools.read('doc', doc.key);
    tools.warn(await duplicateWarnings(tools.trx, organizationId, record));
    tools.warn(amountDueWarnings(doc));
  }

  const groups = new Map<string, Payable[]>();
  for (const doc of docs) {
    const group =
      input.grouping === 'supplier'
        ? `${doc.customer_key ?? doc.partner_name ?? ''}|${doc.payment_iban}|${doc.currency_code}`
        : doc.key;
    groups.set(group, [...(groups.get(group) ?? []), doc]);
  }
  const orders: TableRecord[] = [];
  for (const group of groups.values()) {
    const first = group[0];
    if (!first) continue;
    const paymentType = paymentTypeOf(first.payment_iban ?? '', first.currency_code);
    const sumOf = (amount: (doc: Payable) => string | null) =>
      group.reduce((sum, doc) => sum + (toCents(amount(doc) ?? '0') ?? 0n), 0n);
    const due = sumOf((doc) => doc.amount_due);
    const dueDate = group.map((d) => d.due_date ?? '').sort()[0] ?? '';
    const today = toIsoDate(new Date());
    const executionDate = input.executionDate ?? (dueDate > today ? dueDate : today);
    const single = group.length === 1;
    const numbers = group.map((d) => d.number).filter((n) => n !== '');
    const model = {
      recipientId: first.partner_id === null ? null : Number(first.partner_id),
      recipientIdCb: bankText(first.partner_name, 70),
      recipientAddress: bankText(first.partner_address, 70),
      recipientTown: bankText(first.partner_town, 35),
      recipientCountryCode: first.partner_country,
      recipientAccountId: first.account_id === null ? null : Number(first.account_id),
      recipientAccountIdCb: first.account_text,
      recipientIBAN: first.payment_iban,
      recipientBIC: first.payment_bic,
      paymentType,
      ...(single
        ? referenceOf(first, paymentType)
        : referenceOf(
            { ...first, payment_reference_model: null, payment_reference: '' },
            paymentType,
          )),
      ...(paymentType === 'NONSEPA' ? { recipientBankBIC: first.payment_bic } : {}),
      amount: formatCents(due),
      currencyCode: first.currency_code,
      purposeCode: first.payment_purpose_code ?? 'SUPP',
      description: bankText(
        single && first.description ? first.description : numbers.join(', '),
        140,
      ),
      executionDate,
      organizationBankAccountId: account,
    };
    const documentAmounts = {
      document_total_amount: formatCents(sumOf((doc) => doc.total_amount ?? doc.amount_due)),
      document_amount_due: formatCents(due),
    };
    const order = await tools.create('payOrder', model, {
      columns: { document_key: first.key, ...documentAmounts },
      model: {
        documentKey: first.key,
        documentTotalAmount: documentAmounts.document_total_amount,
        documentAmountDue: documentAmounts.document_amount_due,
      },
    });
    await linkDocuments(
      tools.trx,
      organizationId,
      String(order.id),
      group.map((d) => d.id),
    );
    orders.push(order);
  }
  return orders;
}

/** A document whose amount due is not its total: the order pays the amount due, said so. */
function amountDueWarnings(doc: Payable): MessageSpec[] {
  const [total, due] = [doc.total_amount, doc.amount_due].map((each) => toCents(each ?? ''));
  if (total === undefined || due === undefined || total === due) return [];
  return [
    {
      code: 'warnings.payOrder.paysAmountDue',
      parameters: [doc.number || doc.key, formatCents(due), formatCents(total), doc.currency_code],
    },
  ];
}

/** Links an order to the documents it pays (their payment state follows, by trigger). */
export async function linkDocuments(
  trx: Trx,
  organizationId: string,
  orderId: string,
  docIds: string[],
): Promise<void> {
  if (docIds.length === 0) return;
  await sql`
    insert into pay_order_doc (organization_id, pay_order_id, doc_id)
    select ${organizationId}::bigint, ${orderId}::bigint, unnest(${docIds}::bigint[])
    on conflict do nothing
  `.execute(trx);
}
