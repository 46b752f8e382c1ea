import { getDocument } from '../../../lib/pdfjs';
import { describe, expect, it } from 'vitest';
import { renderTextPage, textPagePdf, transliterate } from './text-page';

async function textOf(pdf: Buffer): Promise<string> {
  const loaded = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const content = await (await loaded.getPage(1)).getTextContent();
  await loaded.destroy();
  return content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
}

const page = { heading: 'Račun 2026/17', lines: ['Čebelar Šentjur đ.xml'], note: 'Žaga' };

describe('text page', () => {
  it('keeps č, š and ž with the font found on this host', async () => {
    const text = await textOf(await textPagePdf(page));
    expect(text).toContain('Račun 2026/17');
    expect(text).toContain('Čebelar Šentjur đ.xml');
  });

  it('writes letters without their marks when no Unicode font is found', async () => {
    const text = await textOf(await renderTextPage(page, undefined));
    expect(text).toContain('Racun 2026/17');
    expect(text).toContain('Cebelar Sentjur d.xml');
    expect(text).toContain('Zaga');
  });

  it('transliterates to printable ASCII', () => {
    expect(transliterate('Đuro Čačić, Ljubljana – 5 €')).toBe('Duro Cacic, Ljubljana ? 5 ?');
  });
});
