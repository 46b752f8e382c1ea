import { sql, type Kysely } from 'kysely';

/**
 * A partner's default cost centre: the one its invoices are usually booked to (the
 * liquidation lines of a supplier's next document start from it). A code of the
 * organisation's cost-centre list, chosen in the form through a lookup that can add one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table partner add column cost_center_code text`.execute(db);
}
