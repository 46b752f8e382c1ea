import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/create-db';
import { inScope, type Trx } from '../../db/scope';
import { uuidv7 } from '../../lib/ids';
import type { BlobStore } from '../../plugins/storage/blob-store';
import { seedDemoCapture } from './demo-capture';
import { seedDemoPayments } from './demo-payments';
import { seedDemoWorkflow } from './demo-workflow';
import { refreshDocSearch } from '../documents/search-vector';
import { checkUpload, type FileRole } from '../files/file-policy';
import { doc as docEntity, docCostLine } from '../tables/entities/doc';
import { insertRows } from '../tables/tables.repository';
import { SEEDED_ORGS } from './demo';
import { planDocuments, type DocTypeCode, type PlannedDocument } from './demo-document-plan';
import {
  renderDeliveryNote,
  renderInvoice,
  type Buyer,
  type RenderedFile,
} from './demo-invoice-pdf';
import { engineRow, prepareSuppliers } from './demo-partners';
import { signaturePng } from './demo-signature-png';

/**
 * Documents for the demo organisations (issue 5): a year of supplier invoices with their PDFs,
 * so that the lists, the preview and the search have something to show. main.ts runs it after
 * the server listens, organisation by organisation: the files go to the blob store first (as
 * an upload's do), then the rows and their search vectors in one transaction in the
 * organisation's scope. An
 * organisation that has any document already is left alone, so a restart adds nothing.
 */

export interface DemoDocumentsOptions {
  /** Documents of each organisation of user demo, and of each one only user many is in. */
  perOrganization?: { demo: number; other: number };
  /** yyyy-mm-dd; the documents fall in the year before it. Default: today. */
  today?: string;
  /** Checked between documents (shutdown): what has not committed is not there. */
  signal?: AbortSignal;
}

export interface DemoDocumentsResult {
  organizations: number;
  documents: number;
  files: number;
  bytes: number;
  ms: number;
}

/** Sixty make a list worth scrolling; the eight organisations only user many sees get a few. */
export const DEMO_DOCUMENTS_PER_ORGANIZATION = { demo: 60, other: 8 };

/** Where the demo organisations are, for the buyer block of their invoices (invented). */
const BUYER_ADDRESSES = [
  ['Šmartinska cesta 52', '1000', 'Ljubljana'],
  ['Koroška cesta 14', '2000', 'Maribor'],
  ['Prešernova ulica 10', '3000', 'Celje'],
  ['Partizanska cesta 3', '2000', 'Maribor'],
  ['Kidričeva cesta 8', '4000', 'Kranj'],
  ['Tržaška cesta 40', '1360', 'Vrhnika'],
] as const;

const FILE_NAMES: Record<DocTypeCode, string> = {
  INV: 'Racun',
  CN: 'Dobropis',
  ADV: 'Avansni-racun',
  OTH: 'Predracun',
};

interface SeededOrganization {
  id: string;
  name: string;
  taxNumber: string;
  index: number;
  userId: string | null;
  count: number;
}

interface StoredFile {
  blobId: string;
  size: number;
  name: string;
  mime: string;
  kind: string;
  role: FileRole;
  text: string;
}

export async function seedDemoDocuments(
  db: Db,
  blobs: BlobStore,
  options: DemoDocumentsOptions = {},
): Promise<DemoDocumentsResult> {
  const started = Date.now();
  const result = { organizations: 0, documents: 0, files: 0, bytes: 0 };
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  for (const org of await organizationsToSeed(db, options)) {
    options.signal?.throwIfAborted();
    const scope = { userId: org.userId ?? '0', organizationId: org.id };
    const { suppliers, costCenters, documentTypes } = await inScope(db, scope, async (trx) => ({
      suppliers: await prepareSuppliers(trx, org.id),
      ...(await codesOf(trx, org.id)),
    }));
    const planned = planDocuments({
      seed: org.taxNumber,
      count: org.count,
      today,
      suppliers,
      costCenters,
    });
    const files = await storeFiles(blobs, planned, buyerOf(org), options.signal);
    const written = await inScope(db, scope, (trx) =>
      writeDocuments(trx, org, planned, files, documentTypes, today),
    );
    if (!written) continue;
    result.organizations += 1;
    result.documents += planned.length;
    result.files += files.flat().length;
    result.bytes += files.flat().reduce((sum, f) => sum + f.size, 0);
  }
  return { ...result, ms: Date.now() - started };
}

