/**
 * The kinds of document file Listina knows by their content (issue 5), with the media type
 * and extension it stores and serves each under, and the name a message shows for it.
 */

export const FILE_KINDS = [
  'pdf',
  'png',
  'jpeg',
  'tiff',
  'einvoice-xml',
  'xml',
  'docx',
  'xlsx',
  'pptx',
  'odt',
  'ods',
  'doc',
  'xls',
  'text',
  'csv',
  'eml',
  'unknown',
] as const;

export type FileKind = (typeof FILE_KINDS)[number];

/** Kinds that carry nothing beyond the kind itself. */
export type PlainKind = Exclude<FileKind, 'xml' | 'einvoice-xml' | 'unknown'>;

/** spec domain §5: the e-invoice syntaxes UJP and Slovenian companies exchange. */
export type EinvoiceFormat = 'eslog20' | 'eslog16' | 'ubl' | 'cii';

/** Why content is refused as unknown; each maps to a message that says what to do. */
export type UnknownReason =
  | 'empty'
  | 'unrecognised'
  /** A DOCTYPE or ENTITY declaration: the door to XXE and entity expansion. */
  | 'xml-doctype'
  /** HTML, XHTML or SVG: markup a browser runs scripts in. */
  | 'active-content'
  /** An Office file whose content is encrypted with a password. */
  | 'encrypted'
  /** An OOXML package with a VBA project. */
  | 'macros';

/** The root element of an XML file: its local name and namespace ('' when none). */
export interface XmlRoot {
  rootElement: string;
  namespace: string;
}

/** What the content says a file is, before the media type is attached. */
export type Sniff =
  | { kind: PlainKind }
  | ({ kind: 'xml' } & XmlRoot)
  | ({ kind: 'einvoice-xml'; einvoiceFormat: EinvoiceFormat } & XmlRoot)
  | { kind: 'unknown'; reason: UnknownReason };

export type SniffedType = Sniff & { mime: string; extension: string };

const MEDIA: Record<FileKind, { mime: string; extension: string }> = {
  pdf: { mime: 'application/pdf', extension: 'pdf' },
  png: { mime: 'image/png', extension: 'png' },
  jpeg: { mime: 'image/jpeg', extension: 'jpg' },
  tiff: { mime: 'image/tiff', extension: 'tif' },
  'einvoice-xml': { mime: 'application/xml', extension: 'xml' },
  xml: { mime: 'application/xml', extension: 'xml' },
  docx: {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extension: 'docx',
  },
  xlsx: {
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extension: 'xlsx',
  },
  pptx: {
    mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    extension: 'pptx',
  },
  odt: { mime: 'application/vnd.oasis.opendocument.text', extension: 'odt' },
  ods: { mime: 'application/vnd.oasis.opendocument.spreadsheet', extension: 'ods' },
  doc: { mime: 'application/msword', extension: 'doc' },
  xls: { mime: 'application/vnd.ms-excel', extension: 'xls' },
  text: { mime: 'text/plain', extension: 'txt' },
  csv: { mime: 'text/csv', extension: 'csv' },
  eml: { mime: 'message/rfc822', extension: 'eml' },
  unknown: { mime: 'application/octet-stream', extension: 'bin' },
};

export const withMedia = (sniff: Sniff): SniffedType => ({ ...sniff, ...MEDIA[sniff.kind] });

/**
 * The extensions a name may have for content of each kind. Text and CSV share theirs, as a
 * one-line CSV reads as text; XML covers e-invoices.
 */
export const EXTENSIONS_OF: Record<FileKind, readonly string[]> = {
  pdf: ['pdf'],
  png: ['png'],
  jpeg: ['jpg', 'jpeg', 'jpe', 'jfif'],
  tiff: ['tif', 'tiff'],
  'einvoice-xml': ['xml'],
  xml: ['xml'],
  docx: ['docx'],
  xlsx: ['xlsx'],
  pptx: ['pptx'],
  odt: ['odt'],
  ods: ['ods'],
  doc: ['doc'],
  xls: ['xls'],
  text: ['txt', 'text', 'log', 'md', 'json', 'csv', 'tsv'],
  csv: ['csv', 'tsv', 'txt', 'text'],
  eml: ['eml'],
  unknown: [],
};

/**
 * Names of kinds in messages: format names, the same in every language, so a message
 * parameter needs no translation.
 */
const KIND_LABELS: Record<FileKind, string> = {
  pdf: 'PDF',
  png: 'PNG',
  jpeg: 'JPEG',
  tiff: 'TIFF',
  'einvoice-xml': 'XML (e-SLOG, UBL, CII)',
  xml: 'XML',
  docx: 'DOCX',
  xlsx: 'XLSX',
  pptx: 'PPTX',
  odt: 'ODT',
  ods: 'ODS',
  doc: 'DOC',
  xls: 'XLS',
  text: 'TXT',
  csv: 'CSV',
  eml: 'EML',
  unknown: '?',
};

const EINVOICE_LABELS: Record<EinvoiceFormat, string> = {
  eslog20: 'e-SLOG 2.0',
  eslog16: 'e-SLOG 1.6',
  ubl: 'UBL 2.1',
  cii: 'UN/CEFACT CII',
};

export const kindLabel = (kind: FileKind): string => KIND_LABELS[kind];

/** The most exact name of sniffed content: an e-invoice by its format. */
export const typeLabel = (type: Sniff): string =>
  type.kind === 'einvoice-xml' ? EINVOICE_LABELS[type.einvoiceFormat] : KIND_LABELS[type.kind];
