import { FILE_KINDS, type FileKind } from '../../files/file-kinds';
import { officeText } from './office-text';
import { pdfText } from './pdf-text';
import { decodeXml, xmlText } from './xml-text';

/**
 * The readable text of a document file, for full-text search (issue 5): PDF text layers,
 * XML and e-invoices, text and CSV, and the XML parts of DOCX, XLSX, PPTX, ODT and ODS.
 * Images give '' until OCR (a later issue), as do the binary DOC and XLS. Never throws for
 * what a file contains: a file that cannot be read has no text.
 */

export const DEFAULT_MAX_CHARS = 200_000;
export const DEFAULT_TIME_LIMIT_MS = 10_000;

export interface ExtractTextOptions {
  /** The text is cut to this many characters (UTF-16 code units). */
  maxChars?: number;
  /** A PDF is abandoned after this long, with the text of the pages read by then. */
  timeLimitMs?: number;
}

// C0 and C1 controls (PostgreSQL text holds no NUL) and lone surrogates (not UTF-8).
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL = /[\u0000-\u0008\u000b\u000e-\u001f\u007f-\u009f]/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** The file's text with every run of whitespace a single space, at most maxChars long. */
export async function extractText(
  kind: string,
  content: Buffer,
  options: ExtractTextOptions = {},
): Promise<string> {
  const maxChars = options.maxChars ?? DEFAULT_MAX_CHARS;
  if (!isFileKind(kind) || maxChars <= 0) return '';
  const deadline = Date.now() + (options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS);
  return tidy(await rawText(kind, content, maxChars, deadline), maxChars);
}

/** A text read otherwise (by OCR) kept as extractText keeps a file's: tidied, bounded. */
export function searchableText(text: string, maxChars = DEFAULT_MAX_CHARS): string {
  return tidy(text, maxChars);
}

const isFileKind = (kind: string): kind is FileKind =>
  (FILE_KINDS as readonly string[]).includes(kind);

async function rawText(
  kind: FileKind,
  content: Buffer,
  maxChars: number,
  deadline: number,
): Promise<string> {
  switch (kind) {
    case 'pdf':
      return pdfText(content, { maxChars, deadline });
    case 'xml':
    case 'einvoice-xml':
      return xmlText(decodeXml(content), { hasAttributeText: true }) ?? '';
    case 'docx':
    case 'xlsx':
    case 'pptx':
    case 'odt':
    case 'ods':
      return officeText(kind, content, maxChars);
    case 'text':
    case 'csv':
    case 'eml':
      // Four bytes a character are enough for maxChars; stream: a character cut in two at
      // the end is left out rather than replaced.
      return new TextDecoder('utf-8').decode(content.subarray(0, maxChars * 4), { stream: true });
    case 'png':
    case 'jpeg':
    case 'tiff':
    case 'doc':
    case 'xls':
    case 'unknown':
      return '';
  }
}

function tidy(text: string, maxChars: number): string {
  const clean = text
    .replace(CONTROL, ' ')
    .replace(LONE_SURROGATE, '\ufffd')
    .replace(/\s+/g, ' ')
    .trim();
  if (clean.length <= maxChars) return clean;
  const cut = clean.slice(0, maxChars);
  // Not half of a surrogate pair, nor a space at the end.
  return cut.replace(/[\ud800-\udbff]$/, '').trimEnd();
}
