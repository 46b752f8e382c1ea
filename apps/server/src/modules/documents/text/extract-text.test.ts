import { describe, expect, it } from 'vitest';
import { docx, odf, zip } from '../../files/fixtures/builders';
import { DEFAULT_MAX_CHARS, extractText } from './extract-text';
import { fixture, pagesPdf, scannedPdf, unicodePdf } from './test-pdfs';

const xml = (text: string) => extractText('xml', Buffer.from(text));

describe('text of a PDF', () => {
  it('reads the text layer with its accents, whitespace collapsed', async () => {
    const pdf = await unicodePdf([
      'Račun št. 2026-0042   Šumi d.o.o.',
      'Znesek: 1.234,50 EUR (Žiga)',
    ]);
    await expect(extractText('pdf', pdf)).resolves.toBe(
      'Račun št. 2026-0042 Šumi d.o.o. Znesek: 1.234,50 EUR (Žiga)',
    );
  });

  it('reads every page in order from a PDF made with pdf-lib', async () => {
    const pdf = await pagesPdf(['Racun st. 2026-0042 Sumi d.o.o.', 'Page two', 'Page three']);
    await expect(extractText('pdf', pdf)).resolves.toBe(
      'Racun st. 2026-0042 Sumi d.o.o. Page two Page three',
    );
  });

  it('gives no text for a scan: a page with only an image', async () => {
    await expect(extractText('pdf', await scannedPdf())).resolves.toBe('');
  });

  it('gives no text, without throwing, for a broken, a cut, an empty and a locked PDF', async () => {
    const whole = await pagesPdf(['Cut short']);
    const locked = await unicodePdf(['Skrivnost'], 'geslo');
    const inputs = [
      Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> garbage'),
      whole.subarray(0, whole.length / 2),
      Buffer.alloc(0),
      locked,
    ];
    for (const input of inputs) await expect(extractText('pdf', input)).resolves.toBe('');
  });

  it('stops at maxChars, and keeps the pages read when the time limit runs out', async () => {
    const texts = Array.from({ length: 30 }, (_, n) => `Page ${n + 1} of the long document`);
    const pdf = await pagesPdf(texts);
    const full = await extractText('pdf', pdf);
    expect(full).toBe(texts.join(' '));
    await expect(extractText('pdf', pdf, { maxChars: 12 })).resolves.toBe('Page 1 of th');
    const hurried = await extractText('pdf', pdf, { timeLimitMs: 1 });
    expect(full.startsWith(hurried)).toBe(true);
    expect(hurried.length).toBeLessThan(full.length);
  });
});

describe('text of XML', () => {
  it.each([
    ['eslog20_constructed_minimal_invoice.xml', '2025-000123', 'Dobavitelj d.o.o.'],
    ['ubl-tc434-example1.xml', '12115118', 'De Koksmaat'],
    ['BIS3_Invoice_positive.xml', '12345', 'Company A'],
    ['CII_example1.xml', '12115118', 'De Koksmaat'],
  ])('reads the number and the seller of the e-invoice %s', async (name, number, seller) => {
    const text = await extractText('einvoice-xml', fixture(name));
    expect(text).toContain(number);
    expect(text).toContain(seller);
    expect(text).not.toMatch(/<|\n|\s{2}/);
  });

  it('refuses XML with a DOCTYPE or an entity declaration: no text at all', async () => {
    await expect(
      xml('<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x "boom">]><r>&x; a</r>'),
    ).resolves.toBe('');
    await expect(
      xml('<!-- note --><!doctype r SYSTEM "http://example.test/r.dtd"><r>a</r>'),
    ).resolves.toBe('');
    await expect(xml('<r>a</r><!ENTITY y "b">')).resolves.toBe('');
  });

  it('decodes the five predefined entities and character references, and nothing else', async () => {
    await expect(
      xml(
        '<r a="x &amp; y">&lt;Šumi&gt; &quot;&apos; &#269;&#x161;&#x17E; &nbsp; &#0; &#xD800;</r>',
      ),
    ).resolves.toBe('x & y <Šumi> "\' čšž &nbsp;');
  });

  it('reads CDATA and attribute values but no comments, instructions or namespaces', async () => {
    const text = await xml(
      '<?xml version="1.0"?><r xmlns="urn:x" xmlns:p="urn:p" xsi:schemaLocation="urn:x x.xsd">' +
        "<!-- hidden --><?pi hidden?><p:name lang='sl'>Žaga</p:name><![CDATA[a < b & c]]>" +
        '<amount currencyID="EUR">1234.50</amount></r>',
    );
    expect(text).toBe('sl Žaga a < b & c EUR 1234.50');
  });

  it('decodes the encoding the declaration names', async () => {
    const bytes = Buffer.from(
      '<?xml version="1.0" encoding="windows-1250"?><r>Ra\xe8un \x8aumi</r>',
      'latin1',
    );
    await expect(extractText('xml', bytes)).resolves.toBe('Račun Šumi');
  });

  it('leaves out an embedded attachment in base64', async () => {
    const base64 = Buffer.alloc(600, 7).toString('base64').replace(/.{76}/g, '$&\n');
    const text = await xml(
      `<r><n>R-1</n><EmbeddedDocumentBinaryObject mimeCode="application/pdf">${base64}</EmbeddedDocumentBinaryObject></r>`,
    );
    expect(text).toBe('R-1 application/pdf');
  });
});

