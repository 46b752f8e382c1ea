import { sql, type Kysely } from 'kysely';

/**
 * A document keeps what its invoice says it is worth (total_amount, gross) apart from what is
 * to be paid for it (issue 21): an invoice paid in part in advance (prepaid_amount) or
 * rounded to the cash unit (rounding_amount) asks for amount_due, EN 16931 BT-115
 * = BT-112 − BT-113 + BT-114. Empty amount_due means the total is due, as on every document
 * before this migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table doc
      add column prepaid_amount numeric(18, 2),
      add column rounding_amount numeric(18, 2),
      add column amount_due numeric(18, 2)
  `.execute(db);
  // An order made from a document remembers what the document asked for when it was made:
  // the order form shows both beside the amount it pays.
  await sql`
    alter table pay_order
      add column document_total_amount numeric(18, 2),
      add column document_amount_due numeric(18, 2)
  `.execute(db);
}
