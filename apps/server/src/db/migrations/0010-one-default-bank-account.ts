import { sql, type Kysely } from 'kysely';

/**
 * One default bank account per owner (spec §4), held by the database as well as by the engine
 * (which clears the older default when a new one is chosen). An exclusion constraint rather
 * than a partial unique index, because it can be deferred to the commit: a save or an undo
 * moves the flag from one row to another in steps (or in one statement), and only the end of
 * the transaction has to have one default. Owners that already have more than one keep the
 * one set last.
 */
const OWNERS = [
  { table: 'partner_bank_account', owner: ['organization_id', 'partner_id'] },
  { table: 'organization_bank_account', owner: ['organization_id'] },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const { table, owner } of OWNERS) {
    const same = sql.join(
      owner.map((c) => sql`o.${sql.ref(c)} = b.${sql.ref(c)}`),
      sql` and `,
    );
    await sql`
      update ${sql.table(table)} as b set is_default = false
      where b.is_default and exists (
        select 1 from ${sql.table(table)} as o
        where ${same} and o.is_default and (o.updated_at, o.id) > (b.updated_at, b.id)
      )
    `.execute(db);
    await sql`
      alter table ${sql.table(table)} add constraint ${sql.ref(`${table}_one_default`)}
        exclude using btree (${sql.join(owner.map((c) => sql`${sql.ref(c)} with =`))})
        where (is_default) deferrable initially deferred
    `.execute(db);
  }
}
