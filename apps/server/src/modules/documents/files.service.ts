import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import type { DocFile, FileTypeCode, PreviewInfo } from '@listina/contract';
import type { Db } from '../../db/create-db';
import { inScope, type Trx } from '../../db/scope';
import { AppError, badRequest, conflict, notFound, type MessageSpec } from '../../lib/errors';
import { UUID_PATTERN } from '../../lib/ids';
import { translate, type Locale } from '../../plugins/i18n';
import { readBlob, type BlobStore } from '../../plugins/storage/blob-store';
import { MAIN_FILE_KINDS } from '../files/file-policy';
import type { RequestContext } from '../../plugins/context';
import { doc as docEntity } from '../tables/entities/doc';
import { commitJournal, newJournal } from '../tables/journal';
import { lockProblems, throwLockProblems } from '../tables/locks';
import { canWrite, type TableScope, type TablesService } from '../tables/tables.service';
import { buildDownload, type BundleDocument, type DownloadMode } from './download/download';
import type { FileLinks } from './file-links';
import * as repo from './files.repository';
import { refreshDocSearch } from './search-vector';
import { extractText } from './text/extract-text';
import {
  orDiscard,
  readUpload,
  type StoredFile,
  type UploadLimits,
  type UploadStore,
} from './upload-files';

export type DocumentFilesService = ReturnType<typeof createDocumentFilesService>;
/** A new file row of a document, as another module that makes documents writes it. */
export type { NewFile } from './files.repository';

interface Deps {
  db: Db;
  tables: TablesService;
  blobs: BlobStore;
  links: FileLinks;
  limits: UploadLimits;
  /** Told of a document created from an upload with a main file (its data capture, issue 7). */
  afterUpload?: (scope: TableScope, documentKey: string) => Promise<void>;
}

const FILE_TYPE_CODES: FileTypeCode[] = ['main', 'attachment'];

const isMainKind = (kind: string) => (MAIN_FILE_KINDS as readonly string[]).includes(kind);

/** The fields of the document in the json part of POST /api/uploadDoc. */
function parseModel(text: string | undefined): Record<string, unknown> {
  if (text === undefined || text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value))
      return value as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw badRequest('files.badJsonPart', [], 'json');
}

const toNewFile = (file: ReadFile, fileTypeCode: FileTypeCode): repo.NewFile => ({
  blobId: file.blobId,
  name: file.name,
  mime: file.type.mime,
  kind: file.type.kind,
  size: file.size,
  fileTypeCode,
  text: file.text,
});

/** A stored file with its readable text, which the document's search covers. */
type ReadFile = StoredFile & { text: string };

/**
 * Document files (issue 5): intake of new documents from files, adding, replacing, removing
 * and moving files, the preview's signed links and their content. Content is stored before
 * its row commits; a file the organisation already has is a warning naming its document.
 */
