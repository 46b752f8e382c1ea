import type { EinvoiceFormat, Sniff, XmlRoot } from './file-kinds';

/**
 * XML told from its prolog and the start tag of its root element, without an XML parser:
 * sniffing must not expand entities or fetch a DTD, so a DOCTYPE or ENTITY anywhere in the
 * head refuses the file before any parser sees it.
 */

const BOM = '\u00ef\u00bb\u00bf'; // UTF-8 BOM as latin1 characters
const DECLARATION = /^[ \t\r\n]*<\?xml[ \t\r\n?]/;
const DTD = /<!(?:DOCTYPE|ENTITY)/i;
// Sticky patterns read at a position. XML names: UTF-8 letters read as latin1 are \x80-\xff.
const NAME = /[A-Za-z_\x80-\xff][\w.\-\x80-\xff]*(?::[A-Za-z_\x80-\xff][\w.\-\x80-\xff]*)?/y;
const ATTRIBUTE = /[ \t\r\n]+([^ \t\r\n=/>]+)[ \t\r\n]*=[ \t\r\n]*(?:"([^"<]*)"|'([^'<]*)')/y;
const TAG_END = /[ \t\r\n]*\/?>/y;
const WHITESPACE = /[ \t\r\n]*/y;

/** (namespace, root local name) of each e-invoice syntax; e-SLOG 1.6 has no namespace. */
const EINVOICE_ROOTS: readonly [string, string, EinvoiceFormat][] = [
  ['urn:eslog:2.00', 'Invoice', 'eslog20'],
  ['', 'IzdaniRacunEnostavni', 'eslog16'],
  ['urn:oasis:names:specification:ubl:schema:xsd:Invoice-2', 'Invoice', 'ubl'],
  ['urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2', 'CreditNote', 'ubl'],
  ['urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100', 'CrossIndustryInvoice', 'cii'],
];

const ACTIVE_NAMESPACES = ['http://www.w3.org/1999/xhtml', 'http://www.w3.org/2000/svg'];

/** The root, or why there is none: cut off by the end of the head, a DOCTYPE, or no markup. */
type RootScan = XmlRoot | 'root-cut' | 'doctype' | 'no-root';

/** The XML sniff of a head, or undefined when the head does not start like XML. */
export function sniffXml(head: Buffer): Sniff | undefined {
  const text = head.toString('latin1');
  const start = text.startsWith(BOM) ? BOM.length : 0;
  const scan = scanProlog(text, start);
  if (scan === 'no-root' && !DECLARATION.test(text.slice(start))) return undefined;
  if (scan === 'doctype' || DTD.test(text)) return { kind: 'unknown', reason: 'xml-doctype' };
  if (typeof scan === 'string') return { kind: 'xml', rootElement: '', namespace: '' };
  if (isActiveContent(scan)) return { kind: 'unknown', reason: 'active-content' };
  const einvoice = EINVOICE_ROOTS.find(
    ([namespace, name]) => scan.namespace === namespace && scan.rootElement === name,
  );
  return einvoice
    ? { kind: 'einvoice-xml', einvoiceFormat: einvoice[2], ...scan }
    : { kind: 'xml', ...scan };
}

/** Skips the declaration, comments, processing instructions and whitespace to the root. */
function scanProlog(text: string, start: number): RootScan {
  let at = start;
  for (;;) {
    WHITESPACE.lastIndex = at;
    at += WHITESPACE.exec(text)?.[0].length ?? 0;
    const close = text.startsWith('<?', at) ? '?>' : text.startsWith('<!--', at) ? '-->' : '';
    if (close) {
      const end = text.indexOf(close, at + 2);
      if (end < 0) return 'no-root';
      at = end + close.length;
    } else if (/^<!DOCTYPE/i.test(text.slice(at, at + 9))) {
      return 'doctype';
    } else {
      return text.startsWith('<', at) ? scanRootTag(text, at + 1) : 'no-root';
    }
  }
}

/** The root's name and its namespace from the xmlns attributes of its start tag. */
function scanRootTag(text: string, nameStart: number): RootScan {
  NAME.lastIndex = nameStart;
  const name = NAME.exec(text)?.[0];
  if (!name) return 'no-root';
  const namespaces = new Map<string, string>();
  let at = nameStart + name.length;
  for (;;) {
    TAG_END.lastIndex = at;
    if (TAG_END.test(text)) break;
    ATTRIBUTE.lastIndex = at;
    const attribute = ATTRIBUTE.exec(text);
    // A start tag that does not parse is no root, unless the head ends inside it.
    if (!attribute) return text.indexOf('>', at) < 0 ? 'root-cut' : 'no-root';
    const [whole, attributeName = '', doubleQuoted, singleQuoted] = attribute;
    if (attributeName === 'xmlns' || attributeName.startsWith('xmlns:')) {
      namespaces.set(attributeName.slice(6), doubleQuoted ?? singleQuoted ?? '');
    }
    at += whole.length;
  }
  const colon = name.indexOf(':');
  const prefix = colon < 0 ? '' : name.slice(0, colon);
  return { rootElement: name.slice(colon + 1), namespace: namespaces.get(prefix) ?? '' };
}

function isActiveContent(root: XmlRoot): boolean {
  const name = root.rootElement.toLowerCase();
  return ACTIVE_NAMESPACES.includes(root.namespace) || name === 'html' || name === 'svg';
}
