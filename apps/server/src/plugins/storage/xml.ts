/**
 * The little XML that S3 answers with (ListBucketResult, Error): elements, text, the five
 * named entities and character references. Attributes are skipped; a DOCTYPE is refused, so
 * no entity can expand.
 */
export interface XmlElement {
  name: string;
  children: XmlElement[];
  text: string;
}

export class XmlError extends Error {
  override name = 'XmlError';
}

const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

export function decodeEntities(text: string): string {
  return text.replace(/&([^;&]*);?/g, (whole, entity: string) => {
    if (!whole.endsWith(';')) throw new XmlError(`unterminated entity ${JSON.stringify(whole)}`);
    const named = NAMED[entity];
    if (named !== undefined) return named;
    const code = /^#x[0-9a-f]+$/i.test(entity)
      ? parseInt(entity.slice(2), 16)
      : /^#[0-9]+$/.test(entity)
        ? parseInt(entity.slice(1), 10)
        : NaN;
    if (!Number.isInteger(code) || code > 0x10ffff) {
      throw new XmlError(`unknown entity &${entity};`);
    }
    return String.fromCodePoint(code);
  });
}

/** The root element of a document; XmlError when it is not well formed. */
export function parseXml(source: string): XmlElement {
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let at = source.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (at < source.length) {
    const open = source.indexOf('<', at);
    const text = source.slice(at, open < 0 ? source.length : open);
    const current = stack.at(-1);
    if (current) current.text += decodeEntities(text);
    else if (text.trim() !== '') throw new XmlError('text outside the root element');
    if (open < 0) break;
    at = readMarkup(source, open, stack, (element) => {
      if (root) throw new XmlError('more than one root element');
      root = element;
    });
  }
  if (stack.length > 0) throw new XmlError(`<${stack.at(-1)?.name}> is not closed`);
  if (!root) throw new XmlError('no root element');
  return root;
}

/** Reads the markup that starts at `open`, returns the index after it. */
function readMarkup(
  source: string,
  open: number,
  stack: XmlElement[],
  onRoot: (element: XmlElement) => void,
): number {
  const skipTo = (end: string) => {
    const close = source.indexOf(end, open);
    if (close < 0) throw new XmlError(`unterminated ${source.slice(open, open + 9)}`);
    return close + end.length;
  };
  if (source.startsWith('<?', open)) return skipTo('?>');
  if (source.startsWith('<!--', open)) return skipTo('-->');
  if (source.startsWith('<![CDATA[', open)) {
    const end = skipTo(']]>');
    const current = stack.at(-1);
    if (!current) throw new XmlError('CDATA outside the root element');
    current.text += source.slice(open + 9, end - 3);
    return end;
  }
  if (source.startsWith('<!', open)) throw new XmlError('DOCTYPE and declarations are refused');
  const end = tagEnd(source, open);
  const tag = source.slice(open + 1, end);
  if (tag.startsWith('/')) {
    const name = tag.slice(1).trim();
    const element = stack.pop();
    if (element?.name !== name) throw new XmlError(`unexpected </${name}>`);
    if (stack.length === 0) onRoot(element);
    return end + 1;
  }
  const name = /^[^\s/>]+/.exec(tag)?.[0];
  if (!name) throw new XmlError('element without a name');
  const element: XmlElement = { name, children: [], text: '' };
  stack.at(-1)?.children.push(element);
  if (tag.endsWith('/')) {
    if (stack.length === 0) onRoot(element);
  } else {
    stack.push(element);
  }
  return end + 1;
}

/** The '>' that closes the tag at `open`, skipping quoted attribute values. */
function tagEnd(source: string, open: number): number {
  let quote = '';
  for (let i = open + 1; i < source.length; i++) {
    const c = source[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === '>') {
      return i;
    }
  }
  throw new XmlError('unterminated tag');
}

export function childrenNamed(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter((c) => c.name === name);
}

export function childText(element: XmlElement, name: string): string | undefined {
  return element.children.find((c) => c.name === name)?.text;
}
