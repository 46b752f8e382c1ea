import { sql } from 'kysely';
import { docLock, type DocActor } from '@listina/forms';
import { isAdmin } from '../../plugins/context';
import type { LockContext, LockedRecord, LockProblem } from '../tables/entity';
import { myTasksSql } from './tasks';

/** The role that may edit a document at any step of its workflow (spec §6). */
export const EXTENDED_DATA_ENTRY = 'dataentryextended';

/**
 * Who may change a document (its fields, cost lines, files and captured data) as it moves
 * through its workflow (issue 6, spec §6; docs/roles.md). The doc table's write roles hold
 * first; then, by the document's status:
 * - draft: anyone with a write role (the submitter prepares it);
 * - active: admins, dataentryextended, and whoever has it as a task now (an assignee of its
 *   step, the user it was forwarded to, its submitter while data is supplemented);
 * - archived or rejected: admins only (the record is kept as it ended).
 * Answers in the order of `docs`; the task check is one statement for all active ones.
 */
export async function docLocks(
  docs: readonly LockedRecord[],
  { trx, roles }: LockContext,
): Promise<LockProblem[]> {
  if (isAdmin(roles)) return docs.map(() => undefined);
  const extended = roles.includes(EXTENDED_DATA_ENTRY);
  const activeIds = docs.filter((d) => d.status === 'active').map((d) => String(d.id));
  const mine = new Set<string>();
  if (!extended && activeIds.length > 0) {
    // myTasksSql reads the user and organisation of the transaction's scope.
    const { rows } = await sql<{ id: string }>`
      select doc.id from doc
      where doc.organization_id = nullif(current_setting('listina.organization_id', true), '')::bigint
        and doc.id = any(${activeIds}::bigint[]) and ${myTasksSql()}
    `.execute(trx);
    for (const row of rows) mine.add(String(row.id));
  }
  // One rule with the web's offering (packages/forms doc-rights, issue 24).
  const actor: DocActor = { isAdmin: false, canWriteDocs: true, isExtendedDataEntry: extended };
  return docs.map((doc): LockProblem => {
    const lock = docLock({ status: doc.status, isMyTask: mine.has(String(doc.id)) }, actor);
    if (lock === undefined) return undefined;
    const status = lock === 'notYourStep' ? 403 : 409;
    return { status, code: `errors.doc.${lock}`, parameters: [titleOf(doc)] };
  });
}

function titleOf(doc: LockedRecord): string {
  for (const value of [doc.displayTitle, doc.number, doc.key])
    if (typeof value === 'string' && value !== '') return value;
  return String(doc.id);
}
