import { z } from 'zod';
import { defineRoute } from './route';
import { IgnoreWarningsQuerySchema, RecordSchema } from './tables';

/** Documents one activation takes at most. */
export const MAX_ACTIVATE_KEYS = 500;

/** spec §7 POST /api/doc/activate: keys. */
export const ActivateBodySchema = z.strictObject({
  keys: z.array(z.string().max(64)).min(1).max(MAX_ACTIVATE_KEYS),
});
export const ActivateResponseSchema = z.object({
  items: z.array(RecordSchema),
  undoId: z.string(),
});

/** spec §7 GET /api/doc/customerHistory: documentKey, documentTypeId, customerKey, filterId. */
export const CustomerHistoryQuerySchema = z.strictObject({
  customerKey: z.string().max(64),
  /** The document being edited, left out of its partner's history. */
  documentKey: z.string().max(64).optional(),
  /** Only documents of this type. */
  documentTypeId: z.coerce.number().int().positive().optional(),
  /** The tile or list the document was opened from (kept for the caller; not a filter). */
  filterId: z.string().max(50).optional(),
  count: z.coerce.number().int().min(1).max(100).default(20),
});
export type CustomerHistoryQuery = z.infer<typeof CustomerHistoryQuerySchema>;
export const CustomerHistoryResponseSchema = z.object({ items: z.array(RecordSchema) });

/** spec §3 Tile: a count on the home page that opens the document list filtered by it. */
export const TileSchema = z.object({
  /** The list's filterId (spec §2: /work/index?filterId=…). */
  filterId: z.string(),
  labelId: z.string(),
  label: z.string(),
  count: z.number(),
  /** The list call's filters that show the tile's documents (field:value each). */
  filter: z.array(z.string()),
});
export type Tile = z.infer<typeof TileSchema>;
export const TilesResponseSchema = z.object({ items: z.array(TileSchema) });

export const documentRoutes = {
  activate: defineRoute({
    method: 'POST',
    path: '/api/doc/activate',
    summary:
      'Activate draft documents: each must be complete for its type; all or nothing, undoable. A suspected duplicate invoice is a warning naming the original (ignoreWarnings).',
    access: 'organization',
    query: IgnoreWarningsQuerySchema,
    body: ActivateBodySchema,
    response: ActivateResponseSchema,
  }),
  customerHistory: defineRoute({
    method: 'GET',
    path: '/api/doc/customerHistory',
    summary: "A partner's earlier documents, newest first, without the one being edited.",
    access: 'organization',
    query: CustomerHistoryQuerySchema,
    response: CustomerHistoryResponseSchema,
  }),
  tiles: defineRoute({
    method: 'GET',
    path: '/api/tile',
    summary: 'The home tiles: document counts by state, each with the list filter it opens.',
    access: 'organization',
    response: TilesResponseSchema,
  }),
};

/** spec §3 Preview data: where a file of a document is kept, main document or attachment. */
export const FILE_TYPE_CODES = ['main', 'attachment'] as const;
export type FileTypeCode = (typeof FILE_TYPE_CODES)[number];

/** Media types a document file may have (issue 5): main files and attachments. */
export const DOCUMENT_FILE_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/tiff',
  'application/xml',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/msword',
  'application/vnd.ms-excel',
  'text/plain',
  'text/csv',
] as const;

/** spec §3 Preview data, one file: key, fileTypeCode, visibility, url, downloadUrl, fileType, previewTitle. */
export const DocFileSchema = z.object({
  key: z.string(),
  fileTypeCode: z.enum(FILE_TYPE_CODES),
  /** spec §9: the preview shows a tab for a file whose visibility is 1. */
  visibility: z.number(),
  /** A short-lived signed link to the content, shown inline (no apikey needed). */
  url: z.string(),
  /** The same, as an attachment download under the file's name. */
  downloadUrl: z.string(),
  /** What the content is: pdf, png, jpeg, tiff, einvoice-xml, xml, docx, ... */
  fileType: z.string(),
  mime: z.string(),
  /** The e-invoice standard of an XML e-invoice: eslog20, eslog16, ubl or cii. */
  einvoiceFormat: z.string().nullable(),
  previewTitle: z.string(),
  name: z.string(),
  size: z.number(),
  sha256: z.string(),
  createdAt: z.string(),
});
export type DocFile = z.infer<typeof DocFileSchema>;

export const PreviewInfoSchema = z.object({
  documentKey: z.string(),
  files: z.array(DocFileSchema),
  /** spec §3: the codes a file may be moved to. */
  fileTypeCodes: z.array(z.object({ code: z.enum(FILE_TYPE_CODES), label: z.string() })),
  /** Keys of the main files (the document itself) and of the attachments, in order. */
  documents: z.array(z.string()),
  attachments: z.array(z.string()),
  /** When the links expire (ISO time). */
  expiresAt: z.string(),
  /**
   * Whether this user may add, replace, move and delete the document's files now (issue 24):
   * the same check that refuses such a change.
   */
  canChangeFiles: z.boolean(),
});
export type PreviewInfo = z.infer<typeof PreviewInfoSchema>;

