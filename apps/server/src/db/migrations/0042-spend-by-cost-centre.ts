import { sql, type Kysely } from 'kysely';
import { tenantAccess } from './tenant-access';

/**
 * Issue 27, spend by cost centre (docs/reports.md, ADR 0022): what each payable adds to spend
 * per cost centre, kept like the other report sums so that spend by cost centre, or filtered by
 * one, reads a few thousand lines instead of two years of documents and their cost lines.
 *
 * - doc_spend_part: a payable's share per cost centre (its cost lines on it summed: a line's
 *   gross is its amount, its net the line's share of the document's net; a document without
 *   lines, or a line without a centre, counts under '' for none), with its month, supplier,
 *   document type and currency. `first` marks one part of each document, so that a document
 *   counts once where centres are added up; that part also carries the document's own net
 *   and gross (doc_net, doc_gross; 0 on the others), for spend by supplier or document type
 *   filtered by a cost centre. Rebuilt for a document by
 *   listina_doc_spend_parts(org, ids) whenever the document or its cost lines change (triggers
 *   on both), so it always says what they say; a deleted document's parts go with it.
 * - doc_spend_cost: those parts summed per month, cost centre and currency, kept by statement
 *   triggers on doc_spend_part. Spend by cost centre of one supplier or document type reads the
 *   parts (one supplier's through an index).
 */

