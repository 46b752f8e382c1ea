import { sql, type Kysely } from 'kysely';
import { tenantAccess } from './tenant-access';

/**
 * Issue 27, the reports of a period (docs/reports.md):
 *
 * - capture_outcome: for each value data capture filled in on a document, where it came from
 *   and whether the document still holds it. It is written by the same transactions that
 *   write the document (the capture job, and the doc table's write hook, modules/capture/
 *   outcome.ts) through listina_capture_outcome, so the capture report sums a small table
 *   instead of comparing every captured document's JSON with its columns. Rows that go with a
 *   deleted document are kept for its undo, like the other capture tables (migration 0032).
 * - Indexes the period reports read by: documents by issue day with the figures spend sums
 *   (an index-only scan of a year), workflow decisions by day, orders by when they were paid.
 *
 * The function compares like the layout learning does (modules/capture/layout): amounts as
 * numbers, everything else without spaces and case. Its field → column list is capture's
 * FILLED_COLUMNS as of this migration; a later field needs a migration that replaces it.
 */
export const CAPTURE_OUTCOME_FIELDS: readonly (readonly [string, string, boolean])[] = [
  ['invoiceNumber', 'number', false],
  ['issueDate', 'issue_date', false],
  ['dueDate', 'due_date', false],
  ['netAmount', 'net_amount', true],
  ['vatAmount', 'vat_amount', true],
  ['totalAmount', 'total_amount', true],
  ['prepaidAmount', 'prepaid_amount', true],
  ['roundingAmount', 'rounding_amount', true],
  ['amountDue', 'amount_due', true],
  ['currencyCode', 'currency_code', false],
  ['iban', 'payment_iban', false],
  ['bic', 'payment_bic', false],
  ['referenceModel', 'payment_reference_model', false],
  ['reference', 'payment_reference', false],
  ['purposeCode', 'payment_purpose_code', false],
  ['description', 'description', false],
];

/** Tables whose rows a delete's cascade takes, kept for undo (migration 0032). */
export const KEPT_REPORT_TABLES = ['capture_outcome'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const values = CAPTURE_OUTCOME_FIELDS.map(
    ([field, column, isAmount]) => `('${field}', d.${column}::text, ${isAmount})`,
  ).join(',\n          ');
  await sql`
    create table capture_outcome (
      organization_id bigint not null references organization (id) on delete cascade,
      doc_id bigint not null,
      field text not null,
      source text not null,
      kept boolean not null,
      primary key (organization_id, doc_id, field),
      foreign key (organization_id, doc_id) references doc (organization_id, id) on delete cascade
    );
  `.execute(db);
  await tenantAccess('capture_outcome').execute(db);
  await sql`
    create trigger capture_outcome_keep_cascaded before delete on capture_outcome
      for each row execute function listina_keep_cascaded_row();
  `.execute(db);
  await sql
    .raw(
      `
    create function listina_capture_outcome(org bigint, ids bigint[]) returns void
    language sql volatile as $$
      delete from capture_outcome where organization_id = org and doc_id = any(ids);
      insert into capture_outcome (organization_id, doc_id, field, source, kept)
      select d.organization_id, d.id, v.field, coalesce(c.found->>'source', ''),
        case
          when v.saved is null then false
          when v.is_amount and c.found->>'value' ~ '^-?[0-9]+(\\.[0-9]+)?$'
            and v.saved ~ '^-?[0-9]+(\\.[0-9]+)?$'
            then (c.found->>'value')::numeric = v.saved::numeric
          else upper(regexp_replace(c.found->>'value', '\\s', '', 'g'))
            = upper(regexp_replace(v.saved, '\\s', '', 'g'))
        end
      from doc d
      cross join lateral (values
          ${values}
        ) v (field, saved, is_amount)
      cross join lateral (select d.capture_result->'fields'->v.field as found) c
      where d.organization_id = org and d.id = any(ids)
        and d.capture_state = 'done' and c.found ? 'value';
    $$;
  `,
    )
    .execute(db);
  await sql`grant execute on function listina_capture_outcome(bigint, bigint[]) to listina_tenant`.execute(
    db,
  );
  // What was captured before this migration.
  await sql`
    select listina_capture_outcome(organization_id, array_agg(id))
    from doc where capture_state = 'done' group by organization_id
  `.execute(db);
  await sql`
    create index doc_spend_idx on doc
      (organization_id, coalesce(issue_date, received_date, (created_at at time zone 'UTC')::date))
      include (customer_key, document_type_id, currency_code, net_amount, vat_amount,
        total_amount, workflow_current_step_system_tile_code)
      where status in ('active', 'archived');
    create index doc_captured_idx on doc (organization_id, captured_at)
      where capture_state = 'done';
    create index doc_created_idx on doc (organization_id, created_at);
    create index workflow_log_created_idx on workflow_log (organization_id, created_at)
      include (doc_id, user_id, from_step_id, result_code, seconds_in_step);
    create index doc_waiting_idx on doc (organization_id, workflow_step_at)
      where status = 'active' and workflow_step_id is not null;
    create index pay_order_updated_idx on pay_order (organization_id, updated_at)
      where state = 'rejected';
  `.execute(db);
}
