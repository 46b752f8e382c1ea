import { XMLValidator } from 'fast-xml-parser';
import { MAX_XML_DEPTH, type XmlElement } from '../../capture/einvoice/safe-xml';
import { decodeReferences } from '../../documents/text/xml-text';
import { PaymentsFileError } from './payments-file-error';

/**
 * The element tree of well-formed, DOCTYPE-free XML in one pass over the text. Same tree
 * and guards as capture/einvoice/safe-xml.ts parseXmlTree (fast-xml-parser's validator
 * judges well-formedness; nothing is expanded but the five predefined entities and
 * character references; nesting is capped), about twice as fast: a bank statement with
 * 10,000 entries is 8 MB, and every second of its import counts (bench/README.md).
 * One difference: text beside a CDATA section keeps its spaces (fast-xml-parser trims them).
 */

const ATTRIBUTE = /([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

interface Open {
  element: XmlElement & { children: XmlElement[]; text: string };
  texts: string[];
}

export function parseXmlTree(xml: string): XmlElement {
  const check = XMLValidator.validate(xml);
  if (check !== true) {
    throw new PaymentsFileError('errors.payments.xml.malformed', [check.err.line, check.err.msg]);
  }
  const stack: Open[] = [];
  let root: XmlElement | undefined;
  let at = 0;
  while (at < xml.length) {
    const open = xml.indexOf('<', at);
    const textEnd = open < 0 ? xml.length : open;
    const current = stack[stack.length - 1];
    if (current && textEnd > at) current.texts.push(decodeReferences(xml.slice(at, textEnd)));
    if (open < 0) break;
    if (xml.startsWith('<!--', open)) {
      at = after(xml, '-->', open + 4);
    } else if (xml.startsWith('<![CDATA[', open)) {
      at = after(xml, ']]>', open + 9);
      current?.texts.push(xml.slice(open + 9, at - 3));
    } else if (xml.startsWith('<?', open)) {
      at = after(xml, '?>', open + 2);
    } else if (xml.startsWith('</', open)) {
      at = after(xml, '>', open + 2);
      const closed = stack.pop();
      if (closed) closed.element.text = closed.texts.join('').trim();
    } else {
      const end = tagEnd(xml, open);
      const isEmpty = xml.charCodeAt(end - 1) === 47; // '/'
      const element = startTag(xml.slice(open + 1, isEmpty ? end - 1 : end));
      if (current) current.element.children.push(element);
      else root ??= element;
      if (!isEmpty) {
        if (stack.length >= MAX_XML_DEPTH) {
          throw new PaymentsFileError('errors.payments.xml.tooDeep', [MAX_XML_DEPTH]);
        }
        stack.push({ element, texts: [] });
      }
      at = end + 1;
    }
  }
  if (!root) throw new PaymentsFileError('errors.payments.xml.malformed', [0, 'no root element']);
  return root;
}

function startTag(tag: string): Open['element'] {
  const nameEnd = tag.search(/[\s/]|$/);
  const name = tag.slice(0, nameEnd);
  // No prototype: an attribute named __proto__ or constructor is just a name here.
  const attributes = Object.create(null) as Record<string, string>;
  if (nameEnd < tag.length) {
    for (const [, qualified = '', doubleQuoted, singleQuoted] of tag
      .slice(nameEnd)
      .matchAll(ATTRIBUTE)) {
      if (qualified === 'xmlns' || qualified.startsWith('xmlns:')) continue;
      attributes[localName(qualified)] = decodeReferences(doubleQuoted ?? singleQuoted ?? '');
    }
  }
  return { name: localName(name), attributes, text: '', children: [] };
}

/**
 * The index just past the marker; the end of the text when it is missing (the validator has
 * passed the text, but a loop that cannot go back cannot hang either).
 */
function after(xml: string, marker: string, from: number): number {
  const end = xml.indexOf(marker, from);
  return end < 0 ? xml.length : end + marker.length;
}

const localName = (qualified: string): string => qualified.slice(qualified.indexOf(':') + 1);

/** The index of the '>' closing the tag at open; a '>' inside a quoted value does not. */
function tagEnd(xml: string, open: number): number {
  let quote = 0;
  for (let at = open + 1; at < xml.length; at++) {
    const char = xml.charCodeAt(at);
    if (quote !== 0) {
      if (char === quote) quote = 0;
    } else if (char === 34 || char === 39) {
      quote = char;
    } else if (char === 62) {
      return at;
    }
  }
  return xml.length;
}