describe('text of office files', () => {
  it('reads a DOCX, runs of one word joined and paragraphs apart', async () => {
    await expect(extractText('docx', fixture('sample.docx'))).resolves.toBe(
      'Spremni dopis k računu št. 12',
    );
    const document =
      '<w:document xmlns:w="urn:w"><w:body><w:p><w:r><w:t>Ra</w:t></w:r><w:r><w:t>čun</w:t></w:r>' +
      '<w:r><w:tab/><w:t>2026-0042</w:t></w:r><w:r><w:instrText>PAGE</w:instrText></w:r></w:p>' +
      '<w:p><w:r><w:t>Šumi</w:t></w:r></w:p></w:body></w:document>';
    const footer = '<w:ftr xmlns:w="urn:w"><w:p><w:r><w:t>Stran 1</w:t></w:r></w:p></w:ftr>';
    const file = zip(
      [
        { name: 'word/document.xml', data: document },
        { name: 'word/footer1.xml', data: footer },
        { name: 'word/styles.xml', data: '<w:styles><w:t>Not text</w:t></w:styles>' },
      ],
      { sizesAfterData: true },
    );
    await expect(extractText('docx', file)).resolves.toBe('Račun 2026-0042 Šumi Stran 1');
  });

  it('reads the strings and values of an XLSX, not the indexes of its shared strings', async () => {
    // Parts in the order the package lists them: ExcelJS writes the sheet first.
    await expect(extractText('xlsx', fixture('sample.xlsx'))).resolves.toBe(
      '123.45 Dobavitelj Znesek Žaga d.o.o.',
    );
  });

  it('reads the paragraphs of an ODT and gives an empty ODS no text', async () => {
    await expect(extractText('odt', fixture('sample.odt'))).resolves.toBe('Dopis');
    await expect(extractText('ods', fixture('sample.ods'))).resolves.toBe('');
    const text = 'urn:oasis:names:tc:opendocument:xmlns:text:1.0';
    const body = `<office:text><text:p xmlns:text="${text}">Prva<text:tab/>vrstica</text:p><text:p xmlns:text="${text}">Druga</text:p></office:text>`;
    await expect(
      extractText('odt', odf('application/vnd.oasis.opendocument.text', body)),
    ).resolves.toBe('Prva vrstica Druga');
  });

  it('gives a damaged package and a lone word/document.xml no text', async () => {
    await expect(extractText('docx', docx('Beseda').subarray(0, 40))).resolves.toBe('');
    await expect(extractText('docx', Buffer.from('<w:t>x</w:t>'))).resolves.toBe('');
  });
});

describe('text of other files', () => {
  it('reads text and CSV as UTF-8, whitespace collapsed', async () => {
    await expect(extractText('csv', fixture('sample.csv'))).resolves.toBe(
      'Dobavitelj;Kraj;Znesek Žaga d.o.o.;Škofja Loka;123,45 Čebelar s.p.;Šentjur;7,00',
    );
    await expect(
      extractText('text', Buffer.from('\ufeff  Račun\t\r\n\u0000št.\u0007 12  ')),
    ).resolves.toBe('Račun št. 12');
  });

  it('gives images, DOC, XLS and unknown kinds no text (OCR is a later issue)', async () => {
    for (const [kind, name] of [
      ['png', 'sample.png'],
      ['jpeg', 'sample.jpg'],
      ['tiff', 'sample.tif'],
    ]) {
      await expect(extractText(kind ?? '', fixture(name ?? ''))).resolves.toBe('');
    }
    for (const kind of ['doc', 'xls', 'unknown', 'exe']) {
      await expect(extractText(kind, Buffer.from('Račun'))).resolves.toBe('');
    }
  });

  it('cuts the text at maxChars, 200,000 by default, never inside a character', async () => {
    const long = Buffer.from('beseda '.repeat(40_000));
    expect(await extractText('text', long)).toHaveLength(DEFAULT_MAX_CHARS);
    await expect(extractText('text', Buffer.from('ab😀cd'), { maxChars: 3 })).resolves.toBe('ab');
    await expect(
      extractText('xml', Buffer.from('<r>Šumi d.o.o.</r>'), { maxChars: 4 }),
    ).resolves.toBe('Šumi');
  });
});
