/** Text and attribute values for XML written by hand (no builder is installed, stack.md). */

// Characters XML 1.0 does not allow at all; a control character in a name is a typing slip.
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const SPECIAL = /[&<>"']/g;
const ENTITY: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

export function escapeXml(text: string): string {
  return text.replace(NOT_XML_CHAR, '').replace(SPECIAL, (char) => ENTITY[char] ?? char);
}

/** <Name>text</Name>, or nothing when there is no text. */
export function element(name: string, text: string | undefined): string {
  return text === undefined || text === '' ? '' : `<${name}>${escapeXml(text)}</${name}>`;
}

/** <Name>children</Name>, or nothing when there are no children. */
export function parent(name: string, ...children: string[]): string {
  const content = children.join('');
  return content === '' ? '' : `<${name}>${content}</${name}>`;
}
