import { sql } from 'kysely';
import type { IntakeMessage, IntakeResultCode } from '@listina/contract';
import type { Db } from '../../db/create-db';
import { inScope, type Trx } from '../../db/scope';
import { conflict, forbidden, notFound, type MessageSpec } from '../../lib/errors';
import { UUID_PATTERN } from '../../lib/ids';
import { isAdmin } from '../../plugins/context';
import { translate, type Locale } from '../../plugins/i18n';
import type { TableScope } from '../tables/tables.service';

/**
 * The Intake page (issue 25): the log of every message, newest first, filterable by result
 * and words; an admin's release and delete of a quarantined message. Every read is in the
 * tenant scope: an organisation sees only its own mail.
 */

interface LogRow {
  id: string;
  key: string;
  received_at: Date;
  source: 'imap' | 'smtp';
  mailbox_name: string | null;
  sender: string;
  sender_name: string;
  subject: string;
  size: number;
  attachment_count: number;
  result: IntakeResultCode;
  reason: string;
  reason_parameters: string[];
  notes: MessageSpec[];
  documents: { key: string; number: string }[] | null;
  duplicate_key: string | null;
  duplicate_number: string | null;
  times_seen: number;
  has_eml: boolean;
}

const PAGE = 50;

const scopeIds = (scope: TableScope) => ({
  userId: scope.user.id,
  organizationId: scope.organization.id,
});

const docTitle = (key: string, number: string | null) =>
  number !== null && number !== '' ? number : key.slice(0, 8);

/** The cursor of a row: its time and id, so pages hold however many rows share a time. */
const cursorOf = (row: LogRow) => `${row.received_at.toISOString()}_${row.id}`;

function parseCursor(cursor: string | undefined): { at: string; id: string } | undefined {
  const [, at, id] = /^(\d{4}-\d\d-\d\dT[\d:.]+Z)_(\d+)$/.exec(cursor ?? '') ?? [];
  return at !== undefined && id !== undefined ? { at, id } : undefined;
}

function toMessage(row: LogRow, locale: Locale, admin: boolean): IntakeMessage {
  const parameters = (row.reason_parameters ?? []).map(String);
  const quarantined = row.result === 'quarantined';
  return {
    key: String(row.key),
    receivedAt: row.received_at.toISOString(),
    source: row.source,
    mailboxName: row.mailbox_name ?? '',
    sender: row.sender,
    senderName: row.sender_name,
    subject: row.subject,
    size: row.size,
    attachmentCount: row.attachment_count,
    result: row.result,
    reason:
      row.reason === ''
        ? null
        : { code: row.reason, parameters, msg: translate(locale, row.reason, parameters) },
    reasonText: row.reason === '' ? '' : translate(locale, row.reason, parameters),
    notes: (row.notes ?? []).map((n) => translate(locale, n.code, n.parameters ?? [])),
    documents: (row.documents ?? []).map((d) => ({
      key: String(d.key),
      title: docTitle(String(d.key), d.number),
    })),
    duplicateOf:
      row.duplicate_key === null
        ? null
        : { key: row.duplicate_key, title: docTitle(row.duplicate_key, row.duplicate_number) },
    timesSeen: row.times_seen,
    hasEml: row.has_eml,
    canRelease: admin && quarantined && row.has_eml,
    canDelete: admin && quarantined,
  };
}

function selectRows(organizationId: string, where: ReturnType<typeof sql>, limit: number) {
  return sql<LogRow>`
    select m.id, m.key, m.received_at, m.source, b.name as mailbox_name, m.sender,
      m.sender_name, m.subject, m.size, m.attachment_count, m.result, m.reason,
      m.reason_parameters, m.notes, m.times_seen, m.eml_blob_id is not null as has_eml,
      (select json_agg(json_build_object('key', d.key, 'number', d.number) order by d.id)
        from doc d where d.organization_id = m.organization_id and d.key = any(m.doc_keys)
      ) as documents,
      dup.key as duplicate_key, dup.number as duplicate_number
    from intake_message m
    left join intake_mailbox b on b.organization_id = m.organization_id and b.id = m.mailbox_id
    left join doc dup on dup.organization_id = m.organization_id and dup.key = m.duplicate_of_doc_key
    where m.organization_id = ${organizationId} and ${where}
    order by m.received_at desc, m.id desc
    limit ${limit}
  `;
}

