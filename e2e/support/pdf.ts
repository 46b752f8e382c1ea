/**
 * The text a PDF shows, page by page, one line per text item, as pdf.js (the legacy build
 * for Node, the one the server uses) reads its text layer: what a reader of the printed file
 * sees, without drawing it.
 */
export async function pdfText(content: Buffer): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const loaded = await getDocument({
    data: new Uint8Array(content),
    useSystemFonts: false,
    disableFontFace: true,
    isEvalSupported: false,
    verbosity: 0,
  }).promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= loaded.numPages; n++) {
      const page = await loaded.getPage(n);
      const text = await page.getTextContent();
      pages.push(text.items.map((item) => ('str' in item ? item.str : '')).join('\n'));
    }
    return pages.join('\n');
  } finally {
    await loaded.destroy();
  }
}
