import { sql, type Kysely } from 'kysely';
import { tenantAccess } from './tenant-access';

/**
 * Payments (issue 8, modules/payments, docs/payments.md): payment orders, the packages they
 * are sent to the bank in, and the file format each paying account's bank takes.
 *
 * pay_order_doc links an order to the documents it pays, both ways (an order of a supplier
 * may pay several); the document's payment_state follows its orders through triggers.
 *
 * An order names its recipient by partner and bank account id where it has them, and keeps
 * the name, IBAN and BIC it pays to as text (the file is written from those, so a later
 * change of the partner does not change an order already sent). Its source document is kept
 * by key, and the document remembers how far its payment went (payment_state).
 *
 * The order's end-to-end id in the files is its key without hyphens (32 characters, within
 * the 35 of Max35Text): a statement entry finds its order by key, through the unique index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table organization_bank_account
      add column pain_version text not null default 'pain.001.001.03'
        check (pain_version in ('pain.001.001.03', 'pain.001.001.09'));

    alter table doc
      add column payment_state text not null default 'unpaid'
        check (payment_state in ('unpaid', 'ordered', 'sent', 'paid'));

    create table pay_package (
      organization_id bigint not null references organization (id) on delete cascade,
      id bigint generated always as identity,
      key uuid not null,
      code text not null,
      organization_bank_account_id bigint not null,
      execution_date date not null,
      state text not null default 'open'
        check (state in ('open', 'sent', 'paid', 'rejected', 'cancelled')),
      order_count integer not null default 0,
      total_amount numeric(18, 2) not null default 0,
      message_id text,
      pain_version text,
      sent_at timestamptz,
      created_by bigint references app_user (id),
      search_text text not null default '',
      code_sort text collate "C" not null default '',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      version integer not null default 1,
      primary key (organization_id, id),
      unique (organization_id, key),
      unique (organization_id, code)
    );
    create index pay_package_code_sort_idx on pay_package (organization_id, code_sort, id);
    create index pay_package_execution_date_idx on pay_package
      (organization_id, execution_date, id);

    create table pay_order (
      organization_id bigint not null references organization (id) on delete cascade,
      id bigint generated always as identity,
      key uuid not null,
      recipient_id bigint,
      recipient_name text not null default '',
      recipient_address text,
      recipient_town text,
      recipient_country_code text,
      recipient_account_id bigint,
      recipient_account_text text,
      recipient_iban text not null default '',
      recipient_bic text,
      payment_type text not null default 'SEPA_SI',
      recipient_reference_type text not null default 'SI',
      recipient_model text,
      recipient_reference text,
      recipient_bank_bic text,
      recipient_bank_name text,
      recipient_bank_address text,
      recipient_bank_town text,
      recipient_bank_country_code text,
      recipient_bank_country_name text,
      intermediary_bank_bic text,
      intermediary_bank_name text,
      intermediary_bank_address text,
      intermediary_bank_town text,
      intermediary_bank_country_code text,
      intermediary_bank_country_name text,
      amount numeric(18, 2) not null,
      currency_code text not null default 'EUR',
      purpose_code text,
      description text,
      execution_date date not null,
      organization_bank_account_id bigint,
      state text not null default 'draft'
        check (state in ('draft', 'ready', 'inPackage', 'sent', 'paid', 'rejected', 'cancelled')),
      document_key uuid,
      pay_package_id bigint,
      bank_message text,
      sent_at timestamptz,
      paid_at timestamptz,
      created_by bigint references app_user (id),
      search_text text not null default '',
      recipient_name_sort text collate "C" not null default '',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      version integer not null default 1,
      primary key (organization_id, id),
      unique (organization_id, key),
      foreign key (organization_id, pay_package_id)
        references pay_package (organization_id, id) on delete set null (pay_package_id)
    );
    create index pay_order_recipient_name_sort_idx on pay_order
      (organization_id, recipient_name_sort, id);
    create index pay_order_execution_date_idx on pay_order (organization_id, execution_date, id);
    create index pay_order_amount_idx on pay_order (organization_id, amount, id);
    create index pay_order_state_idx on pay_order (organization_id, state);
    create index pay_order_document_idx on pay_order (organization_id, document_key)
      where document_key is not null;
    create index pay_order_package_idx on pay_order (organization_id, pay_package_id)
      where pay_package_id is not null;
    -- The duplicate warning: the same recipient account, reference and amount.
    create index pay_order_duplicate_idx on pay_order
      (organization_id, recipient_iban, amount, recipient_reference);

    -- The documents an order pays (one, or several of a supplier in one order).
    create table pay_order_doc (
      organization_id bigint not null,
      pay_order_id bigint not null,
      doc_id bigint not null,
      primary key (organization_id, pay_order_id, doc_id),
      foreign key (organization_id, pay_order_id)
        references pay_order (organization_id, id) on delete cascade,
      foreign key (organization_id, doc_id) references doc (organization_id, id) on delete cascade
    );
    create index pay_order_doc_doc_idx on pay_order_doc (organization_id, doc_id);
  `.execute(db);
  await tenantAccess('pay_package').execute(db);
  await tenantAccess('pay_order').execute(db);
  await tenantAccess('pay_order_doc').execute(db);

  // A document's payment state follows its orders however they change (a save, a mark, a
  // statement, a delete, an undo): statement triggers recompute the documents concerned.
  await sql`
    create function listina_refresh_doc_payment_state(doc_ids bigint[]) returns void
      language sql
    as $$
      update doc d set payment_state = coalesce((
        select case
          when count(*) filter (where o.state not in ('cancelled', 'rejected')) = 0 then 'unpaid'
          when bool_and(o.state = 'paid') filter (where o.state not in ('cancelled', 'rejected'))
            then 'paid'
          when bool_or(o.state in ('sent', 'paid')) then 'sent'
          else 'ordered' end
        from pay_order_doc l
        join pay_order o on o.organization_id = l.organization_id and o.id = l.pay_order_id
        where l.organization_id = d.organization_id and l.doc_id = d.id), 'unpaid')
      where d.id = any(doc_ids)
    $$;

    create function listina_pay_order_doc_changed() returns trigger
      language plpgsql
    as $$
    begin
      if tg_op = 'INSERT' then
        perform listina_refresh_doc_payment_state(array(select doc_id from added));
      else
        perform listina_refresh_doc_payment_state(array(select doc_id from gone));
      end if;
      return null;
    end
    $$;
    create trigger pay_order_doc_added after insert on pay_order_doc
      referencing new table as added for each statement
      execute function listina_pay_order_doc_changed();
    create trigger pay_order_doc_gone after delete on pay_order_doc
      referencing old table as gone for each statement
      execute function listina_pay_order_doc_changed();

    -- A package's order count and total follow its orders the same way.
    create function listina_refresh_pay_packages(package_ids bigint[]) returns void
      language sql
    as $$
      update pay_package p set
        order_count = (select count(*) from pay_order o
          where o.organization_id = p.organization_id and o.pay_package_id = p.id),
        total_amount = (select coalesce(sum(o.amount), 0) from pay_order o
          where o.organization_id = p.organization_id and o.pay_package_id = p.id)
      where p.id = any(package_ids)
    $$;

    create function listina_pay_order_changed() returns trigger
      language plpgsql
    as $$
    begin
      if tg_op = 'UPDATE' then
        perform listina_refresh_doc_payment_state(array(
          select l.doc_id from changed c
          join pay_order_doc l on l.organization_id = c.organization_id and l.pay_order_id = c.id));
        perform listina_refresh_pay_packages(array(
          select pay_package_id from changed where pay_package_id is not null
          union select pay_package_id from previous where pay_package_id is not null));
      elsif tg_op = 'INSERT' then
        perform listina_refresh_pay_packages(array(
          select pay_package_id from changed where pay_package_id is not null));
      else
        perform listina_refresh_pay_packages(array(
          select pay_package_id from previous where pay_package_id is not null));
      end if;
      return null;
    end
    $$;
    create trigger pay_order_updated after update on pay_order
      referencing old table as previous new table as changed for each statement
      execute function listina_pay_order_changed();
    create trigger pay_order_inserted after insert on pay_order
      referencing new table as changed for each statement
      execute function listina_pay_order_changed();
    create trigger pay_order_deleted after delete on pay_order
      referencing old table as previous for each statement
      execute function listina_pay_order_changed();
  `.execute(db);
}
