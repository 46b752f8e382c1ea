import { sql } from 'kysely';
import { uuidv7 } from '../../lib/ids';
import { orderReferenceFields } from '../payments/from-documents';
import { payOrder } from '../tables/entities/pay-order';
import { engineValuesOf, toColumnValues } from '../tables/model';
import type { Trx } from '../../db/scope';

interface Payable {
  id: string;
  key: string;
  number: string;
  total_amount: string;
  due_date: string | null;
  payment_iban: string;
  payment_bic: string | null;
  payment_reference_model: string | null;
  payment_reference: string | null;
  payment_purpose_code: string | null;
  partner_id: string | null;
  partner_name: string | null;
  address: string | null;
  town: string | null;
}

/** yyyy-mm-dd, `days` after `date`. */
function addDays(date: string, days: number): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}

/**
 * Payment orders of the demo organisation's archived (approved) invoices, as an office that
 * pays every week has them (docs/payments.md): the oldest paid in a settled package, the next
 * sent in a package the bank has not answered yet, then ready and draft ones to be paid in
 * the coming days. Each is linked to its document, whose payment state follows.
 */
export async function seedDemoPayments(trx: Trx, organizationId: string, today: string) {
  const { rows: docs } = await sql<Payable>`
    select d.id::text, d.key::text, d.number, d.total_amount::text,
      to_char(d.due_date, 'YYYY-MM-DD') as due_date, d.payment_iban, d.payment_bic,
      d.payment_reference_model, d.payment_reference, d.payment_purpose_code,
      p.id::text as partner_id, p.name as partner_name, p.address, p.town
    from doc d
    left join partner p on p.organization_id = d.organization_id and p.key = d.customer_key
    where d.organization_id = ${organizationId} and d.status = 'archived'
      and d.payment_iban like 'SI%' and d.total_amount > 0
    order by d.issue_date, d.id
  `.execute(trx);
  const { rows: accounts } = await sql<{ id: string }>`
    select id::text from organization_bank_account
    where organization_id = ${organizationId} and is_default
  `.execute(trx);
  const accountId = accounts[0]?.id;
  if (docs.length === 0 || accountId === undefined) return;

  const paidDate = addDays(today, -7);
  const sentDate = addDays(today, -1);
  const packages = new Map<string, string>();
  for (const [state, date] of [
    ['paid', paidDate],
    ['sent', sentDate],
  ] as const) {
    const { rows } = await sql<{ id: string }>`
      insert into pay_package (organization_id, key, code, organization_bank_account_id,
        execution_date, state, message_id, pain_version, sent_at, search_text, code_sort)
      values (${organizationId}, ${uuidv7()}, ${`P${date.replaceAll('-', '')}-0001`},
        ${accountId}, ${date}, ${state}, ${uuidv7().replaceAll('-', '')}, 'pain.001.001.03',
        ${`${date}T08:00:00Z`}::timestamptz, '', ${`p${date.replaceAll('-', '')}-0001`})
      returning id::text
    `.execute(trx);
    packages.set(state, rows[0]?.id ?? '');
  }

  // Two fifths paid, one fifth sent, one fifth ready, the newest drafts.
  const stateOf = (i: number) => {
    const share = i / docs.length;
    return share < 0.4 ? 'paid' : share < 0.6 ? 'sent' : share < 0.8 ? 'ready' : 'draft';
  };
  for (const [i, doc] of docs.entries()) {
    const state = stateOf(i);
    const executionDate =
      state === 'paid' ? paidDate : state === 'sent' ? sentDate : addDays(today, 2 + (i % 5));
    const model = {
      recipientId: doc.partner_id === null ? null : Number(doc.partner_id),
      recipientIdCb: (doc.partner_name ?? '').slice(0, 70),
      recipientAddress: doc.address,
      recipientTown: doc.town,
      recipientCountryCode: 'SI',
      recipientIBAN: doc.payment_iban,
      recipientBIC: doc.payment_bic,
      paymentType: 'SEPA_SI',
      // As orders from documents take it.
      ...orderReferenceFields(doc.payment_reference_model, doc.payment_reference, 'SEPA_SI'),
      amount: doc.total_amount,
      currencyCode: 'EUR',
      purposeCode: doc.payment_purpose_code ?? 'SUPP',
      description: `Račun ${doc.number}`.slice(0, 140),
      executionDate,
      organizationBankAccountId: Number(accountId),
    };
    const packageId = packages.get(state) ?? null;
    await sql`
      with o as (
        insert into pay_order (organization_id, key, recipient_id, recipient_name,
          recipient_address, recipient_town, recipient_country_code, recipient_iban,
          recipient_bic, payment_type, recipient_reference_type, recipient_model,
          recipient_reference, amount, currency_code, purpose_code, description,
          execution_date, organization_bank_account_id, state, document_key, pay_package_id,
          sent_at, paid_at, search_text, recipient_name_sort)
        select ${organizationId}::bigint, ${uuidv7()}::uuid, r.recipient_id, r.recipient_name,
          r.recipient_address, r.recipient_town, r.recipient_country_code, r.recipient_iban,
          r.recipient_bic, r.payment_type, r.recipient_reference_type, r.recipient_model,
          r.recipient_reference, r.amount, r.currency_code, r.purpose_code, r.description,
          r.execution_date, r.organization_bank_account_id, ${state}, ${doc.key}::uuid,
          ${packageId}::bigint,
          ${state === 'paid' || state === 'sent' ? `${executionDate}T08:00:00Z` : null}::timestamptz,
          ${state === 'paid' ? `${addDays(executionDate, 1)}T10:00:00Z` : null}::timestamptz,
          r.search_text, r.recipient_name_sort
        from jsonb_to_record(${JSON.stringify({
          ...toColumnValues(payOrder, model),
          ...engineValuesOf(payOrder, model),
        })}::jsonb) as r(recipient_id bigint, recipient_name text, recipient_address text,
          recipient_town text, recipient_country_code text, recipient_iban text,
          recipient_bic text, payment_type text, recipient_reference_type text,
          recipient_model text, recipient_reference text, amount numeric, currency_code text,
          purpose_code text, description text, execution_date date,
          organization_bank_account_id bigint, search_text text, recipient_name_sort text)
        returning id
      )
      insert into pay_order_doc (organization_id, pay_order_id, doc_id)
      select ${organizationId}::bigint, o.id, ${doc.id}::bigint from o
    `.execute(trx);
  }
}