export function createIntakeLog(db: Db) {
  async function findQuarantined(trx: Trx, scope: TableScope, key: string) {
    if (!isAdmin(scope.organization.roles)) throw forbidden('errors.intake.adminsOnly');
    if (!UUID_PATTERN.test(key)) throw notFound();
    const { rows } = await sql<{ id: string; result: string; eml_blob_id: string | null }>`
      select id, result, eml_blob_id from intake_message
      where organization_id = ${scope.organization.id} and key = ${key}
      for update
    `.execute(trx);
    const row = rows[0];
    if (!row) throw notFound();
    if (row.result !== 'quarantined') throw conflict('errors.intake.notQuarantined');
    return row;
  }

  return {
    async list(
      scope: TableScope,
      query: { result?: IntakeResultCode; search?: string; after?: string; limit?: number },
      locale: Locale,
    ) {
      const limit = query.limit ?? PAGE;
      const after = parseCursor(query.after);
      const words = (query.search ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
      const conditions = [
        sql`true`,
        ...(query.result ? [sql`m.result = ${query.result}`] : []),
        ...words.map(
          (word) =>
            sql`(m.search_text like ${`%${word.replace(/[\\%_]/g, '\\$&')}%`}
                 or lower(m.reason) like ${`%${word.replace(/[\\%_]/g, '\\$&')}%`})`,
        ),
        ...(after
          ? [sql`(m.received_at, m.id) < (${after.at}::timestamptz, ${after.id}::bigint)`]
          : []),
      ];
      const rows = await inScope(db, scopeIds(scope), async (trx) => {
        const found = await selectRows(
          scope.organization.id,
          sql`${sql.join(conditions, sql` and `)}`,
          limit + 1,
        ).execute(trx);
        return found.rows;
      });
      const page = rows.slice(0, limit);
      const admin = isAdmin(scope.organization.roles);
      const last = page.at(-1);
      return {
        rows: page.map((row) => toMessage(row, locale, admin)),
        next: rows.length > limit && last ? cursorOf(last) : null,
      };
    },

    async summary(scope: TableScope) {
      const { rows } = await inScope(db, scopeIds(scope), (trx) =>
        sql<{ count: string }>`
          select count(*) as count from intake_message
          where organization_id = ${scope.organization.id} and result = 'quarantined'
        `.execute(trx),
      );
      return { quarantined: Number(rows[0]?.count ?? 0) };
    },

    /** An admin's check before a release (the release itself is the intake service's). */
    async requireQuarantined(scope: TableScope, key: string) {
      await inScope(db, scopeIds(scope), (trx) => findQuarantined(trx, scope, key));
    },

    /** Deletes a quarantined message's content; its row stays, as deleted, in the log. */
    async remove(scope: TableScope, key: string) {
      await inScope(db, scopeIds(scope), async (trx) => {
        const row = await findQuarantined(trx, scope, key);
        await sql`
          update intake_message set result = 'deleted', eml_blob_id = null,
            handled_by = ${scope.user.id}, handled_at = now()
          where organization_id = ${scope.organization.id} and id = ${row.id}
        `.execute(trx);
      });
    },

    /** The kept .eml's blob and a file name for it (admins). */
    async eml(scope: TableScope, key: string) {
      if (!isAdmin(scope.organization.roles)) throw forbidden('errors.intake.adminsOnly');
      if (!UUID_PATTERN.test(key)) throw notFound();
      const { rows } = await inScope(db, scopeIds(scope), (trx) =>
        sql<{ eml_blob_id: string | null; subject: string }>`
          select eml_blob_id, subject from intake_message
          where organization_id = ${scope.organization.id} and key = ${key}
        `.execute(trx),
      );
      const row = rows[0];
      if (!row) throw notFound();
      if (!row.eml_blob_id) throw notFound('errors.intake.noEml');
      const name = row.subject.replace(/[\\/:*?"<>|]/g, '_').slice(0, 80) || 'message';
      return { blobId: row.eml_blob_id, filename: `${name}.eml` };
    },

    async address(scope: TableScope, domain: string) {
      const { rows } = await sql<{ intake_code: string }>`
        select intake_code from organization where id = ${scope.organization.id}
      `.execute(db);
      return `${rows[0]?.intake_code ?? ''}@${domain}`;
    },
  };
}

export type IntakeLog = ReturnType<typeof createIntakeLog>;