/** The organisations of the demo seed (by name and tax number) that have no document yet. */
async function organizationsToSeed(db: Db, options: DemoDocumentsOptions) {
  const perOrganization = options.perOrganization ?? DEMO_DOCUMENTS_PER_ORGANIZATION;
  const { rows } = await sql<{ id: string; name: string; tax_number: string; empty: boolean }>`
    select o.id, o.name, o.tax_number,
      not exists (select 1 from doc d where d.organization_id = o.id) as empty
    from organization o
    where o.tax_number = any(${SEEDED_ORGS.map((o) => o.taxNumber)}::text[])
    order by o.id
  `.execute(db);
  const users = await db
    .selectFrom('app_user')
    .select(['id', 'username'])
    .where('username', 'in', ['demo', 'many'])
    .execute();
  const userIdOf = (name: string) => users.find((u) => u.username === name)?.id ?? null;
  return rows.flatMap((row): SeededOrganization[] => {
    const index = SEEDED_ORGS.findIndex((o) => o.taxNumber === row.tax_number);
    const seeded = SEEDED_ORGS[index];
    if (!row.empty || seeded?.name !== row.name) return [];
    const isDemo = 'demo' in seeded.members;
    return [
      {
        id: row.id,
        name: row.name,
        taxNumber: row.tax_number,
        index,
        userId: userIdOf(isDemo ? 'demo' : 'many'),
        count: isDemo ? perOrganization.demo : perOrganization.other,
      },
    ];
  });
}

async function codesOf(trx: Trx, organizationId: string) {
  const centres = await sql<{ code: string }>`
    select code from cost_center where organization_id = ${organizationId} and is_active
    order by code
  `.execute(trx);
  const types = await sql<{ id: string; code: string }>`
    select id, code from document_type where organization_id = ${organizationId}
  `.execute(trx);
  return {
    costCenters: centres.rows.map((r) => r.code),
    documentTypes: new Map(types.rows.map((r) => [r.code, Number(r.id)])),
  };
}

function buyerOf(org: SeededOrganization): Buyer {
  const [address, postCode, town] = BUYER_ADDRESSES[org.index % BUYER_ADDRESSES.length] ?? [];
  return {
    name: org.name,
    address: address ?? '',
    postCode: postCode ?? '',
    town: town ?? '',
    taxNumber: org.taxNumber,
  };
}

/** Until the next turn of the event loop: requests are answered between two documents. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Each document's files in the blob store, named and typed as an upload's would be. Drawing
 * takes the processor and storing waits on the disk, so the next document is drawn while the
 * last one is written. Content stored before its row commits is what an upload leaves too: the
 * sweep collects it if the row never comes.
 */
