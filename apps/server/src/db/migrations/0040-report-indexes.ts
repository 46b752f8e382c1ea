import { sql, type Kysely } from 'kysely';

/**
 * Issue 27, reports: the payables still open (activated, not yet paid) are few against all the
 * documents an organisation keeps for years, and payables aging and cash needed read only
 * them. A partial index holds just those rows, by organisation and due day, so the reports
 * read the open ones without passing over the paid. Aging as of a past day adds the documents
 * paid since: found from the orders paid after it, by a partial index of the paid orders.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index doc_open_payable_idx on doc
      (organization_id, coalesce(due_date, issue_date))
      where status in ('active', 'archived') and payment_state <> 'paid'
  `.execute(db);
  await sql`
    create index pay_order_paid_at_idx on pay_order
      (organization_id, coalesce(paid_at, updated_at))
      where state = 'paid'
  `.execute(db);
}
