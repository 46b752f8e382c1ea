import { sql, type Kysely } from 'kysely';
import { tenantAccess } from './tenant-access';

/**
 * Issue 27, the reports of a period (docs/reports.md):
 *
 * - capture_outcome: for each value data capture filled in on a document, where it came from
 *   and whether the document still holds it; capture_doc: the same per document (its supplier,
 *   values captured and corrected). Both are written by the same transactions that write the
 *   document (the capture job, its cancelling, and the doc table's write hook; modules/capture/
 *   outcome.ts) through listina_capture_outcome, so the capture report reads small tables
 *   instead of comparing every captured document's JSON with its columns. Rows that go with a
 *   deleted document are kept for its undo, like the other capture tables (migration 0032).
 * - capture_stat: capture_outcome summed per organisation, day, field and source, kept by
 *   statement triggers on it (whatever adds or removes its rows): the capture report of a year
 *   reads a few thousand lines, not a million values (bench/README.md, Reports).
 *
 * - doc_spend: the payables' net, gross and count per month, supplier, document type and
 *   currency, kept by a row trigger on doc: spend of two years reads a few thousand lines.
 *
 * - doc.paid_at: when a paid document was paid (its last paid order), kept by the payment-state
 *   function beside the state, with a covering index of the paid payables by it.
 *
 * A value's day is the (UTC) day its document was captured.
 * - Indexes the period reports read by: documents by the day they were entered, workflow
 *   decisions by day, documents waiting in a step, orders by execution day (with their state
 *   and amount, an index-only scan), orders returned by the bank.
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
export const KEPT_REPORT_TABLES = ['capture_outcome', 'capture_doc'] as const;

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
      captured_on date not null,
      primary key (organization_id, doc_id, field),
      foreign key (organization_id, doc_id) references doc (organization_id, id) on delete cascade
    );
    create table capture_doc (
      organization_id bigint not null references organization (id) on delete cascade,
      doc_id bigint not null,
      captured_on date not null,
      partner_key uuid,
      captured integer not null,
      corrected integer not null,
      primary key (organization_id, doc_id),
      foreign key (organization_id, doc_id) references doc (organization_id, id) on delete cascade
    );
    create index capture_doc_day_idx on capture_doc (organization_id, captured_on)
      include (partner_key, captured, corrected);
    create table capture_stat (
      organization_id bigint not null references organization (id) on delete cascade,
      day date not null,
      field text not null,
      source text not null,
      captured integer not null,
      corrected integer not null,
      primary key (organization_id, day, field, source)
    );
  `.execute(db);
  for (const table of [...KEPT_REPORT_TABLES, 'capture_stat'])
    await tenantAccess(table).execute(db);
  for (const table of KEPT_REPORT_TABLES)
    await sql
      .raw(
        `create trigger ${table}_keep_cascaded before delete on ${table}
           for each row execute function listina_keep_cascaded_row();`,
      )
      .execute(db);
  // capture_stat follows capture_outcome whatever changes it (the function below, a deleted
  // document's cascade, the undo that brings its rows back): a statement's rows, summed.
  await sql
    .raw(
      `
    create function listina_capture_stat_add() returns trigger language plpgsql as $$
    begin
      insert into capture_stat as s (organization_id, day, field, source, captured, corrected)
      select organization_id, captured_on, field, source, count(*),
        count(*) filter (where not kept)
      from added group by 1, 2, 3, 4
      on conflict (organization_id, day, field, source) do update
        set captured = s.captured + excluded.captured, corrected = s.corrected + excluded.corrected;
      return null;
    end $$;
    create function listina_capture_stat_remove() returns trigger language plpgsql as $$
    begin
      update capture_stat s set captured = s.captured - r.captured,
        corrected = s.corrected - r.corrected
      from (select organization_id, captured_on, field, source, count(*) as captured,
          count(*) filter (where not kept) as corrected
        from removed group by 1, 2, 3, 4) r
      where s.organization_id = r.organization_id and s.day = r.captured_on
        and s.field = r.field and s.source = r.source;
      return null;
    end $$;
    create trigger capture_outcome_stat_add after insert on capture_outcome
      referencing new table as added for each statement
      execute function listina_capture_stat_add();
    create trigger capture_outcome_stat_remove after delete on capture_outcome
      referencing old table as removed for each statement
      execute function listina_capture_stat_remove();
  `,
    )
    .execute(db);
  await sql
    .raw(
      `
    create function listina_capture_outcome(org bigint, ids bigint[]) returns void
    language sql volatile as $$
      delete from capture_outcome where organization_id = org and doc_id = any(ids);
      delete from capture_doc where organization_id = org and doc_id = any(ids);
      insert into capture_outcome (organization_id, doc_id, field, source, kept, captured_on)
      select d.organization_id, d.id, v.field, coalesce(c.found->>'source', ''),
        case
          when v.saved is null then false
          when v.is_amount and c.found->>'value' ~ '^-?[0-9]+(\\.[0-9]+)?$'
            and v.saved ~ '^-?[0-9]+(\\.[0-9]+)?$'
            then (c.found->>'value')::numeric = v.saved::numeric
          else upper(regexp_replace(c.found->>'value', '\\s', '', 'g'))
            = upper(regexp_replace(v.saved, '\\s', '', 'g'))
        end,
        (coalesce(d.captured_at, d.updated_at) at time zone 'UTC')::date
      from doc d
      cross join lateral (values
          ${values}
        ) v (field, saved, is_amount)
      cross join lateral (select d.capture_result->'fields'->v.field as found) c
      where d.organization_id = org and d.id = any(ids)
        and d.capture_state = 'done' and c.found ? 'value';
      insert into capture_doc (organization_id, doc_id, captured_on, partner_key, captured,
        corrected)
      select o.organization_id, o.doc_id, o.captured_on, d.customer_key, count(*),
        count(*) filter (where not o.kept)
      from capture_outcome o
      join doc d on d.organization_id = o.organization_id and d.id = o.doc_id
      where o.organization_id = org and o.doc_id = any(ids)
      group by o.organization_id, o.doc_id, o.captured_on, d.customer_key;
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
  // Spend (docs/reports.md): the payables' net, gross and count per month, supplier, document
  // type and currency, kept by a trigger on every change of a document that moves them.
  await sql`
    create table doc_spend (
      organization_id bigint not null references organization (id) on delete cascade,
      id bigint generated always as identity,
      month date not null,
      customer_key uuid,
      document_type_id bigint,
      currency_code text not null,
      net numeric(18, 2) not null,
      gross numeric(18, 2) not null,
      documents integer not null,
      primary key (organization_id, id),
      constraint doc_spend_key unique nulls not distinct
        (organization_id, month, customer_key, document_type_id, currency_code)
    );
  `.execute(db);
  await tenantAccess('doc_spend').execute(db);
  await sql
    .raw(
      `
    create function listina_doc_spend_add(d doc, sign integer) returns void
    language sql volatile as $$
      insert into doc_spend as s (organization_id, month, customer_key, document_type_id,
        currency_code, net, gross, documents)
      values (d.organization_id,
        date_trunc('month', coalesce(d.issue_date, d.received_date,
          (d.created_at at time zone 'UTC')::date))::date,
        d.customer_key, d.document_type_id, d.currency_code,
        sign * coalesce(d.net_amount, d.total_amount - coalesce(d.vat_amount, 0), 0),
        sign * coalesce(d.total_amount, 0), sign)
      on conflict on constraint doc_spend_key do update
        set net = s.net + excluded.net, gross = s.gross + excluded.gross,
          documents = s.documents + excluded.documents;
    $$;
    create function listina_doc_spend() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and old.status in ('active', 'archived')
        and new.status in ('active', 'archived')
        and (old.issue_date, old.received_date, old.customer_key, old.document_type_id,
          old.currency_code, old.net_amount, old.vat_amount, old.total_amount)
        is not distinct from (new.issue_date, new.received_date, new.customer_key,
          new.document_type_id, new.currency_code, new.net_amount, new.vat_amount,
          new.total_amount) then
        return null;
      end if;
      if tg_op in ('UPDATE', 'DELETE') and old.status in ('active', 'archived') then
        perform listina_doc_spend_add(old, -1);
      end if;
      if tg_op in ('INSERT', 'UPDATE') and new.status in ('active', 'archived') then
        perform listina_doc_spend_add(new, 1);
      end if;
      return null;
    end $$;
    create trigger doc_spend_follow
      after insert or delete or update of status, issue_date, received_date, customer_key,
        document_type_id, currency_code, net_amount, vat_amount, total_amount
      on doc for each row execute function listina_doc_spend();
  `,
    )
    .execute(db);
  await sql`
    insert into doc_spend (organization_id, month, customer_key, document_type_id,
      currency_code, net, gross, documents)
    select organization_id,
      date_trunc('month', coalesce(issue_date, received_date,
        (created_at at time zone 'UTC')::date))::date,
      customer_key, document_type_id, currency_code,
      sum(coalesce(net_amount, total_amount - coalesce(vat_amount, 0), 0)),
      sum(coalesce(total_amount, 0)), count(*)
    from doc where status in ('active', 'archived')
    group by 1, 2, 3, 4, 5
  `.execute(db);
  // When a paid document was paid: its last paid order's moment, kept beside the payment state
  // by the function that derives that from the orders (migration 0025), so aging as of a past
  // day and the payments report read the paid payables of a period from one index.
  await sql`alter table doc add column paid_at timestamptz`.execute(db);
  await sql`
    create or replace function listina_refresh_doc_payment_state(doc_ids bigint[]) returns void
      language sql
    as $$
      update doc d set (payment_state, paid_at) = (
        select s.state, case when s.state = 'paid' then s.paid_at end
        from (
          select case
              when count(*) filter (where o.state not in ('cancelled', 'rejected')) = 0
                then 'unpaid'
              when bool_and(o.state = 'paid')
                filter (where o.state not in ('cancelled', 'rejected')) then 'paid'
              when bool_or(o.state in ('sent', 'paid')) then 'sent'
              else 'ordered' end as state,
            max(coalesce(o.paid_at, o.updated_at)) filter (where o.state = 'paid') as paid_at
          from pay_order_doc l
          join pay_order o on o.organization_id = l.organization_id and o.id = l.pay_order_id
          where l.organization_id = d.organization_id and l.doc_id = d.id) s)
      where d.id = any(doc_ids)
    $$;
    update doc d set paid_at = (
      select max(coalesce(o.paid_at, o.updated_at)) from pay_order_doc l
      join pay_order o on o.organization_id = l.organization_id and o.id = l.pay_order_id
      where l.organization_id = d.organization_id and l.doc_id = d.id and o.state = 'paid')
    where d.payment_state = 'paid';
    create index doc_paid_payable_idx on doc (organization_id, paid_at)
      include (id, customer_key, currency_code, amount_due, total_amount, due_date, issue_date,
        received_date, created_at, status, document_type_id,
        workflow_current_step_system_tile_code, workflow_id, workflow_step_id, workflow_standing)
      where payment_state = 'paid' and status in ('active', 'archived');
  `.execute(db);
  await sql`
    create index doc_created_idx on doc (organization_id, created_at);
    create index workflow_log_created_idx on workflow_log (organization_id, created_at)
      include (doc_id, user_id, from_step_id, result_code, seconds_in_step);
    create index doc_waiting_idx on doc (organization_id, workflow_step_at)
      where status = 'active' and workflow_step_id is not null;
    create index pay_order_updated_idx on pay_order (organization_id, updated_at)
      where state = 'rejected';
    create index pay_order_execution_cover_idx on pay_order (organization_id, execution_date)
      include (state, currency_code, amount);
  `.execute(db);
}
