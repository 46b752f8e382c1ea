import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { decodeReferences, decodeXml } from '../../documents/text/xml-text';
import { EInvoiceError } from './einvoice-error';
import { megabytes } from '../../../lib/number-text';

/**
 * Untrusted XML to a small element tree, with bounded work: the size is capped before any
 * decoding, a DOCTYPE (and so every entity, internal or external) is refused before any
 * parser sees the text, and nesting is capped. Nothing is fetched or expanded but the five
 * predefined entities and character references.
 */

/** The largest e-invoice read: real ones are far smaller, even with a PDF inside. */
export const MAX_XML_BYTES = 10 * 1024 * 1024;
/** Deeper than e-SLOG, UBL or CII ever nest (about 12): anything past it is an attack. */
export const MAX_XML_DEPTH = 64;

// Declarations that only a DTD has; there is no legitimate use of them in an e-invoice.
const MARKUP_DECLARATION = /<!(?:DOCTYPE|ENTITY|ELEMENT|ATTLIST|NOTATION)/i;
const ENCODING_DECLARATION = /^(<\?xml[^>]*?encoding\s*=\s*)(["'])[A-Za-z0-9._-]+\2/;
// Keys of fast-xml-parser's preserveOrder nodes.
const TEXT = '#text';
const CDATA = '#cdata';
const ATTRIBUTES = ':@';

export interface XmlElement {
  /** The local name, without a namespace prefix. */
  name: string;
  attributes: Readonly<Record<string, string>>;
  /** The element's own text (not its children's), trimmed, references decoded. */
  text: string;
  children: readonly XmlElement[];
}

/** The bytes as UTF-8 text with a matching declaration, refused when too large or a DTD. */
export function readUntrustedXml(bytes: Buffer): string {
  if (bytes.length > MAX_XML_BYTES) {
    throw new EInvoiceError('capture.einvoice.tooLarge', [
      megabytesOf(bytes.length),
      megabytesOf(MAX_XML_BYTES),
    ]);
  }
  const text = decodeXml(bytes);
  if (MARKUP_DECLARATION.test(text)) throw new EInvoiceError('capture.einvoice.doctype');
  // The text is handed on as UTF-8 (xmllint reads nothing else), so the declaration says so.
  return text.replace(ENCODING_DECLARATION, '$1$2UTF-8$2');
}

/** The element tree of well-formed XML; an EInvoiceError says why there is none. */
export function parseXmlTree(xml: string): XmlElement {
  const check = XMLValidator.validate(xml);
  if (check !== true) {
    throw new EInvoiceError('capture.einvoice.notWellFormed', [check.err.line, check.err.msg]);
  }
  let nodes: OrderedNode[];
  try {
    nodes = PARSER.parse(xml) as OrderedNode[];
  } catch (error) {
    if (error instanceof Error && /nested tags/i.test(error.message)) {
      throw new EInvoiceError('capture.einvoice.tooDeep', [MAX_XML_DEPTH]);
    }
    throw new EInvoiceError('capture.einvoice.notWellFormed', [0, String(error)]);
  }
  const root = nodes.map(toElement).find((element) => element !== undefined);
  if (!root) throw new EInvoiceError('capture.einvoice.notWellFormed', [0, 'no root element']);
  return root;
}

const PARSER = new XMLParser({
  preserveOrder: true,
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  // Values stay text: '1234.50' must not become the number 1234.5 (stack.md).
  parseTagValue: false,
  parseAttributeValue: false,
  // No entity is expanded by the parser; decodeReferences handles the predefined five.
  processEntities: false,
  htmlEntities: false,
  cdataPropName: CDATA,
  ignoreDeclaration: true,
  ignorePiTags: true,
  maxNestedTags: MAX_XML_DEPTH,
});

/** fast-xml-parser's preserveOrder shape: one key per node, attributes under ':@'. */
type OrderedNode = Record<string, unknown>;

function toElement(node: OrderedNode): XmlElement | undefined {
  const name = Object.keys(node).find((key) => key !== ATTRIBUTES);
  if (!name || name === TEXT || name === CDATA) return undefined;
  const content = node[name] as OrderedNode[];
  const rawAttributes = (node[ATTRIBUTES] ?? {}) as Record<string, unknown>;
  // No prototype: an attribute named __proto__ or constructor is just a name here.
  const attributes = Object.create(null) as Record<string, string>;
  for (const [key, value] of Object.entries(rawAttributes)) {
    attributes[key] = decodeReferences(textOf(value));
  }
  const texts: string[] = [];
  const children: XmlElement[] = [];
  for (const child of content) {
    if (TEXT in child) texts.push(decodeReferences(textOf(child[TEXT])));
    else if (CDATA in child) texts.push(cdataText(child[CDATA] as OrderedNode[]));
    else {
      const element = toElement(child);
      if (element) children.push(element);
    }
  }
  return { name, attributes, text: texts.join('').trim(), children };
}

/** CDATA is taken as written: nothing in it is a reference. */
function cdataText(parts: OrderedNode[]): string {
  return parts.map((part) => textOf(part[TEXT])).join('');
}

/** With parseTagValue and parseAttributeValue off, every value the parser gives is text. */
const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The children of `element` with the local name. */
export const childrenNamed = (element: XmlElement, name: string): XmlElement[] =>
  element.children.filter((child) => child.name === name);

/** Every element reached from `element` along the path of local names. */
export function elementsAt(element: XmlElement, path: readonly string[]): XmlElement[] {
  let current = [element];
  for (const name of path) current = current.flatMap((each) => childrenNamed(each, name));
  return current;
}

/** The text of the first element along the path that has any, or undefined. */
export function textAt(element: XmlElement, path: readonly string[]): string | undefined {
  return elementsAt(element, path).find((each) => each.text !== '')?.text;
}

const megabytesOf = (bytes: number): string => megabytes(bytes / 1024 / 1024);
