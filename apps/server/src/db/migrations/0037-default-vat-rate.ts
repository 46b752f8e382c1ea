import { sql, type Kysely } from 'kysely';

/**
 * Issue 24, spec §3 isDefaultModel: an organisation's default VAT rate, the one a new cost
 * line starts with. At most one per organisation, held as 0010 holds one default bank account:
 * an exclusion constraint deferred to the commit, since a save moves the flag from one row to
 * another in steps. Organisations that exist get their standard rate as the default: the
 * highest active rate of category S (22 % in Slovenia), as new ones get it from their defaults.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table vat_rate add column is_default boolean not null default false
  `.execute(db);
  await sql`
    update vat_rate set is_default = true
    where id in (
      select distinct on (organization_id) id from vat_rate
      where is_active and category = 'S'
      order by organization_id, rate desc, valid_from desc, id
    )
  `.execute(db);
  await sql`
    alter table vat_rate add constraint vat_rate_one_default
      exclude using btree (organization_id with =)
      where (is_default) deferrable initially deferred
  `.execute(db);
}
