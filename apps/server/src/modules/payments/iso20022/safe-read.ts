import type { XmlElement } from '../../capture/einvoice/safe-xml';
import { PaymentsFileError } from './payments-file-error';
import { parseXmlTree } from './xml-tree';
import { megabytes } from '../../../lib/number-text';

/**
 * Untrusted payments XML (a pain.001 to import, a bank's camt) to an element tree, with the
 * e-invoice reader's guards (capture/einvoice/safe-xml.ts: a size bound, no DTD and so no
 * entity but the five predefined ones, bounded nesting; tree building in xml-tree.ts) and a
 * strict decoder: bytes that are not text in the declared encoding are refused rather than
 * read as '�'.
 */

/** A camt.053 with 10,000 entries is about 20 MB; a bank file ten times that is not read. */
export const MAX_PAYMENTS_XML_BYTES = 200 * 1024 * 1024;

const MARKUP_DECLARATION = /<!(?:DOCTYPE|ENTITY|ELEMENT|ATTLIST|NOTATION)/i;
const ENCODING_DECLARATION = /^(\uFEFF?<\?xml[^>]*?encoding\s*=\s*)(["'])[A-Za-z0-9._-]+\2/;
const DECLARED_ENCODING =
  /^(?:\u00ef\u00bb\u00bf)?<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/;

export { type XmlElement } from '../../capture/einvoice/safe-xml';

export interface PaymentsXml {
  /** The text, its declaration saying UTF-8 (what xmllint is given). */
  text: string;
  /** The namespace of the root element: 'urn:iso:std:iso:20022:tech:xsd:camt.053.001.02'. */
  namespace: string;
  root: XmlElement;
}

/** The file's text and element tree; a PaymentsFileError says why there are none. */
export function readPaymentsXml(input: string | Buffer): PaymentsXml {
  const size = typeof input === 'string' ? input.length : input.length;
  if (size > MAX_PAYMENTS_XML_BYTES) {
    throw new PaymentsFileError('errors.payments.xml.tooLarge', [
      megabytesOf(size),
      megabytesOf(MAX_PAYMENTS_XML_BYTES),
    ]);
  }
  const decoded = typeof input === 'string' ? input : decode(input);
  if (MARKUP_DECLARATION.test(decoded)) throw new PaymentsFileError('errors.payments.xml.entities');
  const text = decoded.replace(ENCODING_DECLARATION, '$1$2UTF-8$2');
  const root = parseXmlTree(text);
  return { text, root, namespace: rootNamespace(text) };
}

/** The namespace of the first element: its default one, or the one its prefix names. */
function rootNamespace(text: string): string {
  let at = 0;
  for (;;) {
    at = text.indexOf('<', at);
    if (at < 0) return '';
    if (text.startsWith('<?', at)) at = text.indexOf('?>', at) + 2;
    else if (text.startsWith('<!--', at)) at = text.indexOf('-->', at) + 3;
    else break;
    if (at < 2) return '';
  }
  const tag = /^<([^\s/>]+)([^>]*)>/.exec(text.slice(at, at + 4096));
  if (!tag) return '';
  const name = tag[1] ?? '';
  const prefix = name.includes(':') ? `:${name.slice(0, name.indexOf(':'))}` : '';
  const declaration = new RegExp(`\\sxmlns${prefix}\\s*=\\s*(["'])(.*?)\\1`).exec(tag[2] ?? '');
  return declaration?.[2] ?? '';
}

/** The bytes as text by their byte order mark or declared encoding (UTF-8 by default). */
function decode(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return strictDecode('utf-16le', bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return strictDecode('utf-16be', bytes.subarray(2));
  const declared = DECLARED_ENCODING.exec(bytes.toString('latin1', 0, 200))?.[1];
  return strictDecode(declared?.toLowerCase() ?? 'utf-8', bytes);
}

function strictDecode(encoding: string, bytes: Buffer): string {
  const decoder = strictDecoder(encoding);
  try {
    return decoder.decode(bytes);
  } catch {
    // Where: the line of the first character the lenient decoder could not read.
    const lenient = new TextDecoder(encoding).decode(bytes);
    const at = lenient.indexOf('\uFFFD');
    const line = at < 0 ? 0 : lenient.slice(0, at).split('\n').length;
    throw new PaymentsFileError('errors.payments.xml.encoding', [encoding.toUpperCase(), line]);
  }
}

function strictDecoder(encoding: string) {
  try {
    return new TextDecoder(encoding, { fatal: true });
  } catch {
    throw new PaymentsFileError('errors.payments.xml.unknownEncoding', [encoding]);
  }
}

const megabytesOf = (bytes: number): string => megabytes(bytes / 1024 / 1024);