async function storeFiles(
  blobs: BlobStore,
  planned: PlannedDocument[],
  buyer: Buyer,
  signal: AbortSignal | undefined,
): Promise<StoredFile[][]> {
  const store = async (role: FileRole, name: string, file: RenderedFile) => {
    const { content, text } = file;
    const size = content.length;
    const check = checkUpload({ head: content, name, size, role, maxBytes: size });
    if (!check.ok) throw new Error(`demo file ${name} refused: ${check.problem.code}`);
    const put = await blobs.put(content);
    const { mime, kind } = check.type;
    return { blobId: put.id, size: put.size, name: check.safeName, mime, kind, role, text };
  };
  const pending: Promise<StoredFile[]>[] = [];
  for (const doc of planned) {
    signal?.throwIfAborted();
    await nextTurn();
    const fileNumber = doc.number.replace(/\//g, '-');
    const files = [
      store('main', `${FILE_NAMES[doc.type]}-${fileNumber}.pdf`, await renderInvoice(doc, buyer)),
    ];
    if (doc.attachment === 'delivery-note') {
      const note = await renderDeliveryNote(doc, buyer);
      files.push(store('attachment', `Dobavnica-${fileNumber}.pdf`, note));
    } else if (doc.attachment === 'signature') {
      const image = { content: signaturePng(doc.number), text: '' };
      files.push(store('attachment', `Potrdilo-prevzema-${fileNumber}.png`, image));
    }
    const all = Promise.all(files);
    // Awaited below; until then a failure must not count as unhandled.
    all.catch(() => undefined);
    pending.push(all);
  }
  return Promise.all(pending);
}

const cents = (amount: number) => (amount / 100).toFixed(2);

/** The document's fields as a user captures them (spec §3 Document). */
function modelOf(doc: PlannedDocument, documentTypeId: number | null) {
  return {
    documentTypeId,
    customerKey: doc.supplier.key,
    number: doc.number,
    issueDate: doc.issueDate,
    dueDate: doc.dueDate,
    receivedDate: doc.receivedDate,
    netAmount: cents(doc.net),
    vatAmount: cents(doc.tax),
    totalAmount: cents(doc.total),
    currencyCode: 'EUR',
    paymentIban: doc.iban,
    paymentBic: doc.bic,
    paymentReferenceModel: doc.referenceModel,
    paymentReference: doc.reference,
    paymentPurposeCode: doc.purposeCode,
    description: doc.description,
  };
}

/**
 * The rows of one organisation's documents, written as the engine writes them. False when
 * another process got there first (the organisation has documents by now).
 */
async function writeDocuments(
  trx: Trx,
  org: SeededOrganization,
  planned: PlannedDocument[],
  files: StoredFile[][],
  documentTypes: Map<string, number>,
  today: string,
): Promise<boolean> {
  await sql`select pg_advisory_xact_lock(hashtext('listina.demo-documents'), ${Number(org.id)})`.execute(
    trx,
  );
  const taken = await sql`select 1 from doc where organization_id = ${org.id} limit 1`.execute(trx);
  if (taken.rows.length > 0) return false;
  const inserted = await insertRows(
    trx,
    docEntity,
    org.id,
    planned.map((doc) => ({
      ...engineRow(docEntity, modelOf(doc, documentTypes.get(doc.type) ?? null), doc.createdAt),
      status: doc.status,
      created_by: org.userId,
      created_at: doc.createdAt,
      updated_at: doc.createdAt,
    })),
  );
  const ids = inserted.map((row) => String(row.id));
  const costLines = planned.flatMap((doc, i) =>
    doc.costLines.map((line) => ({
      ...engineRow(docCostLine, { ...line, amount: cents(line.amount) }, doc.createdAt),
      doc_id: ids[i],
    })),
  );
  if (costLines.length > 0) await insertRows(trx, docCostLine, org.id, costLines);
  const fileRows = files.flatMap((docFiles, i) =>
    docFiles.map(
      (f) => sql`(${org.id}, ${uuidv7(planned[i]?.createdAt.getTime())}, ${ids[i]}, ${f.blobId},
        ${f.name}, ${f.mime}, ${f.kind}, ${f.size}, ${f.role}, ${f.text}, ${org.userId},
        ${planned[i]?.createdAt})`,
    ),
  );
  await sql`
    insert into doc_file (organization_id, key, doc_id, blob_id, name, mime, kind, size,
                          file_type_code, text, created_by, created_at)
    values ${sql.join(fileRows)}
  `.execute(trx);
  if (org.userId !== null) await seedDemoWorkflow(trx, org.id, org.userId, ids);
  // Orders of the approved invoices, in every state (issue 8).
  await seedDemoPayments(trx, org.id, today);
  // What capture read on each and what the user corrected (issue 27, the capture report).
  await seedDemoCapture(trx, org.id, planned, ids);
  // The full-text search over fields, partner and the files' text (migration 0015).
  await refreshDocSearch(trx, org.id, ids);
  return true;
}

/** A moment after start-up, so that the first requests are answered first. */
export const DEMO_DOCUMENTS_DELAY_MS = 1_000;

/**
 * seedDemoDocuments in the background (main.ts, after the server listens): one log line when
 * documents were added, the error when it failed; it never throws. stop() ends it between two
 * documents and waits for it, before the database closes.
 */
export function startDemoDocuments(
  db: Db,
  blobs: BlobStore,
  log: FastifyBaseLogger,
  delayMs = DEMO_DOCUMENTS_DELAY_MS,
) {
  const controller = new AbortController();
  const done = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, delayMs);
    controller.signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  })
    .then(async () => {
      if (controller.signal.aborted) return;
      const result = await seedDemoDocuments(db, blobs, { signal: controller.signal });
      const message = `demo documents: ${result.documents} with ${result.files} files in ${result.organizations} organisations (${(result.ms / 1000).toFixed(1)} s)`;
      if (result.documents > 0) log.info({ demoDocuments: result }, message);
      else log.debug('demo documents: the demo organisations have theirs');
    })
    .catch((error: unknown) => {
      if (!controller.signal.aborted) log.error({ err: error }, 'demo documents failed');
    });
  return {
    async stop() {
      controller.abort();
      await done;
    },
  };
}
