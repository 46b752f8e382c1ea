import { sql } from 'kysely';
import type { Db } from '../../db/create-db';
import { inScope, type Trx } from '../../db/scope';
import { CAPTURE_PROVIDERS } from '@listina/contract';
import { AppError, type MessageSpec } from '../../lib/errors';
import { UUID_PATTERN } from '../../lib/ids';
import { translate, type Locale } from '../../plugins/i18n';
import { refreshDocSearch } from '../documents/search-vector';
import { searchableText } from '../documents/text/extract-text';
import { cancel, enqueue, type Job } from '../jobs/queue';
import { PermanentJobError, type JobContext } from '../jobs/worker';
import type { BlobStore } from '../../plugins/storage/blob-store';
import { CURRENCIES } from '../../db/reference-data';
import { doc as docEntity } from '../tables/entities/doc';
import { lockMessage, lockProblems } from '../tables/locks';
import type { TableScope, TablesService } from '../tables/tables.service';
import { recordCaptureOutcome } from './outcome';
import { applyLearning, rememberCorrections, type Learned } from './learning';
import { INVOICE_TYPE_CODE } from './text/document-kind';
import { applyLayoutHints, rememberLayoutHints, storeLayout } from './layout/layout-memory';
import { matchPartner } from './partner-match';
import { documentSender, recordSenders } from '../intake/sender-signal';
import { recordSupplierIds } from './supplier-ids';
import { createOcrEngine } from './ocr/ocr-engine';
import {
  readMainFile,
  type CaptureField,
  type CaptureProvider,
  type MainFileReading,
} from './read-main-file';

/** The job kind of a document's capture; its subject is the document's key. */
export const CAPTURE_JOB = 'capture';

interface CaptureDoc {
  id: string;
  key: string;
  number: string;
  status: string;
  capture_state: string;
  document_type_id: string | null;
  main_files: number;
}

/** The document's columns that capture fills where they are empty, by field. */
export const FILLED_COLUMNS: Partial<Record<CaptureField, string>> = {
  invoiceNumber: 'number',
  issueDate: 'issue_date',
  dueDate: 'due_date',
  netAmount: 'net_amount',
  vatAmount: 'vat_amount',
  totalAmount: 'total_amount',
  prepaidAmount: 'prepaid_amount',
  roundingAmount: 'rounding_amount',
  amountDue: 'amount_due',
  currencyCode: 'currency_code',
  iban: 'payment_iban',
  bic: 'payment_bic',
  referenceModel: 'payment_reference_model',
  reference: 'payment_reference',
  purposeCode: 'payment_purpose_code',
  description: 'description',
};

/** The currency among the values capture fills, if it read one. */
const currencyOf = (fills: { column: string; value: string }[]) =>
  fills.find((fill) => fill.column === 'currency_code')?.value ?? '';

/** What capture keeps on the document (doc.capture_result). */
export interface CaptureResult extends MainFileReading {
  /** The partner the VAT ID or IBAN named, when it was found (a name is only suggested). */
  partner: { key: string; by: 'vatId' | 'iban' | 'sender' | 'senderDomain' } | null;
}

/**
 * Kinds of document (UNTDID 1001) booked as an invoice where the organisation keeps no type of
 * their own: debit notes, corrected, consolidated, self-billed and partial invoices.
 */
const INVOICE_KINDS: ReadonlySet<string> = new Set(['383', '384', '385', '389', '326']);

/**
 * The organisation's active document type for a kind of document (its e-invoice type code),
 * an invoice's for a kind booked as one; a document that says no kind but has an amount to pay is
 * taken for an invoice. Undefined where the organisation has no such type (a proforma, say).
 */
async function documentTypeFor(
  trx: Trx,
  organizationId: string,
  code: string | undefined,
  hasAmount: boolean,
): Promise<string | undefined> {
  const kind = code ?? (hasAmount ? INVOICE_TYPE_CODE : undefined);
  if (kind === undefined) return undefined;
  const wanted = INVOICE_KINDS.has(kind) ? [kind, INVOICE_TYPE_CODE] : [kind];
  const { rows } = await sql<{ id: string }>`
    select id from document_type
    where organization_id = ${organizationId} and is_active
      and einvoice_type_code = any(${wanted}::text[])
    order by array_position(${wanted}::text[], einvoice_type_code), code
    limit 1
  `.execute(trx);
  return rows[0]?.id;
}

const providerOf = (job: Job): CaptureProvider =>
  CAPTURE_PROVIDERS.find((provider) => provider === job.payload.provider) ?? 'auto';