/** A document's parts per cost centre, of the documents `which` picks (SQL over `d`). */
const partsSql = (which: string) => `
  insert into doc_spend_part (organization_id, doc_id, cost_center_code, month, customer_key,
    document_type_id, currency_code, net, gross, first, doc_net, doc_gross)
  select organization_id, id, centre, month, customer_key, document_type_id, currency_code,
    coalesce(net, 0), coalesce(gross, 0), first,
    case when first then doc_net else 0 end, case when first then doc_gross else 0 end
  from (
  select *, row_number() over (partition by organization_id, id order by centre) = 1 as first
  from (
  select organization_id, id, centre, month, customer_key, document_type_id, currency_code,
    doc_net, doc_gross, sum(net) as net, sum(gross) as gross
  from (
    select d.organization_id, d.id, coalesce(c.cost_center_code, '') as centre,
      date_trunc('month', coalesce(d.issue_date, d.received_date,
        (d.created_at at time zone 'UTC')::date))::date as month,
      d.customer_key, d.document_type_id, d.currency_code,
      case when c.id is null
        then coalesce(d.net_amount, d.total_amount - coalesce(d.vat_amount, 0), 0)
        else coalesce(round(c.amount * coalesce(d.net_amount,
            d.total_amount - coalesce(d.vat_amount, 0), 0) / nullif(coalesce(d.total_amount, 0), 0), 2),
          c.amount) end as net,
      coalesce(c.amount, d.total_amount, 0) as gross,
      coalesce(d.net_amount, d.total_amount - coalesce(d.vat_amount, 0), 0) as doc_net,
      coalesce(d.total_amount, 0) as doc_gross
    from doc d
    left join doc_cost_line c on c.organization_id = d.organization_id and c.doc_id = d.id
    where d.status in ('active', 'archived') and ${which}
  ) l
  group by organization_id, id, centre, month, customer_key, document_type_id, currency_code,
    doc_net, doc_gross
  ) g
  ) p`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table doc_spend_part (
      organization_id bigint not null references organization (id) on delete cascade,
      doc_id bigint not null,
      cost_center_code text not null,
      month date not null,
      customer_key uuid,
      document_type_id bigint,
      currency_code text not null,
      net numeric(18, 2) not null,
      gross numeric(18, 2) not null,
      first boolean not null,
      doc_net numeric(18, 2) not null,
      doc_gross numeric(18, 2) not null,
      primary key (organization_id, doc_id, cost_center_code)
    );
    create table doc_spend_cost (
      organization_id bigint not null references organization (id) on delete cascade,
      id bigint generated always as identity,
      month date not null,
      cost_center_code text not null,
      currency_code text not null,
      net numeric(18, 2) not null,
      gross numeric(18, 2) not null,
      documents integer not null,
      documents_once integer not null,
      primary key (organization_id, id),
      constraint doc_spend_cost_key unique (organization_id, month, cost_center_code, currency_code)
    );
    create index doc_spend_part_supplier_idx on doc_spend_part (organization_id, customer_key, month);
    create index doc_spend_part_centre_idx on doc_spend_part
      (organization_id, cost_center_code, month, doc_id);
  `.execute(db);
  for (const table of ['doc_spend_part', 'doc_spend_cost']) await tenantAccess(table).execute(db);
  // A cost centre's documents, for the reports filtered by one (filtersSql).
  await sql`
    create index doc_cost_line_centre_idx on doc_cost_line (organization_id, cost_center_code, doc_id)
  `.execute(db);
  // The sums follow the parts whatever changes them: a statement's rows, summed.
  await sql
    .raw(
      `
    create function listina_doc_spend_cost_add() returns trigger language plpgsql as $$
    begin
      insert into doc_spend_cost as s (organization_id, month, cost_center_code, currency_code,
        net, gross, documents, documents_once)
      select organization_id, month, cost_center_code, currency_code, sum(net), sum(gross),
        count(*), count(*) filter (where first)
      from added group by 1, 2, 3, 4
      on conflict on constraint doc_spend_cost_key do update
        set net = s.net + excluded.net, gross = s.gross + excluded.gross,
          documents = s.documents + excluded.documents,
          documents_once = s.documents_once + excluded.documents_once;
      return null;
    end $$;
    create function listina_doc_spend_cost_remove() returns trigger language plpgsql as $$
    begin
      update doc_spend_cost s set net = s.net - r.net, gross = s.gross - r.gross,
        documents = s.documents - r.documents, documents_once = s.documents_once - r.once
      from (select organization_id, month, cost_center_code, currency_code, sum(net) as net,
          sum(gross) as gross, count(*) as documents, count(*) filter (where first) as once
        from removed group by 1, 2, 3, 4) r
      where s.organization_id = r.organization_id and s.month = r.month
        and s.cost_center_code = r.cost_center_code and s.currency_code = r.currency_code;
      return null;
    end $$;
    create trigger doc_spend_part_add after insert on doc_spend_part
      referencing new table as added for each statement
      execute function listina_doc_spend_cost_add();
    create trigger doc_spend_part_remove after delete on doc_spend_part
      referencing old table as removed for each statement
      execute function listina_doc_spend_cost_remove();

    create function listina_doc_spend_parts(org bigint, ids bigint[]) returns void
    language plpgsql volatile as $$
    begin
      delete from doc_spend_part where organization_id = org and doc_id = any(ids);
      ${partsSql('d.organization_id = org and d.id = any(ids)')};
    end $$;

    create function listina_doc_spend_parts_of_doc() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        perform listina_doc_spend_parts(old.organization_id, array[old.id]);
      else
        perform listina_doc_spend_parts(new.organization_id, array[new.id]);
      end if;
      return null;
    end $$;
    create trigger doc_spend_parts_written after insert or delete on doc
      for each row execute function listina_doc_spend_parts_of_doc();
    create trigger doc_spend_parts_changed after update on doc
      for each row when (
        (old.status, old.issue_date, old.received_date, old.customer_key, old.document_type_id,
          old.currency_code, old.net_amount, old.vat_amount, old.total_amount)
        is distinct from (new.status, new.issue_date, new.received_date, new.customer_key,
          new.document_type_id, new.currency_code, new.net_amount, new.vat_amount,
          new.total_amount))
      execute function listina_doc_spend_parts_of_doc();

    create function listina_doc_spend_parts_of_lines() returns trigger language plpgsql as $$
    begin
      perform listina_doc_spend_parts(organization_id, array_agg(distinct doc_id))
      from changed group by organization_id;
      return null;
    end $$;
    create trigger doc_cost_line_spend_added after insert on doc_cost_line
      referencing new table as changed for each statement
      execute function listina_doc_spend_parts_of_lines();
    create trigger doc_cost_line_spend_changed after update on doc_cost_line
      referencing new table as changed for each statement
      execute function listina_doc_spend_parts_of_lines();
    create trigger doc_cost_line_spend_removed after delete on doc_cost_line
      referencing old table as changed for each statement
      execute function listina_doc_spend_parts_of_lines();
  `,
    )
    .execute(db);
  await sql.raw(`${partsSql('true')}`).execute(db);
}
