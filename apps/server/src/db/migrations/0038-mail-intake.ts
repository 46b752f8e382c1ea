import { sql, type Kysely } from 'kysely';
import { tenantAccess } from './tenant-access';

/**
 * Issue 25, invoices by e-mail. Per organisation:
 * - intake_mailbox: IMAP accounts the workers poll. The password is sealed (AES-256-GCM with
 *   a key from config, intake/secret-box.ts); the worker's own columns (claimed_by,
 *   lease_until, last_*) are no table-engine columns.
 * - intake_rule: what a message that matches sender, subject or attachment name becomes.
 * - intake_message: the log of every message that came in, whatever became of it. A message
 *   is known by its Message-ID, or by the hash of its content when it has none: message_key
 *   is unique per organisation, which is what makes a second arrival (another poll, the other
 *   way in, a worker that died before marking it) a no-op. A refused message keeps its .eml
 *   (eml_blob_id) for an admin to release or delete.
 * - partner_sender: the sender addresses a supplier's documents came from, learned when a
 *   document from mail is saved with its partner; capture matches the next by them.
 * - doc.intake_message_id: the message a document came from; doc.preferred_workflow_id: the
 *   workflow a rule chose for it, entered on activation instead of its type's.
 * - organization.intake_code: the local part of the organisation's intake address
 *   (`<intake_code>@<INTAKE_DOMAIN>`): its nickname and six random hex digits, so that the
 *   address is the organisation's and not guessed from its name alone.
 */
/**
 * Rows a partner's delete takes by cascade, kept by the trigger of migration 0032 so that undo
 * of the delete brings the senders learned for it back.
 */
export const KEPT_INTAKE_TABLES = ['partner_sender'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table intake_mailbox (
      organization_id bigint not null references organization (id) on delete cascade,
      id bigint generated always as identity,
      key uuid not null,
      name text not null,
      name_sort text collate "C" not null default '',
      host text not null,
      port integer not null default 993,
      tls boolean not null default true,
      username text not null,
      password text not null default '',
      folder text not null default 'INBOX',
      after_import text not null default 'markRead'
        check (after_import in ('markRead', 'move', 'delete')),
      move_folder text not null default '',
      is_active boolean not null default true,
      status text not null default 'new' check (status in ('new', 'ok', 'failed')),
      last_checked_at timestamptz,
      last_error text not null default '',
      claimed_by text,
      lease_until timestamptz,
      created_by bigint references app_user (id) on delete set null,
      search_text text not null default '',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      version integer not null default 1,
      primary key (organization_id, id),
      unique (organization_id, key),
      unique (organization_id, name)
    );
    create index intake_mailbox_due_idx on intake_mailbox (lease_until) where is_active;

    create table intake_rule (
      organization_id bigint not null references organization (id) on delete cascade,
      id bigint generated always as identity,
      key uuid not null,
      position integer not null default 10,
      name text not null,
      name_sort text collate "C" not null default '',
      sender_pattern text not null default '',
      subject_pattern text not null default '',
      attachment_pattern text not null default '',
      action text not null default 'import'
        check (action in ('import', 'oneDocument', 'knownSendersOnly', 'skip', 'quarantine')),
      document_type_id bigint,
      workflow_id bigint,
      is_active boolean not null default true,
      search_text text not null default '',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      version integer not null default 1,
      primary key (organization_id, id),
      unique (organization_id, key),
      unique (organization_id, name)
    );

    create table intake_message (
      organization_id bigint not null references organization (id) on delete cascade,
      id bigint generated always as identity,
      key uuid not null,
      message_key text not null,
      message_id text not null default '',
      source text not null check (source in ('imap', 'smtp')),
      mailbox_id bigint,
      mailbox_uid text not null default '',
      received_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now(),
      times_seen integer not null default 1,
      sender text not null default '',
      sender_name text not null default '',
      subject text not null default '',
      size integer not null default 0,
      attachment_count integer not null default 0,
      result text not null
        check (result in ('imported', 'duplicate', 'quarantined', 'skipped', 'released', 'deleted')),
      reason text not null default '',
      reason_parameters jsonb not null default '[]'::jsonb,
      notes jsonb not null default '[]'::jsonb,
      rule_id bigint,
      doc_keys uuid[] not null default '{}',
      duplicate_of_doc_key uuid,
      eml_blob_id text,
      handled_by bigint references app_user (id) on delete set null,
      handled_at timestamptz,
      search_text text not null default '',
      primary key (organization_id, id),
      unique (organization_id, key),
      unique (organization_id, message_key)
    );
    create index intake_message_received_idx on intake_message (organization_id, received_at desc, id desc);
    create index intake_message_result_idx on intake_message (organization_id, result, received_at desc);
    create index intake_message_eml_idx on intake_message (eml_blob_id) where eml_blob_id is not null;

    create table partner_sender (
      organization_id bigint not null references organization (id) on delete cascade,
      partner_id bigint not null,
      address text not null,
      domain text not null,
      learned_at timestamptz not null default now(),
      primary key (organization_id, address),
      foreign key (organization_id, partner_id) references partner (organization_id, id) on delete cascade
    );
    create index partner_sender_domain_idx on partner_sender (organization_id, domain);

    alter table doc add column intake_message_id bigint;
    alter table doc add column preferred_workflow_id bigint;

    alter table organization add column intake_code text;
    create function listina_intake_code(nick text) returns text language sql volatile as $$
      select coalesce(nullif(left(trim(both '-' from regexp_replace(
               translate(lower(nick), 'čćšžđáàäâéèëêíìïîóòöôúùüûñ', 'ccszdaaaaeeeeiiiioooouuuun'),
               '[^a-z0-9]+', '-', 'g')), 30), ''), 'org')
        || '-' || substr(md5(random()::text || clock_timestamp()::text), 1, 6)
    $$;
    update organization set intake_code = listina_intake_code(name_nick);
    alter table organization alter column intake_code set not null;
    create unique index organization_intake_code_idx on organization (intake_code);
    create function listina_set_intake_code() returns trigger language plpgsql as $$
    begin
      if new.intake_code is null then new.intake_code := listina_intake_code(new.name_nick); end if;
      return new;
    end $$;
    create trigger organization_intake_code before insert on organization
      for each row execute function listina_set_intake_code();
  `.execute(db);
  for (const table of ['intake_mailbox', 'intake_rule', 'intake_message', 'partner_sender'])
    await tenantAccess(table).execute(db);
  for (const table of KEPT_INTAKE_TABLES) {
    await sql
      .raw(
        `create trigger ${table}_keep_cascaded before delete on ${table}
           for each row execute function listina_keep_cascaded_row();`,
      )
      .execute(db);
  }
}
