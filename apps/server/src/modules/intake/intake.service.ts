import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/create-db';
import { inScope, type Trx } from '../../db/scope';
import type { MessageSpec } from '../../lib/errors';
import { uuidv7 } from '../../lib/ids';
import { megabytes } from '../../lib/number-text';
import type { BlobStore } from '../../plugins/storage/blob-store';
import type { NewFile } from '../documents/files.service';
import { refreshDocSearch } from '../documents/search-vector';
import { extractText } from '../documents/text/extract-text';
import { withMedia } from '../files/file-kinds';
import type { TableScope, TablesService } from '../tables/tables.service';
import { intakeActor } from './intake-actor';
import type { IncomingMessage, IntakeOutcome, IntakeService, RefusedMessage } from './intake-types';
import { MailRefusal, messageKeyOf, oneLine, parseMail, type ParsedMail } from './parse-message';
import {
  classifyPart,
  planDocuments,
  type ClassifiedPart,
  type IntakeFile,
  type PlannedDocument,
} from './plan-documents';
import { firstMatch, loadRules, type IntakeRule } from './rules';
import { isKnownSender } from './sender-signal';

export interface IntakeDeps {
  db: Db;
  tables: TablesService;
  blobs: BlobStore;
  /** FILE_LIMIT_BYTES: an attachment over it is left out, as an upload would be refused. */
  fileBytes: number;
  /** INTAKE_MAX_MESSAGE_BYTES. */
  maxMessageBytes: number;
  /** INTAKE_DOMAIN: addresses `<intake code>@<domain>` are organisations'. */
  domain: string;
  /** The documents module's file rows: a new document's files, and who has a content already. */
  files: DocumentFileRows;
  /** Starts data capture of new documents (capture.queue), after they are committed. */
  capture: (scope: TableScope, documentKeys: string[]) => Promise<void>;
  log?: FastifyBaseLogger;
}

export interface DocumentFileRows {
  insertFile(
    trx: Trx,
    organizationId: string,
    docId: string,
    file: NewFile,
    userId: string,
  ): Promise<unknown>;
  findSameContent(
    trx: Trx,
    organizationId: string,
    blobIds: string[],
  ): Promise<{ blob_id: string; doc_key: string; doc_number: string }[]>;
}

/** What a message's log row says, before it is written. */
interface Decision {
  result: 'imported' | 'duplicate' | 'quarantined' | 'skipped';
  reason?: MessageSpec;
  rule?: IntakeRule;
  documents: PlannedDocument[];
  notes: MessageSpec[];
  duplicateOfDocKey?: string;
  /** The .eml is kept on the log row (for an admin to look at or release). */
  keepEml: boolean;
}

/** Another import of the same message committed first: this one is rolled back. */
class AlreadyImported extends Error {}

const logRowKey = (row: { key: string } | undefined) => (row ? String(row.key) : '');

/**
 * The intake (issue 25): every message, whichever way it came, becomes documents, a duplicate,
 * a skip or a quarantine, and always one log row. Documents, their files (the .eml among
 * them) and the log row commit together; capture is queued after. The log row's message key
 * is unique per organisation, so a message is imported once however often it arrives.
 */
