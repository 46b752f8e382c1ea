/**
 * An XML text laid out one element per line and indented, for reading an e-invoice in the
 * preview. Text already laid out in lines is left as it is.
 */
export function formatXml(xml: string): string {
  const text = xml.trim();
  if (/>[ \t]*\r?\n\s*</.test(text)) return text;
  let depth = 0;
  return text
    .replace(/>\s*</g, '>\n<')
    .split('\n')
    .map((token) => {
      const isClosing = token.startsWith('</');
      const isDeclaration = token.startsWith('<?') || token.startsWith('<!');
      const isLeaf = token.endsWith('/>') || /^<([^\s>/]+)[^>]*>.*<\/\1>$/.test(token);
      const isOpening = token.startsWith('<') && !isClosing && !isDeclaration && !isLeaf;
      if (isClosing) depth = Math.max(0, depth - 1);
      const line = '  '.repeat(depth) + token;
      if (isOpening) depth += 1;
      return line;
    })
    .join('\n');
}
