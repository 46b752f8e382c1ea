import { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest, type MessageSpec } from '../../lib/errors';
import { BlobTooLargeError, type BlobStore } from '../../plugins/storage/blob-store';
import { discardWritten, type IsReferenced, type Written } from '../../plugins/storage/sweep';
import { checkUpload, type FileRole } from '../files/file-policy';
import { SNIFF_BYTES, type SniffedType } from '../files/file-type';
import { MultipartStalledError, multipartParts } from '../files/multipart-parts';
import { megabytes } from '../../lib/number-text';

/** Files one request may bring: the main file and attachments (issue 5). */
export const MAX_FILES_PER_REQUEST = 20;
/** The json part of POST /api/uploadDoc: the document's fields. */
export const MAX_JSON_PART_BYTES = 256 * 1024;

export interface UploadLimits {
  /** Bytes of one file (FILE_LIMIT_BYTES). */
  fileBytes: number;
  /** Bytes of all files of one request (REQUEST_FILES_LIMIT_BYTES). */
  requestBytes: number;
}

/** A file whose content is in the blob store, checked, but not yet named by any row. */
export interface StoredFile {
  blobId: string;
  size: number;
  name: string;
  type: SniffedType;
  role: FileRole;
  /** The multipart part it came in (main, attachments, file). */
  field: string;
  /** When this request wrote the blob: a refusal removes it only if nobody wrote it since. */
  writtenAt: Date | undefined;
}

export interface ReadUpload {
  files: StoredFile[];
  /** Text fields of the request by name (the json part, a fileTypeCode). */
  fields: Record<string, string>;
}

const tooLarge = (code: string, bytes: number, field: string) =>
  new AppError(413, [{ code, parameters: [megabytes(bytes / 2 ** 20)], field }]);

/** Where an upload's files go, and how to tell which contents rows still name. */
export interface UploadStore {
  blobs: BlobStore;
  isReferenced: IsReferenced;
}

/** What a refused request stored goes at once, unless a row names it or it was written again. */
export function discardUpload(store: UploadStore, files: StoredFile[]): Promise<void> {
  return discardWritten(
    store.blobs,
    store.isReferenced,
    files.map((f): Written => ({ id: f.blobId, writtenAt: f.writtenAt })),
  );
}

/**
 * Runs what follows a read upload (checks, rows); when it throws, the request's files are
 * discarded before the refusal is answered (issue 22: a refusal leaves nothing behind).
 */
export async function orDiscard<T>(
  store: UploadStore,
  files: StoredFile[],
  fn: () => Promise<T>,
): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    await discardUpload(store, files);
    throw error;
  }
}

/**
 * Reads a multipart request part by part: each file is checked by its first bytes (what it is,
 * whether its role takes it, its name) before anything is stored, then streamed into the
 * blob store within the limits. A refused file stops the request and the files stored before
 * it are removed before answering, unless a row names their content (another document's).
 */
export async function readUpload(
  request: FastifyRequest,
  store: UploadStore,
  limits: UploadLimits,
  roleOf: (field: string) => FileRole | undefined,
): Promise<ReadUpload> {
  if (!request.isMultipart()) {
    throw new AppError(415, [{ code: 'files.notMultipart', field: 'file' }]);
  }
  const files: StoredFile[] = [];
  const fields: Record<string, string> = {};
  let total = 0;
  try {
    for await (const part of multipartParts(request)) {
      if (part.type === 'field') {
        // A file's part without a filename would be dropped as a text field: refused instead.
        if (roleOf(part.fieldname)) throw badRequest('files.badName', [], part.fieldname);
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : '';
        continue;
      }
      const role = roleOf(part.fieldname);
      if (!role) throw badRequest('files.unknownPart', [part.fieldname], part.fieldname);
      if (files.length >= MAX_FILES_PER_REQUEST)
        throw badRequest('files.tooMany', [MAX_FILES_PER_REQUEST], part.fieldname);
      const stored = await storePart(
        part,
        role,
        store.blobs,
        {
          ...limits,
          fileBytes: Math.min(limits.fileBytes, limits.requestBytes - total),
        },
        limits,
      );
      total += stored.size;
      files.push(stored);
    }
  } catch (error) {
    await discardUpload(store, files);
    throw uploadError(error);
  }
  return { files, fields };
}

async function storePart(
  part: MultipartFile,
  role: FileRole,
  blobs: BlobStore,
  room: UploadLimits,
  limits: UploadLimits,
): Promise<StoredFile> {
  const iterator = part.file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const head: Buffer[] = [];
  let read = 0;
  let ended = false;
  while (read < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    head.push(next.value);
    read += next.value.length;
  }
  const first = Buffer.concat(head);
  const check = checkUpload({
    head: first.subarray(0, SNIFF_BYTES),
    name: part.filename,
    size: read,
    role,
    maxBytes: limits.fileBytes,
  });
  if (!check.ok) {
    part.file.resume(); // the rest is not read: let busboy go on to the next part
    const status = check.problem.code === 'files.tooLarge' ? 413 : 400;
    throw new AppError(status, [{ ...check.problem, field: part.fieldname }]);
  }
  async function* content() {
    yield first;
    if (!ended)
      for (let next = await iterator.next(); !next.done; next = await iterator.next())
        yield next.value;
  }
  try {
    const stored = await blobs.put(Readable.from(content()), { maxBytes: room.fileBytes });
    const written = await blobs.stat(stored.id);
    return {
      writtenAt: written?.modifiedAt,
      blobId: stored.id,
      size: stored.size,
      name: check.safeName,
      type: check.type,
      role,
      field: part.fieldname,
    };
  } catch (error) {
    if (error instanceof BlobTooLargeError) {
      const perFile = room.fileBytes === limits.fileBytes;
      throw perFile
        ? tooLarge('files.tooLargeLimit', limits.fileBytes, part.fieldname)
        : tooLarge('files.requestTooLarge', limits.requestBytes, part.fieldname);
    }
    throw error;
  }
}

/**
 * Busboy's own failures, thrown without a code: no boundary or one over 256 characters, a
 * body or a part cut off. Without this they were 500s (issue 9, multipart.fuzz.test.ts).
 */
const BUSBOY_FAILURE =
  /^(?:Multipart: Boundary not found|Unexpected end of multipart data|.* terminated early due to unexpected end of multipart data|The needle cannot )/;

/** Busboy's own refusals (a cut-off or malformed body) are the client's. */
function uploadError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  if (error instanceof MultipartStalledError)
    return new AppError(400, [{ code: 'files.unreadablePart', field: 'file' }]);
  const code = (error as { code?: unknown }).code;
  if (code === undefined && error instanceof Error && BUSBOY_FAILURE.test(error.message)) {
    return new AppError(400, [{ code: 'files.notMultipart', field: 'file' }]);
  }
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge('files.requestTooLarge', 0, 'file');
  if (typeof code === 'string' && code.startsWith('FST_')) {
    const problem: MessageSpec =
      code === 'FST_FILES_LIMIT'
        ? { code: 'files.tooMany', parameters: [MAX_FILES_PER_REQUEST], field: 'file' }
        : code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT'
          ? { code: 'files.tooManyParts', field: 'file' }
          : { code: 'files.notMultipart', field: 'file' };
    return new AppError(400, [problem]);
  }
  return error;
}