export function createIntakeService(deps: IntakeDeps): IntakeService & {
  /** Imports a quarantined message after all (an admin's release). */
  release(organizationId: string, logKey: string, userId: string): Promise<IntakeOutcome>;
} {
  const { db, blobs, files } = deps;

  /** The row of a message seen before; a new arrival from elsewhere is counted on it. */
  async function seenBefore(
    organizationId: string,
    messageKey: string,
    arrival: { source: string; mailboxId?: string; mailboxUid?: string },
  ): Promise<IntakeOutcome | undefined> {
    const { rows } = await sql<{ key: string; result: IntakeOutcome['result'] }>`
      update intake_message set
        -- The same mailbox's same message again is a poller that did not get to mark it; any
        -- other arrival (a sender that repeats it, the other way in) is counted.
        times_seen = times_seen + case
          when source = 'imap' and ${arrival.source} = 'imap' and mailbox_uid <> ''
            and mailbox_id is not distinct from ${arrival.mailboxId ?? null}::bigint
            and mailbox_uid = ${arrival.mailboxUid ?? ''} then 0 else 1 end,
        last_seen_at = now()
      where organization_id = ${organizationId} and message_key = ${messageKey}
      returning key, result
    `.execute(db);
    const row = rows[0];
    if (!row) return undefined;
    return { logKey: String(row.key), result: row.result, documentKeys: [], seenBefore: true };
  }

  async function decide(
    trx: Trx,
    organizationId: string,
    mail: ParsedMail,
    rulesApply: boolean,
  ): Promise<Decision> {
    const notes = [...mail.notes];
    const rules = rulesApply ? await loadRules(trx, organizationId) : [];
    const rule = firstMatch(rules, {
      sender: mail.sender,
      subject: mail.subject,
      attachmentNames: mail.parts.map((p) => p.name),
    });
    const base = { rule, notes, documents: [] };
    if (rule?.action === 'skip') {
      return {
        ...base,
        result: 'skipped',
        reason: { code: 'intake.reason.ruleSkip', parameters: [rule.name] },
        keepEml: false,
      };
    }
    if (rule?.action === 'quarantine') {
      return {
        ...base,
        result: 'quarantined',
        reason: { code: 'intake.reason.ruleQuarantine', parameters: [rule.name] },
        keepEml: true,
      };
    }
    if (
      rule?.action === 'knownSendersOnly' &&
      !(await isKnownSender(trx, organizationId, mail.sender))
    ) {
      return {
        ...base,
        result: 'quarantined',
        reason: {
          code: 'intake.reason.unknownSender',
          parameters: [mail.sender === '' ? '?' : mail.sender, rule.name],
        },
        keepEml: true,
      };
    }
    const parts: ClassifiedPart[] = [];
    for (const part of mail.parts) parts.push(await classifyPart(part, deps.fileBytes));
    const refused = parts.find((p) => p.use === 'refused');
    // Released by an admin: what is dangerous or locked is left out, the rest imported.
    if (refused && rulesApply) {
      return { ...base, result: 'quarantined', reason: refused.reason, keepEml: true };
    }
    for (const part of parts) {
      if (part.use === 'ignored') notes.push(part.note);
      if (part.use === 'refused') notes.push(part.reason);
    }
    const planned = await planDocuments(parts, rule?.action === 'oneDocument');
    if (planned.length === 0) {
      return {
        ...base,
        result: 'quarantined',
        reason: { code: 'intake.reason.noAttachment', parameters: [] },
        keepEml: true,
      };
    }
    // An invoice the organisation has already (the same main file) makes no new document.
    const blobIds = planned.map((d) => blobIdOf(d.main.content));
    const same = await files.findSameContent(trx, organizationId, blobIds);
    const documents: PlannedDocument[] = [];
    let duplicateOfDocKey: string | undefined;
    for (const [index, document] of planned.entries()) {
      const other = same.find((s) => s.blob_id === blobIds[index]);
      if (!other) {
        documents.push(document);
        continue;
      }
      duplicateOfDocKey ??= String(other.doc_key);
      notes.push({
        code: 'intake.note.duplicateFile',
        parameters: [
          document.main.name,
          other.doc_number === '' ? String(other.doc_key) : other.doc_number,
        ],
      });
    }
    if (documents.length === 0) {
      return {
        ...base,
        result: 'duplicate',
        reason: { code: 'intake.reason.duplicate', parameters: [] },
        duplicateOfDocKey,
        keepEml: false,
      };
    }
    return { ...base, result: 'imported', documents, keepEml: false };
  }

  /** Writes the log row and the documents in one transaction; capture is queued after. */
  async function commitMessage(
    message: IncomingMessage,
    mail: ParsedMail,
    messageKey: string,
    actor: TableScope,
    rulesApply: boolean,
    releasedRow?: { id: string; key: string },
  ): Promise<IntakeOutcome> {
    const { organizationId } = message;
    const decision = await inScope(db, scopeIds(actor), (trx) =>
      decide(trx, organizationId, mail, rulesApply),
    );
    // A release that would make no document leaves the message where it is, and says why.
    if (releasedRow && decision.result !== 'imported') {
      return {
        logKey: releasedRow.key,
        result: 'quarantined',
        documentKeys: [],
        ...(decision.reason ? { reason: decision.reason } : {}),
        seenBefore: false,
      };
    }
    // Content goes to the store before any row names it (a crash leaves an orphan the sweep
    // takes, never a row without content).
    const emlBlob = await blobs.put(message.raw);
    for (const document of decision.documents)
      for (const file of [document.main, ...document.attachments]) await blobs.put(file.content);
    const emlName = `${oneLine(mail.subject, 80).replace(/[\\/:*?"<>|]/g, '_') || 'message'}.eml`;

    const { result } = await deps.tables.batch(actor, true, async (tools) => {
      const { trx } = tools;
      const values = {
        result: decision.result,
        reason: decision.reason?.code ?? '',
        reasonParameters: JSON.stringify(decision.reason?.parameters ?? []),
        notes: JSON.stringify(decision.notes),
        ruleId: decision.rule?.id ?? null,
        duplicateOf: decision.duplicateOfDocKey ?? null,
        eml: decision.keepEml ? emlBlob.id : null,
      };
      let row: { id: string; key: string } | undefined;
      if (releasedRow) {
        const { rows } = await sql<{ id: string; key: string }>`
          update intake_message set result = 'released', reason = '', reason_parameters = '[]',
            notes = ${values.notes}::jsonb, eml_blob_id = null,
            handled_by = ${actor.user.id}, handled_at = now()
          where organization_id = ${organizationId} and id = ${releasedRow.id} and result = 'quarantined'
          returning id, key
        `.execute(trx);
        row = rows[0];
      } else {
        const { rows } = await sql<{ id: string; key: string }>`
          insert into intake_message (organization_id, key, message_key, message_id, source,
            mailbox_id, mailbox_uid, sender, sender_name, subject, size, attachment_count,
            result, reason, reason_parameters, notes, rule_id, duplicate_of_doc_key, eml_blob_id,
            search_text)
          values (${organizationId}, ${uuidv7()}, ${messageKey}, ${mail.messageId},
            ${message.source}, ${message.mailboxId ?? null}, ${message.mailboxUid ?? ''},
            ${mail.sender}, ${mail.senderName}, ${mail.subject}, ${message.raw.length},
            ${mail.attachmentCount}, ${values.result}, ${values.reason},
            ${values.reasonParameters}::jsonb, ${values.notes}::jsonb, ${values.ruleId},
            ${values.duplicateOf}, ${values.eml},
            ${searchText([mail.sender, mail.senderName, mail.subject])})
          on conflict (organization_id, message_key) do nothing
          returning id, key
        `.execute(trx);
        row = rows[0];
      }
      if (!row) throw new AlreadyImported();
      const documentKeys: string[] = [];
      const documentIds: string[] = [];
      for (const document of decision.documents) {
        const record = await tools.create(
          'doc',
          { documentTypeId: decision.rule?.documentTypeId ?? null },
          {
            columns: {
              intake_message_id: row.id,
              ...(decision.rule?.workflowId
                ? { preferred_workflow_id: decision.rule.workflowId }
                : {}),
            },
          },
        );
        const docId = String(record.id);
        documentIds.push(docId);
        documentKeys.push(String(record.key));
        const attachments = [...document.attachments, emlFile(emlName, message.raw)];
        for (const [index, file] of [document.main, ...attachments].entries()) {
          await files.insertFile(
            trx,
            organizationId,
            docId,
            {
              blobId: blobIdOf(file.content),
              name: file.name,
              mime: file.type.mime,
              kind: file.type.kind,
              size: file.content.length,
              fileTypeCode: index === 0 ? 'main' : 'attachment',
              text: await extractText(file.type.kind, file.content),
            },
            actor.user.id,
          );
        }
      }
      if (documentKeys.length > 0) {
        await sql`
          update intake_message set doc_keys = ${documentKeys}::uuid[]
          where organization_id = ${organizationId} and id = ${row.id}
        `.execute(trx);
        await refreshDocSearch(trx, organizationId, documentIds);
      }
      return { key: logRowKey(row), documentKeys };
    });
    if (result.documentKeys.length > 0) await deps.capture(actor, result.documentKeys);
    return {
      logKey: result.key,
      result: decision.result,
      documentKeys: result.documentKeys,
      ...(decision.reason ? { reason: decision.reason } : {}),
      seenBefore: false,
    };
  }

  async function logRow(
    organizationId: string,
    row: {
      messageKey: string;
      messageId: string;
      source: string;
      mailboxId?: string;
      mailboxUid?: string;
      sender: string;
      subject: string;
      size: number;
      reason: MessageSpec;
      emlBlobId: string | null;
    },
  ): Promise<IntakeOutcome> {
    const { rows } = await sql<{ key: string }>`
      insert into intake_message (organization_id, key, message_key, message_id, source,
        mailbox_id, mailbox_uid, sender, subject, size, result, reason, reason_parameters,
        eml_blob_id, search_text)
      values (${organizationId}, ${uuidv7()}, ${row.messageKey}, ${row.messageId}, ${row.source},
        ${row.mailboxId ?? null}, ${row.mailboxUid ?? ''}, ${oneLine(row.sender, 320)},
        ${oneLine(row.subject, 500)}, ${row.size}, 'quarantined', ${row.reason.code},
        ${JSON.stringify(row.reason.parameters ?? [])}::jsonb, ${row.emlBlobId},
        ${searchText([row.sender, row.subject])})
      on conflict (organization_id, message_key) do nothing
      returning key
    `.execute(db);
    const inserted = rows[0];
    if (!inserted) {
      const before = await seenBefore(organizationId, row.messageKey, row);
      if (before) return before;
    }
    return {
      logKey: logRowKey(inserted),
      result: 'quarantined',
      documentKeys: [],
      reason: row.reason,
      seenBefore: false,
    };
  }

  async function importMessage(message: IncomingMessage): Promise<IntakeOutcome> {
    const { organizationId, raw } = message;
    if (raw.length > deps.maxMessageBytes) {
      return logRow(organizationId, {
        ...message,
        messageKey: messageKeyOf('', raw),
        messageId: '',
        sender: message.envelopeFrom ?? '',
        subject: '',
        size: raw.length,
        reason: tooLarge(raw.length, deps.maxMessageBytes),
        emlBlobId: null,
      });
    }
    let mail: ParsedMail;
    try {
      mail = await parseMail(raw);
    } catch (error) {
      if (!(error instanceof MailRefusal)) throw error;
      const { headers } = error;
      const messageKey = messageKeyOf(headers.messageId, raw);
      const before = await seenBefore(organizationId, messageKey, message);
      if (before) return before;
      return logRow(organizationId, {
        ...message,
        messageKey,
        messageId: headers.messageId,
        sender: headers.sender || (message.envelopeFrom ?? ''),
        subject: headers.subject,
        size: raw.length,
        reason: error.reason,
        emlBlobId: (await blobs.put(raw)).id,
      });
    }
    if (mail.sender === '' && message.envelopeFrom) {
      mail = { ...mail, sender: oneLine(message.envelopeFrom, 320).toLowerCase() };
    }
    const messageKey = messageKeyOf(mail.messageId, raw);
    const before = await seenBefore(organizationId, messageKey, message);
    if (before) return before;
    const actor = await intakeActor(db, organizationId);
    if (!actor) {
      return logRow(organizationId, {
        ...message,
        messageKey,
        messageId: mail.messageId,
        sender: mail.sender,
        subject: mail.subject,
        size: raw.length,
        reason: { code: 'intake.reason.noMember', parameters: [] },
        emlBlobId: (await blobs.put(raw)).id,
      });
    }
    try {
      return await commitMessage(message, mail, messageKey, actor, true);
    } catch (error) {
      if (!(error instanceof AlreadyImported)) throw error;
      return (
        (await seenBefore(organizationId, messageKey, message)) ?? {
          logKey: '',
          result: 'duplicate',
          documentKeys: [],
          seenBefore: true,
        }
      );
    }
  }

  return {
    importMessage,

    logRefused(message: RefusedMessage) {
      return logRow(message.organizationId, {
        ...message,
        messageKey: messageKeyOf(
          message.messageId,
          Buffer.from(`${message.source}:${message.mailboxId ?? ''}:${message.mailboxUid ?? ''}`),
        ),
        emlBlobId: null,
      });
    },

    async organizationOfAddress(address: string) {
      const at = address.lastIndexOf('@');
      if (at <= 0) return undefined;
      if (address.slice(at + 1).toLowerCase() !== deps.domain) return undefined;
      const code = address.slice(0, at).toLowerCase();
      const { rows } = await sql<{ id: string }>`
        select id from organization where intake_code = ${code}
      `.execute(db);
      return rows[0] ? String(rows[0].id) : undefined;
    },

    async release(organizationId: string, logKey: string, userId: string) {
      const { rows } = await sql<{
        id: string;
        key: string;
        eml_blob_id: string | null;
        source: 'imap' | 'smtp';
        message_key: string;
      }>`
        select id, key, eml_blob_id, source, message_key from intake_message
        where organization_id = ${organizationId} and key = ${logKey} and result = 'quarantined'
      `.execute(db);
      const row = rows[0];
      if (!row?.eml_blob_id) throw new ReleaseRefused();
      const raw = await readAll(await blobs.open(row.eml_blob_id));
      const mail = await parseMail(raw);
      const actor = await intakeActor(db, organizationId, userId);
      if (!actor) throw new ReleaseRefused();
      // Released: no rule applies (the admin has decided); what is dangerous stays out.
      const outcome = await commitMessage(
        { organizationId, raw, source: row.source },
        mail,
        row.message_key,
        actor,
        false,
        { id: String(row.id), key: String(row.key) },
      ).catch((error: unknown) => {
        if (error instanceof AlreadyImported) throw new ReleaseRefused();
        throw error;
      });
      return outcome;
    },
  };
}

/** A release of a message that is not (or no longer) quarantined with its content. */
export class ReleaseRefused extends Error {}

const tooLarge = (size: number, limit: number): MessageSpec => ({
  code: 'intake.reason.tooLarge',
  parameters: [megabytes(size / 2 ** 20), megabytes(limit / 2 ** 20)],
});

function emlFile(name: string, raw: Buffer): IntakeFile {
  return { name, content: raw, type: withMedia({ kind: 'eml' }) };
}

const blobIdOf = (content: Buffer) =>
  // The blob store names content by its SHA-256 (BlobStore.put).
  createHash('sha256').update(content).digest('hex');

const scopeIds = (scope: TableScope) => ({
  userId: scope.user.id,
  organizationId: scope.organization.id,
});

const searchText = (values: string[]) => values.join(' ').toLowerCase().slice(0, 2000);

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}
