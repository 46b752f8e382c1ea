/**
 * The rich-text editor stores HTML, which may come from anywhere (a paste, another client, the
 * server). Only this small allow-list of tags survives, and no attribute at all, so no script,
 * event handler, style or link can ride along.
 */
const ALLOWED_TAGS = new Set(['P', 'DIV', 'BR', 'B', 'STRONG', 'I', 'EM', 'U', 'UL', 'OL', 'LI']);

// Elements whose content is code or data, not text: dropped with everything inside them.
const DROPPED_TAGS = new Set([
  'SCRIPT',
  'STYLE',
  'TEMPLATE',
  'IFRAME',
  'OBJECT',
  'EMBED',
  'NOSCRIPT',
  'SVG',
  'MATH',
  'HEAD',
  'TITLE',
  'TEXTAREA',
  'SELECT',
]);

function copyChildren(from: Node, to: Node, document: Document): void {
  for (const child of Array.from(from.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      to.appendChild(document.createTextNode(child.textContent ?? ''));
    } else if (child.nodeType === Node.ELEMENT_NODE) {
      const tag = (child as Element).tagName.toUpperCase();
      if (DROPPED_TAGS.has(tag)) continue;
      if (ALLOWED_TAGS.has(tag)) {
        const copy = document.createElement(tag.toLowerCase());
        copyChildren(child, copy, document);
        to.appendChild(copy);
      } else {
        // An unknown wrapper (span, font, a …) keeps its text but not itself.
        copyChildren(child, to, document);
      }
    }
    // Comments, processing instructions and the like are left out.
  }
}

/** The HTML reduced to the allowed tags without attributes; '' when no text is left. */
export function sanitiseHtml(html: string | null | undefined): string {
  if (!html) return '';
  // A parsed document is inert: nothing in it runs or loads while it is walked.
  const source = new DOMParser().parseFromString(html, 'text/html');
  const target = document.implementation.createHTMLDocument('');
  const root = target.createElement('div');
  copyChildren(source.body, root, target);
  return root.textContent.trim() === '' ? '' : root.innerHTML;
}