/** spec §7 POST /api/doc/download: keys, param mode. */
export const DOWNLOAD_MODES = ['original', 'zip', 'pdf'] as const;
export const DownloadQuerySchema = z.strictObject({
  /** original: the main file of one document; zip: every file of the documents; pdf: one PDF of their main files. */
  mode: z.enum(DOWNLOAD_MODES).default('original'),
});
export const DownloadBodySchema = z.strictObject({
  keys: z.array(z.string().max(64)).min(1).max(MAX_ACTIVATE_KEYS),
});

export const MainFileBodySchema = z.strictObject({ fileKey: z.string().max(64) });
export const MoveFileBodySchema = z.strictObject({ fileTypeCode: z.enum(FILE_TYPE_CODES) });

/** The multipart parts of POST /api/uploadDoc (spec §7: main, attachments and a json part). */
export const UPLOAD_PARTS = { main: 'main', attachments: 'attachments', json: 'json' } as const;

/** A change of a document's files answers its files now and the id that undoes it (spec §4). */
export const FileChangeResponseSchema = PreviewInfoSchema.extend({ undoId: z.string() });

export const documentFileRoutes = {
  uploadDoc: defineRoute({
    method: 'POST',
    path: '/api/uploadDoc',
    summary:
      'A new draft document from files: multipart with one "main" file, any "attachments" and a ' +
      '"json" part holding the document fields. Content is checked by what it is, not its name; ' +
      'a file the organisation already has is a warning naming that document (ignoreWarnings).',
    access: 'organization',
    query: IgnoreWarningsQuerySchema,
    response: z.object({ item: RecordSchema, undoId: z.string(), preview: PreviewInfoSchema }),
    status: 201,
    upload: { file: UPLOAD_PARTS.main, accept: DOCUMENT_FILE_TYPES },
  }),
  addFile: defineRoute({
    method: 'POST',
    path: '/api/doc/:id/file/add',
    summary: 'Add a file to a document (multipart "file"; "fileTypeCode" main or attachment).',
    access: 'organization',
    query: IgnoreWarningsQuerySchema,
    response: FileChangeResponseSchema,
    status: 201,
    upload: { file: 'file', accept: DOCUMENT_FILE_TYPES },
  }),
  replaceFile: defineRoute({
    method: 'PUT',
    path: '/api/doc/:id/file/:fileKey',
    summary: 'Replace a file\'s content (multipart "file"), keeping its place.',
    access: 'organization',
    query: IgnoreWarningsQuerySchema,
    response: FileChangeResponseSchema,
    upload: { file: 'file', accept: DOCUMENT_FILE_TYPES },
  }),
  deleteFile: defineRoute({
    method: 'DELETE',
    path: '/api/doc/:id/file/:fileKey',
    summary: 'Remove a file from a document.',
    access: 'organization',
    response: FileChangeResponseSchema,
  }),
  mainFile: defineRoute({
    method: 'POST',
    path: '/api/doc/:id/mainfile',
    summary:
      'Make a file the main file of its document; the former main file becomes an attachment.',
    access: 'organization',
    body: MainFileBodySchema,
    response: FileChangeResponseSchema,
  }),
  moveFile: defineRoute({
    method: 'POST',
    path: '/api/doc/:id/file/:fileKey/move',
    summary: 'Move a file to main or attachment.',
    access: 'organization',
    body: MoveFileBodySchema,
    response: FileChangeResponseSchema,
  }),
  previewInfo: defineRoute({
    method: 'POST',
    path: '/api/doc/:id/preview.info',
    summary: 'The files of a document with short-lived signed links for the preview and downloads.',
    access: 'organization',
    response: PreviewInfoSchema,
  }),
  fileContent: defineRoute({
    method: 'GET',
    path: '/api/file/:token',
    summary:
      'The content of a document file by a signed link from preview.info: bound to the ' +
      'organisation and the file, valid for minutes; no apikey.',
    access: 'anonymous',
    download: DOCUMENT_FILE_TYPES,
  }),
};

/** spec §7 POST /api/doc/download (its own list: wired with the download bundles). */
export const documentDownloadRoutes = {
  download: defineRoute({
    method: 'POST',
    path: '/api/doc/download',
    summary:
      'Download documents: mode original (the main file of one document), zip (every file of ' +
      'the documents) or pdf (their main files merged into one PDF). Errors come as JSON.',
    access: 'organization',
    query: DownloadQuerySchema,
    body: DownloadBodySchema,
    download: ['application/pdf', 'application/zip', 'application/octet-stream'],
  }),
};
