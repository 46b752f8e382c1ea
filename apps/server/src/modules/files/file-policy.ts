import type { MessageSpec } from '../../lib/errors';
import {
  EXTENSIONS_OF,
  kindLabel,
  typeLabel,
  type FileKind,
  type SniffedType,
  type UnknownReason,
} from './file-kinds';
import { extensionOf, sanitizeFileName } from './file-name';
import { sniffFileType } from './file-type';
import { megabytes } from '../../lib/number-text';

/**
 * Which files an invoice takes (issue 5): the main file is the invoice itself, a scan or an
 * e-invoice; attachments may also be office documents and plain data.
 */

export const MAIN_FILE_KINDS = [
  'pdf',
  'png',
  'jpeg',
  'tiff',
  'einvoice-xml',
] as const satisfies readonly FileKind[];

export const ATTACHMENT_KINDS = [
  ...MAIN_FILE_KINDS,
  'docx',
  'xlsx',
  'pptx',
  'odt',
  'ods',
  'doc',
  'xls',
  'text',
  'csv',
  'xml',
  'eml',
] as const satisfies readonly FileKind[];

export type FileRole = 'main' | 'attachment';

const KINDS_OF: Record<FileRole, readonly FileKind[]> = {
  main: MAIN_FILE_KINDS,
  attachment: ATTACHMENT_KINDS,
};

export interface UploadInput {
  /** The first bytes of the file; SNIFF_BYTES are enough. */
  head: Buffer;
  /** The name the client sent. */
  name: string;
  /** The size of the whole file in bytes. */
  size: number;
  role: FileRole;
  maxBytes: number;
}

export type UploadCheck =
  | { ok: true; type: SniffedType; safeName: string }
  /** type is there when the content was sniffed before the file was refused. */
  | { ok: false; problem: MessageSpec; type?: SniffedType };

/** Whether a file may be stored in a role; the problem is a catalogue message when not. */
export function checkUpload({ head, name, size, role, maxBytes }: UploadInput): UploadCheck {
  const safeName = sanitizeFileName(name);
  if (safeName === undefined) return refuse('files.badName', []);
  if (size === 0 || head.length === 0) return refuse('files.empty', [safeName]);
  if (size > maxBytes) {
    return refuse('files.tooLarge', [...sizeAndLimit(size, maxBytes), safeName]);
  }
  const type = sniffFileType(head, name);
  const allowed = KINDS_OF[role];
  const allowedLabels = allowed.map(kindLabel).join(', ');
  if (type.kind === 'unknown') {
    const code = UNKNOWN_CODES[type.reason];
    const parameters = code === 'files.typeUnknown' ? [safeName, allowedLabels] : [safeName];
    return refuse(code, parameters, type);
  }
  const extension = extensionOf(safeName);
  if (extension && !EXTENSIONS_OF[type.kind].includes(extension)) {
    return refuse('files.typeMismatch', [safeName, typeLabel(type), extension.toUpperCase()], type);
  }
  if (!allowed.includes(type.kind)) {
    return refuse('files.typeNotAllowed', [typeLabel(type), allowedLabels, safeName], type);
  }
  return { ok: true, type, safeName };
}

const UNKNOWN_CODES: Record<UnknownReason, string> = {
  empty: 'files.empty',
  unrecognised: 'files.typeUnknown',
  'active-content': 'files.typeUnknown',
  'xml-doctype': 'files.xmlDoctype',
  encrypted: 'files.encrypted',
  macros: 'files.macros',
};

const refuse = (code: string, parameters: string[], type?: SniffedType): UploadCheck => ({
  ok: false,
  problem: { code, parameters },
  ...(type ? { type } : {}),
});

/**
 * Size and limit in MB (2^20, as the table import's limit) with one decimal. The limit is
 * rounded down and the size shown above it, so "10.0 MB is too large, at most 10.0 MB" never
 * appears.
 */
function sizeAndLimit(size: number, limit: number): [string, string] {
  const tenths = (bytes: number) => (bytes / 2 ** 20) * 10;
  const limitTenths = Math.floor(tenths(limit));
  const sizeTenths = Math.max(Math.round(tenths(size)), limitTenths + 1);
  // Issue 24: in the locale format of spec §3 ("12,3"), as every number a message shows.
  return [megabytes(sizeTenths / 10), megabytes(limitTenths / 10)];
}