/**
 * Data capture of documents (issue 7; spec §7 POST and DELETE /api/doc/ocr): queueing and
 * cancelling in the caller's organisation, and the job that reads a document's main file
 * and fills its empty fields.
 */
export function createCaptureService(
  db: Db,
  tables: TablesService,
  blobs: BlobStore,
  wake: () => void,
) {
  // The process's one OCR engine, started by the first scanned page, ended by close.
  const ocr = createOcrEngine();
  // Every write of a captured document keeps what the user corrected on it (learning.ts).
  tables.onWrite('doc', rememberCorrections);
  // A partner suggested by name and accepted gets the VAT ID and IBAN read (supplier-ids.ts).
  tables.onWrite('doc', recordSupplierIds);
  tables.onWrite('doc', (trx, organizationId, ids) => recordSenders(trx, organizationId, ids));
  // And where on its pages the values it corrected or filled stood (layout-memory.ts).
  tables.onWrite('doc', rememberLayoutHints(FILLED_COLUMNS));
  // And which captured values the document still holds (outcome.ts, the capture report).
  tables.onWrite('doc', recordCaptureOutcome);
  const scopeOf = (scope: TableScope) => ({
    userId: scope.user.id,
    organizationId: scope.organization.id,
  });

  async function findDocs(trx: Trx, organizationId: string, keys: string[]) {
    const valid = keys.filter((k) => UUID_PATTERN.test(k));
    const { rows } = await sql<CaptureDoc>`
      select d.id, d.key, d.number, d.status, d.capture_state, d.document_type_id,
             (select count(*)::int from doc_file f where f.organization_id = d.organization_id
                and f.doc_id = d.id and f.file_type_code = 'main') as main_files
      from doc d where d.organization_id = ${organizationId} and d.key = any(${valid}::uuid[])
    `.execute(trx);
    return new Map(rows.map((r) => [String(r.key), r]));
  }

  return {
    /** spec §7 POST /api/doc/ocr: each document on its own; the rest are queued. */
    async queue(
      scope: TableScope,
      body: {
        documentKeys: string[];
        documentTypes?: number[];
        provider: string;
        ignoreWarnings?: boolean;
      },
      locale: Locale,
    ) {
      tables.requireWritable('doc', scope);
      const message = (m: MessageSpec) => ({
        code: m.code,
        msg: translate(locale, m.code, m.parameters ?? []),
      });
      const keys = [...new Set(body.documentKeys.map((k) => k.toLowerCase()))];
      const items = await inScope(db, scopeOf(scope), async (trx) => {
        const docs = await findDocs(trx, scope.organization.id, keys);
        // Capture fills fields: it may run only where the user may edit (docs/roles.md).
        const found = [...docs.values()];
        const locks = await lockProblems(
          docEntity,
          found.map((d) => ({ ...d, displayTitle: d.number || d.key })),
          { trx, userId: scope.user.id, roles: scope.organization.roles },
        );
        const lockOf = new Map(found.map((d, i) => [d.key, locks[i]]));
        const answers = keys.map((documentKey) => {
          const doc = docs.get(documentKey);
          const title = doc?.number || documentKey;
          const lock = lockOf.get(documentKey);
          let problem: MessageSpec | undefined;
          if (!doc) problem = { code: 'errors.recordNotFound', parameters: [documentKey] };
          else if (lock) problem = lockMessage(lock);
          else if (doc.main_files === 0)
            problem = { code: 'errors.capture.noMainFile', parameters: [title] };
          else if (
            body.documentTypes &&
            !body.documentTypes.map(String).includes(String(doc.document_type_id))
          )
            problem = { code: 'errors.capture.otherType', parameters: [title] };
          // Issue 22: queued already (the same call sent twice) is not queued again.
          else if (doc.capture_state === 'pending')
            problem = { code: 'errors.capture.pending', parameters: [title] };
          else if (doc.capture_state === 'done' && !body.ignoreWarnings)
            return {
              documentKey,
              queued: false,
              warnings: [
                message({ code: 'warnings.capture.alreadyCaptured', parameters: [title] }),
              ],
            };
          if (problem) return { documentKey, queued: false, errors: [message(problem)] };
          return { documentKey, queued: true };
        });
        const asked = answers.filter((a) => a.queued).map((a) => docs.get(a.documentKey));
        const ids = asked.map((d) => String(d?.id));
        if (ids.length > 0) {
          // Only those not pending meanwhile: another call queued them between read and write.
          const { rows: marked } = await sql<{ id: string }>`
            update doc set capture_state = 'pending', capture_error = null
            where organization_id = ${scope.organization.id} and id = any(${ids}::bigint[])
              and capture_state <> 'pending'
            returning id::text
          `.execute(trx);
          const markedIds = new Set(marked.map((r) => r.id));
          const queued = asked.filter((d) => markedIds.has(String(d?.id)));
          for (const answer of answers) {
            const doc = docs.get(answer.documentKey);
            if (!answer.queued || !doc || markedIds.has(String(doc.id))) continue;
            answer.queued = false;
            answer.errors = [
              message({
                code: 'errors.capture.pending',
                parameters: [doc.number || answer.documentKey],
              }),
            ];
          }
          await enqueue(
            trx,
            queued.map((d) => ({
              organizationId: scope.organization.id,
              kind: CAPTURE_JOB,
              subject: String(d?.key),
              payload: { docId: String(d?.id), provider: body.provider, userId: scope.user.id },
            })),
          );
        }
        return answers;
      });
      wake();
      return { items, queued: items.filter((i) => i.queued).length };
    },

    /** spec §7 DELETE /api/doc/ocr: the jobs cancelled, the results cleared. */
    async cancel(scope: TableScope, documentKeys: string[]) {
      tables.requireWritable('doc', scope);
      const keys = [...new Set(documentKeys.map((k) => k.toLowerCase()))].filter((k) =>
        UUID_PATTERN.test(k),
      );
      return inScope(db, scopeOf(scope), async (trx) => {
        await cancel(trx, scope.organization.id, CAPTURE_JOB, keys);
        const { rows } = await sql<{ id: string }>`
          update doc set capture_state = 'none', capture_result = null, capture_error = null,
            captured_at = null
          where organization_id = ${scope.organization.id} and key = any(${keys}::uuid[])
            and capture_state <> 'none'
          returning id
        `.execute(trx);
        await recordCaptureOutcome(
          trx,
          scope.organization.id,
          rows.map((row) => String(row.id)),
        );
        return { cancelled: rows.length };
      });
    },

    /** The capture job: reads the main file, keeps what it found, fills empty fields. */
    async run(job: Job, context: JobContext) {
      const organizationId = job.organizationId;
      const docId = typeof job.payload.docId === 'string' ? job.payload.docId : '';
      if (!organizationId || !/^\d+$/.test(docId)) return;
      // Text OCR kept on the file is no text layer: it is read again from the pages.
      const { rows } = await sql<{ id: string; text: string; mime: string; blob_id: string }>`
        select id, case when is_ocr_text then '' else text end as text, mime, blob_id
        from doc_file
        where organization_id = ${organizationId} and doc_id = ${docId} and file_type_code = 'main'
        order by created_at, id limit 1
      `.execute(db);
      const main = rows[0];
      // The organisation buys what it captures: its own name is never the supplier's.
      const { rows: own } = await sql<{ name: string }>`
        select name from organization where id = ${organizationId}
      `.execute(db);
      await context.progress(10);
      // The words are kept apart from the result (layout learning, issue 23).
      const { ocrText, words, ...read }: MainFileReading = main
        ? await readMainFile(main, blobs, {
            provider: providerOf(job),
            ocr,
            signal: context.signal,
            buyerName: own[0]?.name,
          }).catch(async (error: unknown) => {
            // A file that cannot be read (corrupt, encrypted, too large): said on the document.
            if (!(error instanceof AppError)) throw error;
            await failCapture(organizationId, docId, error.errors[0]?.code ?? '');
            throw new PermanentJobError(error.message);
          })
        : { source: 'none' as const, sources: [], fields: {} };
      await context.progress(60);
      const { fields } = read;
      const found = Object.keys(fields).length > 0;
      if (!(await context.isLive())) return;
      await db.transaction().execute(async (trx) => {
        const sender = await documentSender(trx, organizationId, docId);
        const partner = await matchPartner(trx, organizationId, fields, sender);
        // Read first where the supplier's earlier documents were corrected (issue 23), then
        // what users corrected on them that no page shows (learning.ts).
        const laid = partner
          ? await applyLayoutHints(trx, organizationId, partner.key, words, fields)
          : fields;
        const learned: Learned = partner
          ? await applyLearning(trx, organizationId, partner.key, laid)
          : { fields: laid, columns: [] };
        // The kind the file says it is, where the supplier's earlier documents taught none.
        const isTypeLearned = learned.columns.some((c) => c.column === 'document_type_id');
        const typeId = isTypeLearned
          ? undefined
          : await documentTypeFor(
              trx,
              organizationId,
              read.documentTypeCode,
              Boolean(fields.totalAmount ?? fields.amountDue),
            );
        const result: CaptureResult = {
          ...read,
          fields: learned.fields,
          source: found ? read.source : 'none',
          partner,
        };
        const fills = [
          ...Object.entries(FILLED_COLUMNS).flatMap(([field, column]) => {
            const value = learned.fields[field]?.value;
            // A currency Listina does not know stays a problem of the capture result.
            const isKnown = column !== 'currency_code' || CURRENCIES.some((c) => c.code === value);
            return value === undefined || !isKnown ? [] : [{ column, value }];
          }),
          ...learned.columns,
          ...(typeId ? [{ column: 'document_type_id', value: typeId }] : []),
        ];
        // A capture cancelled meanwhile (its state is no longer pending) keeps nothing.
        const { rows: written } = await sql<{ id: string }>`
          update doc set capture_result = ${JSON.stringify(result)}::jsonb,
            capture_state = ${found ? 'done' : 'failed'},
            capture_error = ${found ? null : 'errors.capture.nothingFound'},
            captured_at = now()
          where organization_id = ${organizationId} and id = ${docId}
            and capture_state = 'pending'
          returning id
        `.execute(trx);
        if (written.length === 0) return;
        // The words a correction of this document is learned from (layout-memory.ts).
        await storeLayout(trx, organizationId, docId, words);
        // The words of a scan are its text for full-text search (issue 7), unless it has its own.
        const isTextKept =
          main !== undefined &&
          ocrText !== undefined &&
          (await keepOcrText(trx, organizationId, main.id, ocrText));
        // Only where the user left a field empty: capture never overwrites typing. A new
        // version only when a field was filled, so that an editor open on it is not disturbed.
        // The currency is never empty (a new document is in euros): it is the amounts' own,
        // so it is taken with them, while the user has typed no total (issue 21).
        const empty = (column: string) =>
          column === 'number'
            ? sql`number = ''`
            : column === 'currency_code'
              ? sql`(total_amount is null and currency_code <> ${currencyOf(fills)})`
              : sql`${sql.ref(column)} is null`;
        const fillable = [
          ...fills,
          ...(partner ? [{ column: 'customer_key', value: partner.key }] : []),
        ];
        const { rows: filled } =
          fillable.length === 0
            ? { rows: [] }
            : await sql<{ id: string }>`
          update doc set
            ${sql.join(
              fillable.map(({ column, value }) =>
                column === 'number'
                  ? sql`number = case when number = '' then ${value} else number end`
                  : column === 'customer_key'
                    ? sql`customer_key = coalesce(customer_key, ${value}::uuid)`
                    : column === 'currency_code'
                      ? sql`currency_code = case when total_amount is null then ${value}
                          else currency_code end`
                      : sql`${sql.ref(column)} = coalesce(${sql.ref(column)}, ${value})`,
              ),
            )},
            version = version + 1, updated_at = now()
          where organization_id = ${organizationId} and id = ${docId}
            and (${sql.join(
              fillable.map(({ column }) => empty(column)),
              sql` or `,
            )})
          returning id
        `.execute(trx);
        if (filled.length > 0 || isTextKept) await refreshDocSearch(trx, organizationId, [docId]);
        await recordCaptureOutcome(trx, organizationId, [docId]);
      });
      await context.progress(100);
    },

    /** Ends the OCR engine: after the job worker has stopped (app onClose). */
    close: () => ocr.close(),
  };

  /** The file's text becomes what OCR read, where it had none of its own; true if it did. */
  async function keepOcrText(trx: Trx, organizationId: string, fileId: string, text: string) {
    const { rows } = await sql<{ id: string }>`
      update doc_file set text = ${searchableText(text)}, is_ocr_text = true
      where organization_id = ${organizationId} and id = ${fileId}
        and (text = '' or is_ocr_text)
      returning id
    `.execute(trx);
    return rows.length > 0;
  }

  async function failCapture(organizationId: string, docId: string, code: string) {
    await sql`
      update doc set capture_state = 'failed', capture_error = ${code}, capture_result = null,
        captured_at = now()
      where organization_id = ${organizationId} and id = ${docId} and capture_state = 'pending'
    `.execute(db);
  }
}
export type CaptureService = ReturnType<typeof createCaptureService>;
