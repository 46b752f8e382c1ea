import { sql, type Kysely } from 'kysely';

/**
 * Issue 27, reports: the payables still open (activated, not yet paid) are few against all the
 * documents an organisation keeps for years, and payables aging and cash needed read only
 * them. A partial index holds just those rows, by organisation and due day, with every column
 * the reports read: an index-only scan answers them without visiting the table, whose open
 * rows lie scattered among years of paid ones (at 1,000,000 documents the planner otherwise
 * chose a scan of the whole 1.6 GB table, 3 s). Aging as of a past day adds the documents
 * paid since: found from the orders paid after it, by a partial index of the paid orders.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index doc_open_payable_idx on doc
      (organization_id, coalesce(due_date, issue_date))
      include (id, customer_key, currency_code, amount_due, total_amount, due_date, issue_date,
        received_date, created_at, status, payment_state, document_type_id,
        workflow_current_step_system_tile_code, workflow_id, workflow_step_id, workflow_standing)
      where status in ('active', 'archived') and payment_state <> 'paid'
  `.execute(db);
  await sql`
    create index pay_order_paid_at_idx on pay_order
      (organization_id, coalesce(paid_at, updated_at))
      where state = 'paid'
  `.execute(db);
}
