import { sql } from 'kysely';
import type { Db } from '../../db/create-db';
import { readInScope, type Trx } from '../../db/scope';
import { uuidv7 } from '../../lib/ids';

/** SQL of document files (doc_file, migration 0013); every statement names the organisation. */

export interface DocRow {
  id: string;
  key: string;
  number: string;
  status: string;
}

export interface FileRow {
  id: string;
  key: string;
  doc_id: string;
  blob_id: string;
  name: string;
  mime: string;
  kind: string;
  size: string;
  file_type_code: 'main' | 'attachment';
  visibility: number;
  created_at: Date;
}

export interface NewFile {
  blobId: string;
  name: string;
  mime: string;
  kind: string;
  size: number;
  fileTypeCode: 'main' | 'attachment';
  text: string;
}

const FILE_COLUMNS = sql`id, key, doc_id, blob_id, name, mime, kind, size, file_type_code,
  visibility, created_at`;

export async function findDoc(trx: Trx, organizationId: string, key: string) {
  const { rows } = await sql<DocRow>`
    select id, key, number, status from doc
    where organization_id = ${organizationId} and key = ${key}
  `.execute(trx);
  return rows[0];
}

/** Documents of the organisation by key, with number and status. */
export async function findDocs(trx: Trx, organizationId: string, keys: string[]) {
  if (keys.length === 0) return [];
  const { rows } = await sql<DocRow>`
    select id, key, number, status from doc
    where organization_id = ${organizationId} and key = any(${keys}::uuid[])
  `.execute(trx);
  return rows;
}

/** A document's files: main files first, then in the order they came. */
export async function listFiles(trx: Trx, organizationId: string, docIds: string[]) {
  if (docIds.length === 0) return [];
  const { rows } = await sql<FileRow>`
    select ${FILE_COLUMNS} from doc_file
    where organization_id = ${organizationId} and doc_id = any(${docIds}::bigint[])
    order by doc_id, file_type_code <> 'main', created_at, id
  `.execute(trx);
  return rows;
}

export async function insertFile(
  trx: Trx,
  organizationId: string,
  docId: string,
  file: NewFile,
  userId: string,
) {
  const { rows } = await sql<FileRow>`
    insert into doc_file (organization_id, key, doc_id, blob_id, name, mime, kind, size,
                          file_type_code, text, created_by)
    values (${organizationId}, ${uuidv7()}, ${docId}, ${file.blobId}, ${file.name}, ${file.mime},
            ${file.kind}, ${file.size}, ${file.fileTypeCode}, ${file.text}, ${userId})
    returning ${FILE_COLUMNS}
  `.execute(trx);
  const row = rows[0];
  if (!row) throw new Error('doc_file insert returned no row');
  return row;
}

export async function replaceContent(
  trx: Trx,
  organizationId: string,
  fileId: string,
  file: NewFile,
) {
  await sql`
    update doc_file set blob_id = ${file.blobId}, name = ${file.name}, mime = ${file.mime},
                        kind = ${file.kind}, size = ${file.size}, text = ${file.text},
                        is_ocr_text = false
    where organization_id = ${organizationId} and id = ${fileId}
  `.execute(trx);
}

/** Whether the file was there to delete (a second delete at once finds it gone). */
export async function deleteFile(trx: Trx, organizationId: string, fileId: string) {
  const { numAffectedRows } = await sql`
    delete from doc_file where organization_id = ${organizationId} and id = ${fileId}
  `.execute(trx);
  return Number(numAffectedRows ?? 0) > 0;
}

export async function setFileTypeCode(
  trx: Trx,
  organizationId: string,
  fileIds: string[],
  code: 'main' | 'attachment',
) {
  if (fileIds.length === 0) return;
  await sql`
    update doc_file set file_type_code = ${code}
    where organization_id = ${organizationId} and id = any(${fileIds}::bigint[])
  `.execute(trx);
}

export interface SameContent {
  blob_id: string;
  name: string;
  doc_key: string;
  doc_number: string;
}

/** Files of the organisation with any of these contents, outside one document. */
export async function findSameContent(
  trx: Trx,
  organizationId: string,
  blobIds: string[],
  exceptDocId?: string,
) {
  if (blobIds.length === 0) return [];
  const { rows } = await sql<SameContent>`
    select f.blob_id, f.name, d.key as doc_key, d.number as doc_number
    from doc_file f join doc d on d.organization_id = f.organization_id and d.id = f.doc_id
    where f.organization_id = ${organizationId} and f.blob_id = any(${blobIds}::text[])
      and f.doc_id is distinct from ${exceptDocId ?? null}::bigint
    order by f.id
  `.execute(trx);
  return rows;
}

/** The file a signed link names, read in the link's organisation (row-level security applies). */
export async function findLinkedFile(db: Db, organizationId: string, fileKey: string) {
  const rows = await readInScope(
    db,
    // The link stands in for a member: no user, the organisation's rows only.
    { userId: '0', organizationId },
    sql<FileRow>`select ${FILE_COLUMNS} from doc_file
                 where organization_id = ${organizationId} and key = ${fileKey}`,
  );
  return rows[0];
}

/**
 * Which of these contents any file of any organisation still names, or a deleted file's row
 * an undo may bring back names (the blob sweep, a refused upload's discard).
 */
export async function referencedBlobs(db: Db, blobIds: string[]) {
  const { rows } = await sql<{ blob_id: string }>`
    select blob_id from doc_file where blob_id = any(${blobIds}::text[])
    union
    select blob_id from doc_file_deleted where blob_id = any(${blobIds}::text[])
    union
    select eml_blob_id from intake_message where eml_blob_id = any(${blobIds}::text[])
  `.execute(db);
  return new Set(rows.map((r) => r.blob_id));
}

/** Forgets deleted files' rows no undo can bring back any more (kept since before the date). */
export async function forgetDeletedFiles(db: Db, before: Date) {
  const result = await sql`delete from doc_file_deleted where deleted_at < ${before}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** A document's file rows whole (every column), to put back exactly on undo (spec §4). */
export async function wholeFileRows(trx: Trx, organizationId: string, docId: string) {
  const { rows } = await sql<{ row: Record<string, unknown> }>`
    select to_jsonb(f) as row from doc_file f
    where f.organization_id = ${organizationId} and f.doc_id = ${docId} order by f.id
  `.execute(trx);
  return rows.map((r) => r.row);
}

/**
 * Keeps a file row as it is before its content is replaced, as a delete keeps it (migration
 * 0031): the blob sweep then keeps the old content for the undo window.
 */
export async function keepReplacedFile(trx: Trx, organizationId: string, fileId: string) {
  await sql`
    insert into doc_file_deleted (organization_id, doc_id, blob_id, file_row)
    select f.organization_id, f.doc_id, f.blob_id, to_jsonb(f) from doc_file f
    where f.organization_id = ${organizationId} and f.id = ${fileId}
  `.execute(trx);
}
