import { sql, type RawBuilder } from 'kysely';

const SCOPED_USER = sql`nullif(current_setting('listina.user_id', true), '')::bigint`;
const SCOPED_ORGANIZATION = sql`nullif(current_setting('listina.organization_id', true), '')::bigint`;

/**
 * The documents that wait for the scope's user (issue 6: "my tasks"), in SQL on the doc
 * table: at a step the user may act on (as a member named by it, or by one of their roles in
 * the organisation), unless forwarded to someone else; forwarded to them; or sent back to them
 * as the submitter for more data. The steps are read once per statement, not per document.
 */
/** The scope's user confirmed the document's current step already (one of several approvers). */
export function confirmedByMeSql(): RawBuilder<unknown> {
  return sql`(${SCOPED_USER} = any(doc.workflow_approvals))`;
}

export function myTasksSql(): RawBuilder<unknown> {
  return sql`(
    (doc.workflow_standing = 'step' and (
      doc.workflow_forwarded_to = ${SCOPED_USER}
      or (doc.workflow_forwarded_to is null and doc.workflow_step_id in (
        select s.id from workflow_step s
        join organization_member m on m.organization_id = s.organization_id
        where s.organization_id = ${SCOPED_ORGANIZATION} and m.user_id = ${SCOPED_USER}
          and m.is_active and (m.key::text = any(s.member_keys) or s.roles && m.roles)))))
    or (doc.workflow_standing = 'supplement' and doc.workflow_submitted_by = ${SCOPED_USER}))`;
}