export function createDocumentFilesService({
  db,
  tables,
  blobs,
  links,
  limits,
  afterUpload,
}: Deps) {
  const store: UploadStore = { blobs, isReferenced: (ids) => repo.referencedBlobs(db, ids) };

  /** The files of a request with their text, read back from the store (at most a file's limit). */
  async function withText(files: StoredFile[]): Promise<ReadFile[]> {
    const read: ReadFile[] = [];
    for (const file of files) {
      const content = await readBlob(blobs, file.blobId);
      read.push({ ...file, text: await extractText(file.type.kind, content) });
    }
    return read;
  }

  const scopeOf = (scope: TableScope) => ({
    userId: scope.user.id,
    organizationId: scope.organization.id,
  });

  async function duplicateWarnings(
    trx: Trx,
    scope: TableScope,
    files: StoredFile[],
    docId?: string,
  ): Promise<MessageSpec[]> {
    const found = await repo.findSameContent(
      trx,
      scope.organization.id,
      files.map((f) => f.blobId),
      docId,
    );
    return files.flatMap((file) => {
      const other = found.find((f) => f.blob_id === file.blobId);
      if (!other) return [];
      const title = other.doc_number === '' ? other.doc_key : other.doc_number;
      return [
        { code: 'files.sameFileInDocument', parameters: [file.name, title], field: file.field },
      ];
    });
  }

  /**
   * The one file of a request to a document's file calls, checked as an attachment, given to
   * fn; when fn (or the check) refuses, the file is discarded before the answer.
   */
  async function withOneFile<T>(
    request: FastifyRequest,
    fn: (file: ReadFile, fields: Record<string, string>) => Promise<T>,
  ): Promise<T> {
    const upload = await readUpload(request, store, limits, (field) =>
      field === 'file' ? 'attachment' : undefined,
    );
    return orDiscard(store, upload.files, async () => {
      const [file] = await withText(upload.files);
      if (!file || upload.files.length > 1) throw badRequest('files.oneFile', [], 'file');
      return fn(file, upload.fields);
    });
  }

  /** Refuses, as a warning, content another document of the organisation already has. */
  async function refuseDuplicate(trx: Trx, scope: TableScope, file: ReadFile, docId: string) {
    const warnings = await duplicateWarnings(trx, scope, [file], docId);
    if (warnings.length) throw new AppError(400, [], warnings);
  }

  async function getDoc(trx: Trx, scope: TableScope, key: string) {
    const doc = UUID_PATTERN.test(key)
      ? await repo.findDoc(trx, scope.organization.id, key)
      : undefined;
    if (!doc) throw notFound('errors.recordNotFound', [key]);
    return doc;
  }

  const lockedOf = (doc: repo.DocRow) => [
    { ...doc, displayTitle: doc.number === '' ? doc.key : doc.number },
  ];
  const lockContext = (trx: Trx, scope: TableScope) => ({
    trx,
    userId: scope.user.id,
    roles: scope.organization.roles,
  });

  /** spec §4, §6, issue 6: a document's files change only where its fields may (docLocks). */
  async function requireChangeable(trx: Trx, scope: TableScope, doc: repo.DocRow) {
    await throwLockProblems(docEntity, lockedOf(doc), lockContext(trx, scope));
  }

  /**
   * Whether requireChangeable and the table's write right (requireWritable) would let this
   * user change the document's files now: the preview offers its file actions only then
   * (issue 24).
   */
  async function canChangeFiles(trx: Trx, scope: TableScope, doc: repo.DocRow) {
    if (!canWrite(docEntity, scope.organization.roles)) return false;
    const [problem] = await lockProblems(docEntity, lockedOf(doc), lockContext(trx, scope));
    return problem === undefined;
  }

  async function previewOf(trx: Trx, scope: TableScope, doc: repo.DocRow, locale: Locale) {
    const rows = await repo.listFiles(trx, scope.organization.id, [doc.id]);
    let expiresAt = Date.now();
    const link = (fileKey: string, download: boolean) => {
      const signed = links.sign({ organizationId: scope.organization.id, fileKey, download });
      expiresAt = signed.expiresAt;
      return `/api/file/${signed.token}`;
    };
    const files: DocFile[] = rows.map((row) => ({
      key: row.key,
      fileTypeCode: row.file_type_code,
      visibility: row.visibility,
      url: link(row.key, false),
      downloadUrl: link(row.key, true),
      fileType: row.kind,
      mime: row.mime,
      einvoiceFormat: null,
      previewTitle: row.name,
      name: row.name,
      size: Number(row.size),
      sha256: row.blob_id,
      createdAt: row.created_at.toISOString(),
    }));
    const preview: PreviewInfo = {
      documentKey: doc.key,
      files,
      fileTypeCodes: FILE_TYPE_CODES.map((code) => ({
        code,
        label: translate(locale, `files.fileTypeCode.${code}`),
      })),
      documents: files.filter((f) => f.fileTypeCode === 'main').map((f) => f.key),
      attachments: files.filter((f) => f.fileTypeCode === 'attachment').map((f) => f.key),
      expiresAt: new Date(expiresAt).toISOString(),
      canChangeFiles: await canChangeFiles(trx, scope, doc),
    };
    return preview;
  }

  /** The caller's document and its preview, read in a tenant-scoped transaction. */
  function onDoc(scope: TableScope, key: string, locale: Locale) {
    return inScope(db, scopeOf(scope), async (trx) =>
      previewOf(trx, scope, await getDoc(trx, scope, key), locale),
    );
  }

  /**
   * Runs a change of the caller's document's files in a tenant-scoped transaction; answers
   * the new preview and the undo id that puts the files back as they were (spec §4): their
   * rows before, what they are after, and an audit entry naming the files before and after.
   */
  function changeFiles(
    scope: TableScope,
    key: string,
    locale: Locale,
    fn: (trx: Trx, doc: repo.DocRow) => Promise<void>,
  ) {
    return inScope(db, scopeOf(scope), async (trx) => {
      const organizationId = scope.organization.id;
      const doc = await getDoc(trx, scope, key);
      await requireChangeable(trx, scope, doc);
      const before = await repo.wholeFileRows(trx, organizationId, doc.id);
      await fn(trx, doc);
      await refreshDocSearch(trx, organizationId, [doc.id]);
      const after = await repo.listFiles(trx, organizationId, [doc.id]);
      const journal = newJournal();
      journal.operations.push({
        kind: 'docFiles',
        entity: docEntity.name,
        id: doc.id,
        key: doc.key,
        before,
        after: after.map((f) => ({
          id: String(f.id),
          blob_id: f.blob_id,
          name: f.name,
          file_type_code: f.file_type_code,
        })),
      });
      const named = (rows: { name: unknown; file_type_code: unknown }[]) =>
        rows.map((f) => `${String(f.name)} (${String(f.file_type_code)})`);
      journal.audit.push({
        entity: docEntity,
        key: doc.key,
        action: 'update',
        changes: [{ field: 'files', before: named(before as never), after: named(after) }],
      });
      const undoId = await commitJournal(trx, journal, scopeOf(scope));
      return { ...(await previewOf(trx, scope, doc, locale)), undoId };
    });
  }

  async function getFile(trx: Trx, scope: TableScope, doc: repo.DocRow, fileKey: string) {
    const files = await repo.listFiles(trx, scope.organization.id, [doc.id]);
    const file = files.find((f) => f.key === fileKey);
    if (!file) throw notFound('files.fileNotFound', [fileKey]);
    return { file, files };
  }

  /**
   * The document (and file) a file call names, found and changeable, checked before its body
   * is read: a refusal then reads and stores nothing. Checked again with the change.
   */
  function checkTarget(scope: TableScope, key: string, fileKey?: string) {
    return inScope(db, scopeOf(scope), async (trx) => {
      const doc = await getDoc(trx, scope, key);
      await requireChangeable(trx, scope, doc);
      if (fileKey !== undefined) await getFile(trx, scope, doc, fileKey);
    });
  }

  return {
    /** spec §7 POST /api/uploadDoc: a new draft from a main file, attachments and its fields. */
    async uploadDoc(
      scope: TableScope,
      request: FastifyRequest,
      ignoreWarnings: boolean,
      locale: Locale,
    ) {
      tables.requireWritable('doc', scope);
      const upload = await readUpload(request, store, limits, (field) =>
        field === 'main' ? 'main' : field === 'attachments' ? 'attachment' : undefined,
      );
      let docKey = '';
      const { saved, mains } = await orDiscard(store, upload.files, async () => {
        const files = await withText(upload.files);
        const mains = files.filter((f) => f.role === 'main');
        if (mains.length > 1) throw badRequest('files.oneMainFile', [], 'main');
        const model = parseModel(upload.fields.json);
        const saved = await tables.create('doc', scope, model, ignoreWarnings, {
          warnings: (trx) => duplicateWarnings(trx, scope, files),
          after: async (trx, record) => {
            docKey = record.key;
            for (const file of files) {
              const code = file.role === 'main' ? 'main' : 'attachment';
              await repo.insertFile(
                trx,
                scope.organization.id,
                record.id,
                toNewFile(file, code),
                scope.user.id,
              );
            }
          },
        });
        return { saved, mains };
      });
      // Typing invoices is the work users want gone: a new document with a main file is read.
      if (mains.length > 0 && afterUpload) await afterUpload(scope, docKey);
      return { ...saved, preview: await onDoc(scope, docKey, locale) };
    },

    /** spec §7 POST /api/doc/{id}/file/add: one more file, an attachment unless asked. */
    async addFile(
      scope: TableScope,
      key: string,
      request: FastifyRequest,
      ignoreWarnings: boolean,
      locale: Locale,
    ) {
      tables.requireWritable('doc', scope);
      await checkTarget(scope, key);
      return withOneFile(request, (file, fields) => {
        const code = fields.fileTypeCode === 'main' ? 'main' : 'attachment';
        if (code === 'main' && !isMainKind(file.type.kind))
          throw badRequest('files.notAMainFile', [file.name], 'fileTypeCode');
        return changeFiles(scope, key, locale, async (trx, doc) => {
          const files = await repo.listFiles(trx, scope.organization.id, [doc.id]);
          if (files.some((f) => f.blob_id === file.blobId))
            throw conflict('files.alreadyInThisDocument', [file.name], 'file');
          if (!ignoreWarnings) await refuseDuplicate(trx, scope, file, doc.id);
          // One main file a document: a new one sends the old to the attachments.
          if (code === 'main') {
            const mains = files.filter((f) => f.file_type_code === 'main').map((f) => f.id);
            await repo.setFileTypeCode(trx, scope.organization.id, mains, 'attachment');
          }
          await repo.insertFile(
            trx,
            scope.organization.id,
            doc.id,
            toNewFile(file, code),
            scope.user.id,
          );
        });
      });
    },

    /** spec §7 PUT /api/doc/{id}/file/{fileKey}: new content in the file's place. */
    async replaceFile(
      scope: TableScope,
      key: string,
      fileKey: string,
      request: FastifyRequest,
      ignoreWarnings: boolean,
      locale: Locale,
    ) {
      tables.requireWritable('doc', scope);
      await checkTarget(scope, key, fileKey);
      // The role is checked once the file's place is known (a main file must stay one).
      return withOneFile(request, (file) =>
        changeFiles(scope, key, locale, async (trx, doc) => {
          const { file: current, files } = await getFile(trx, scope, doc, fileKey);
          if (current.file_type_code === 'main' && !isMainKind(file.type.kind))
            throw badRequest('files.notAMainFile', [file.name], 'file');
          if (files.some((f) => f.blob_id === file.blobId && f.id !== current.id))
            throw conflict('files.alreadyInThisDocument', [file.name], 'file');
          if (!ignoreWarnings) await refuseDuplicate(trx, scope, file, doc.id);
          await repo.keepReplacedFile(trx, scope.organization.id, current.id);
          await repo.replaceContent(
            trx,
            scope.organization.id,
            current.id,
            toNewFile(file, current.file_type_code),
          );
        }),
      );
    },

    /** spec §7 DELETE /api/doc/{id}/file/{fileKey}. */
    deleteFile(scope: TableScope, key: string, fileKey: string, locale: Locale) {
      tables.requireWritable('doc', scope);
      return changeFiles(scope, key, locale, async (trx, doc) => {
        const { file } = await getFile(trx, scope, doc, fileKey);
        // Deleted meanwhile by the same call sent twice: as if it had not been found (issue 22).
        if (!(await repo.deleteFile(trx, scope.organization.id, file.id)))
          throw notFound('files.fileNotFound', [fileKey]);
      });
    },

    /** spec §7 POST /api/doc/{id}/file/{fileKey}/move and POST /api/doc/{id}/mainfile. */
    moveFile(scope: TableScope, key: string, fileKey: string, code: FileTypeCode, locale: Locale) {
      tables.requireWritable('doc', scope);
      return changeFiles(scope, key, locale, async (trx, doc) => {
        const { file, files } = await getFile(trx, scope, doc, fileKey);
        if (code === 'main') {
          if (!isMainKind(file.kind))
            throw badRequest('files.notAMainFile', [file.name], 'fileKey');
          const mains = files.filter((f) => f.file_type_code === 'main' && f.id !== file.id);
          await repo.setFileTypeCode(
            trx,
            scope.organization.id,
            mains.map((f) => f.id),
            'attachment',
          );
        }
        await repo.setFileTypeCode(trx, scope.organization.id, [file.id], code);
      });
    },

    /** spec §7 POST /api/doc/{id}/preview.info. */
    previewInfo: (scope: TableScope, key: string, locale: Locale) => onDoc(scope, key, locale),

    /**
     * spec §7 POST /api/doc/download: the documents' files as one download (original, zip or
     * merged PDF), in the order of the keys. Unknown keys are 404 before anything is sent.
     */
    async download(scope: TableScope, keys: string[], mode: DownloadMode, ctx: RequestContext) {
      const unique = [...new Set(keys)];
      const documents = await inScope(db, scopeOf(scope), async (trx) => {
        const valid = unique.filter((k) => UUID_PATTERN.test(k));
        const docs = await repo.findDocs(trx, scope.organization.id, valid);
        const missing = unique.filter((k) => !docs.some((d) => d.key === k));
        if (missing.length) throw notFound('errors.recordNotFound', [missing.join(', ')]);
        const files = await repo.listFiles(
          trx,
          scope.organization.id,
          docs.map((d) => d.id),
        );
        return unique.map((key): BundleDocument => {
          const doc = docs.find((d) => d.key === key) as repo.DocRow;
          return {
            title: doc.number === '' ? doc.key : doc.number,
            files: files
              .filter((f) => f.doc_id === doc.id)
              .map((f) => ({
                role: f.file_type_code,
                file: {
                  name: f.name,
                  kind: f.kind,
                  mime: f.mime,
                  size: Number(f.size),
                  open: () => blobs.open(f.blob_id),
                },
              })),
          };
        });
      });
      return buildDownload(mode, documents, { timeZone: ctx.timeZone, locale: ctx.locale });
    },

    /** The content a signed link names; 403 when expired, 404 when it names nothing. */
    async openLinked(
      token: string,
    ): Promise<{ file: repo.FileRow; download: boolean; stream: Readable }> {
      const checked = links.verify(token);
      if ('problem' in checked) {
        throw checked.problem === 'expired'
          ? new AppError(403, [{ code: 'files.linkExpired' }])
          : notFound('files.linkUnknown');
      }
      const { link } = checked;
      const file = await repo.findLinkedFile(db, link.organizationId, link.fileKey);
      if (!file) throw notFound('files.linkUnknown');
      return { file, download: link.download, stream: await blobs.open(file.blob_id) };
    },
  };
}
