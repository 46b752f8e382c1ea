import { sql, type Kysely } from 'kysely';

/**
 * The organisation's own record joins the table engine (issue 3: organization with
 * organizationBankAccounts): it gets the engine's search_text and updated_at columns, and
 * its admins may update it inside their tenant scope (row-level security already limits
 * listina_tenant to organisations the user belongs to).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table organization add column search_text text not null default '';
    alter table organization add column updated_at timestamptz not null default now();
    update organization set search_text = lower(name || ' ' || name_nick || ' ' || coalesce(tax_number, ''));
    grant update (name, name_nick, tax_number, search_text, updated_at, version) on organization
      to listina_tenant;
  `.execute(db);
}
