/**
 * The text of an XML file without an XML parser or a DOM: the content of elements, CDATA, and
 * for plain XML the values of attributes. Nothing is expanded but the five predefined entities
 * and character references; a DOCTYPE refuses the file (as sniffing does, xml-sniff.ts), so
 * no entity can be declared, expanded or fetched.
 */

export interface XmlTextRules {
  /** Attribute values count as text, but for namespace and schema declarations. */
  hasAttributeText: boolean;
  /** Local names of the elements whose start and end separate words; undefined: every one. */
  breaks?: ReadonlySet<string>;
  /** Local names of the only elements whose content is text; undefined: every element's. */
  textIn?: ReadonlySet<string>;
  /** Elements left out with everything in them, by local name and attribute text. */
  isSkipped?: (localName: string, attributes: string) => boolean;
}

/** A run of base64 (an embedded attachment of an e-invoice) is data, not text. */
const BASE64 = /^[A-Za-z0-9+/=\r\n]{256,}$/;
const ATTRIBUTE = /([^\s=/]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const NOT_TEXT_ATTRIBUTE = /^(?:xmlns(?::|$)|xsi:|xml:)/;
const PREDEFINED: Readonly<Record<string, string>> = {
  lt: '<',
  gt: '>',
  amp: '&',
  quot: '"',
  apos: "'",
};
const REFERENCE = /&(?:#(\d{1,7})|#x([0-9a-fA-F]{1,6})|([a-z]{2,4}));/g;

/** The text of the XML, or undefined for a DOCTYPE or other markup declaration. */
export function xmlText(xml: string, rules: XmlTextRules): string | undefined {
  const out: string[] = [];
  const depth = { skipped: 0, text: rules.textIn ? 0 : 1 };
  const isReading = () => depth.skipped === 0 && depth.text > 0;
  let at = 0;
  while (at < xml.length) {
    const open = xml.indexOf('<', at);
    const textEnd = open < 0 ? xml.length : open;
    if (isReading() && textEnd > at) out.push(textNode(xml.slice(at, textEnd)));
    if (open < 0) break;
    if (xml.startsWith('<!--', open)) {
      at = after(xml, '-->', open + 4);
    } else if (xml.startsWith('<![CDATA[', open)) {
      const end = xml.indexOf(']]>', open + 9);
      at = end < 0 ? xml.length : end + 3;
      if (isReading()) out.push(xml.slice(open + 9, end < 0 ? xml.length : end));
    } else if (xml.startsWith('<!', open)) {
      return undefined;
    } else if (xml.startsWith('<?', open)) {
      at = after(xml, '?>', open + 2);
    } else {
      at = tagEnd(xml, open) + 1;
      readTag(parseTag(xml.slice(open + 1, at - 1)), rules, depth, out);
    }
  }
  return out.join('');
}

interface Tag {
  localName: string;
  isEnd: boolean;
  isEmpty: boolean;
  /** The text of the attributes, after the name. */
  attributes: string;
}

function parseTag(tag: string): Tag {
  const isEnd = tag.startsWith('/');
  const isEmpty = tag.endsWith('/');
  const name = /^\/?([^\s/>]*)/.exec(tag)?.[1] ?? '';
  const attributes = tag.slice(name.length + (isEnd ? 1 : 0), isEmpty ? -1 : undefined);
  return { localName: name.slice(name.indexOf(':') + 1), isEnd, isEmpty, attributes };
}

/** Follows a tag: into or out of skipped and text elements, with its word break. */
function readTag(
  tag: Tag,
  rules: XmlTextRules,
  depth: { skipped: number; text: number },
  out: string[],
): void {
  if (depth.skipped > 0) {
    if (tag.isEnd) depth.skipped--;
    else if (!tag.isEmpty) depth.skipped++;
    return;
  }
  if (!tag.isEnd && rules.isSkipped?.(tag.localName, tag.attributes)) {
    if (!tag.isEmpty) depth.skipped = 1;
    return;
  }
  if (rules.textIn?.has(tag.localName) && !tag.isEmpty) depth.text += tag.isEnd ? -1 : 1;
  if (!rules.breaks || rules.breaks.has(tag.localName)) out.push(' ');
  if (!tag.isEnd && rules.hasAttributeText) out.push(...attributeTexts(tag.attributes));
}

/** Decodes the bytes of an XML file by its byte order mark or declared encoding (UTF-8). */
export function decodeXml(content: Buffer): string {
  if (content[0] === 0xff && content[1] === 0xfe) return decode('utf-16le', content.subarray(2));
  if (content[0] === 0xfe && content[1] === 0xff) return decode('utf-16be', content.subarray(2));
  const head = content.toString('latin1', 0, 200);
  const declared =
    /^(?:\u00ef\u00bb\u00bf)?<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1];
  return decode(declared ?? 'utf-8', content);
}

function decode(encoding: string, bytes: Buffer): string {
  try {
    return new TextDecoder(encoding).decode(bytes);
  } catch {
    // An encoding TextDecoder does not know: read it as UTF-8, the XML default.
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** The index just past the end marker, or the end of the text when it is missing. */
function after(xml: string, marker: string, from: number): number {
  const end = xml.indexOf(marker, from);
  return end < 0 ? xml.length : end + marker.length;
}

/** The index of the '>' closing the tag at open; a '>' inside a quoted value does not. */
function tagEnd(xml: string, open: number): number {
  let quote = '';
  for (let at = open + 1; at < xml.length; at++) {
    const char = xml[at];
    if (quote) {
      if (char === quote) quote = '';
    } else if (char === '"' || char === "'") {
      quote = char;
    } else if (char === '>') {
      return at;
    }
  }
  return xml.length;
}

function textNode(raw: string): string {
  return BASE64.test(raw.trim()) ? ' ' : decodeReferences(raw);
}

function attributeTexts(attributes: string): string[] {
  const texts: string[] = [];
  for (const [, name = '', doubleQuoted, singleQuoted] of attributes.matchAll(ATTRIBUTE)) {
    if (!NOT_TEXT_ATTRIBUTE.test(name))
      texts.push(decodeReferences(doubleQuoted ?? singleQuoted ?? ''), ' ');
  }
  return texts;
}

/** The five predefined entities and character references; anything else is left as it is. */
export function decodeReferences(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(REFERENCE, (reference, decimal?: string, hex?: string, name?: string) => {
    if (name) return PREDEFINED[name] ?? reference;
    const code = decimal ? Number(decimal) : parseInt(hex ?? '', 16);
    return isXmlChar(code) ? String.fromCodePoint(code) : '';
  });
}

/** XML 1.0 §2.2 Char. */
function isXmlChar(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}
