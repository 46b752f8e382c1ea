import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FILE_KINDS } from './file-kinds';
import { SNIFF_BYTES, sniffFileType } from './file-type';
import { docx, ole, odf, zip } from './fixtures/builders';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const xml = (text: string) => Buffer.from(text, 'utf8');
const sniff = (head: Buffer, name = 'file') => sniffFileType(head, name);

describe('sniffing files by their content', () => {
  it.each([
    ['sample.pdf', 'pdf', 'application/pdf', 'pdf'],
    ['sample.png', 'png', 'image/png', 'png'],
    ['sample.jpg', 'jpeg', 'image/jpeg', 'jpg'],
    ['sample.tif', 'tiff', 'image/tiff', 'tif'],
    [
      'sample.docx',
      'docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'docx',
    ],
    [
      'sample.xlsx',
      'xlsx',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'xlsx',
    ],
    ['sample.odt', 'odt', 'application/vnd.oasis.opendocument.text', 'odt'],
    ['sample.ods', 'ods', 'application/vnd.oasis.opendocument.spreadsheet', 'ods'],
    ['sample.csv', 'csv', 'text/csv', 'csv'],
  ])('tells %s as %s', (name, kind, mime, extension) => {
    expect(sniff(fixture(name), name)).toEqual({ kind, mime, extension });
  });

  it('tells a big-endian TIFF by its MM header', () => {
    const head = Buffer.concat([
      Buffer.from('MM\x00*\x00\x00\x00\x08', 'latin1'),
      Buffer.alloc(64),
    ]);
    expect(sniff(head).kind).toBe('tiff');
  });

  it('goes by the content, never by the name', () => {
    expect(sniff(fixture('sample.pdf'), 'photo.png').kind).toBe('pdf');
    expect(sniff(fixture('sample.png'), 'invoice.pdf').kind).toBe('png');
    expect(sniff(fixture('sample.docx'), 'table.xlsx').kind).toBe('docx');
    expect(sniff(Buffer.from('%PDF'), 'invoice.pdf').kind).not.toBe('pdf');
  });

  it('reads no further than SNIFF_BYTES', () => {
    const head = Buffer.concat([Buffer.alloc(SNIFF_BYTES, 'a'), Buffer.alloc(10, 0)]);
    expect(sniff(head).kind).toBe('text');
  });

  it('calls an empty file unknown', () => {
    expect(sniff(Buffer.alloc(0))).toMatchObject({ kind: 'unknown', reason: 'empty' });
  });
});

describe('e-invoices', () => {
  it.each([
    ['eslog20_constructed_minimal_invoice.xml', 'eslog20', 'Invoice', 'urn:eslog:2.00'],
    [
      'BIS3_Invoice_positive.xml',
      'ubl',
      'Invoice',
      'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
    ],
    [
      'ubl-tc434-example1.xml',
      'ubl',
      'Invoice',
      'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
    ],
    [
      'CII_example1.xml',
      'cii',
      'CrossIndustryInvoice',
      'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
    ],
  ])('tells %s as %s by its root element', (name, einvoiceFormat, rootElement, namespace) => {
    expect(sniff(fixture(name), name)).toEqual({
      kind: 'einvoice-xml',
      einvoiceFormat,
      rootElement,
      namespace,
      mime: 'application/xml',
      extension: 'xml',
    });
  });

  it('tells e-SLOG 1.6 by its root without a namespace', () => {
    const head = xml(
      '<?xml version="1.0" encoding="windows-1250"?>\n' +
        '<IzdaniRacunEnostavni xmlns:ds="http://www.w3.org/2000/09/xmldsig#" ' +
        'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
        "xsi:noNamespaceSchemaLocation='eSLOG_1-6_EnostavniRacun.xsd'>" +
        '<Racun Id="data"><GlavaRacuna><VrstaRacuna>380</VrstaRacuna></GlavaRacuna></Racun>' +
        '</IzdaniRacunEnostavni>',
    );
    expect(sniff(head)).toMatchObject({ kind: 'einvoice-xml', einvoiceFormat: 'eslog16' });
  });

  it('tells a UBL credit note, after a BOM, a comment and a processing instruction', () => {
    const head = xml(
      '\ufeff\n<!-- dobropis -->\n<?xml-stylesheet type="text/xsl" href="view.xsl"?>\n' +
        '<ubl:CreditNote xmlns:ubl="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2">' +
        '<cbc:ID>D-1</cbc:ID></ubl:CreditNote>',
    );
    expect(sniff(head)).toMatchObject({
      kind: 'einvoice-xml',
      einvoiceFormat: 'ubl',
      rootElement: 'CreditNote',
    });
  });

  it('does not take a root of the right name in another namespace for an e-invoice', () => {
    expect(sniff(xml('<Invoice xmlns="urn:example:invoice"><ID>1</ID></Invoice>'))).toMatchObject({
      kind: 'xml',
      rootElement: 'Invoice',
      namespace: 'urn:example:invoice',
    });
    expect(sniff(xml('<?xml version="1.0"?><Invoice><ID>1</ID></Invoice>')).kind).toBe('xml');
  });

  it('tells other XML as xml, also when its root is beyond the head', () => {
    const pain = fixture('eslog20_constructed_minimal_invoice.xml')
      .toString()
      .replace(
        '<Invoice xmlns="urn:eslog:2.00"',
        '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"',
      );
    expect(sniff(xml(pain))).toMatchObject({ kind: 'xml', rootElement: 'Document' });
    const longComment = `<?xml version="1.0"?>\n<!-- ${'x'.repeat(SNIFF_BYTES)} -->\n<a/>`;
    expect(sniff(xml(longComment))).toMatchObject({ kind: 'xml', rootElement: '' });
  });
});

describe('XML that is refused', () => {
  it.each([
    [
      'a DOCTYPE',
      '<?xml version="1.0"?>\n<!DOCTYPE Invoice SYSTEM "http://example.com/x.dtd">\n<Invoice/>',
    ],
    [
      'an entity',
      '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><r>&xxe;</r>',
    ],
    ['a DOCTYPE without a declaration', '<!doctype html><html><body>Račun</body></html>'],
    ['a DOCTYPE after the root', '<Invoice xmlns="urn:eslog:2.00"></Invoice><!DOCTYPE x>'],
  ])('refuses XML with %s', (_what, text) => {
    expect(sniff(xml(text))).toMatchObject({ kind: 'unknown', reason: 'xml-doctype' });
  });

  it('refuses HTML and SVG, which browsers run scripts in', () => {
    expect(sniff(xml('<html><script>alert(1)</script></html>'))).toMatchObject({
      kind: 'unknown',
      reason: 'active-content',
    });
    const svg = '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script/></svg>';
    expect(sniff(xml(svg))).toMatchObject({ kind: 'unknown', reason: 'active-content' });
  });
});

describe('office packages', () => {
  it('tells OOXML by its folders also when the sizes follow the data', () => {
    const files = [
      { name: '[Content_Types].xml', data: '<Types/>' },
      { name: 'ppt/presentation.xml', data: '<p:presentation/>' },
    ];
    expect(sniff(zip(files)).kind).toBe('pptx');
    expect(sniff(zip(files, { sizesAfterData: true })).kind).toBe('pptx');
  });

  it('needs [Content_Types].xml when the whole listing is in the head', () => {
    const parts = [{ name: 'word/document.xml', data: 'x'.repeat(2000), isStored: true }];
    const withTypesLast = zip([...parts, { name: '[Content_Types].xml', data: '<Types/>' }]);
    expect(sniff(withTypesLast).kind).toBe('docx');
    expect(sniff(zip(parts))).toMatchObject({ kind: 'unknown', reason: 'unrecognised' });
    // Cut before [Content_Types].xml: it may still come.
    expect(sniff(withTypesLast.subarray(0, 1500)).kind).toBe('docx');
  });

  it('refuses an OOXML package with macros and a ZIP of anything else', () => {
    const macros = zip([
      { name: '[Content_Types].xml', data: '<Types/>' },
      { name: 'word/document.xml', data: '<w:document/>' },
      { name: 'word/vbaProject.bin', data: Buffer.alloc(10) },
    ]);
    expect(sniff(macros, 'letter.docx')).toMatchObject({ kind: 'unknown', reason: 'macros' });
    expect(sniff(zip([{ name: 'invoice.pdf', data: 'x' }]))).toMatchObject({ kind: 'unknown' });
    const presentation = odf('application/vnd.oasis.opendocument.presentation', '');
    expect(sniff(presentation)).toMatchObject({ kind: 'unknown', reason: 'unrecognised' });
  });

  it('tells a generated docx built with deflated entries', () => {
    expect(sniff(docx('Račun'), 'dopis').kind).toBe('docx');
  });
});

describe('old office files (OLE2)', () => {
  it('tells doc and xls by their streams, whatever the name', () => {
    expect(sniff(ole(['WordDocument', '1Table']), 'table.xls').kind).toBe('doc');
    expect(sniff(ole(['Workbook']), 'letter.doc').kind).toBe('xls');
    expect(sniff(ole(['Book']), 'x').kind).toBe('xls');
  });

  it('lets the extension decide when the directory is beyond the head', () => {
    const header = ole(['WordDocument']).subarray(0, 512);
    expect(sniff(header, 'Račun.DOC').kind).toBe('doc');
    expect(sniff(header, 'Račun.xls').kind).toBe('xls');
    expect(sniff(header, 'Račun.ppt')).toMatchObject({ kind: 'unknown', reason: 'unrecognised' });
    expect(sniff(header, 'Račun')).toMatchObject({ kind: 'unknown' });
  });

  it('refuses PowerPoint under a doc name and password-protected packages', () => {
    expect(sniff(ole(['PowerPoint Document']), 'x.doc').kind).toBe('unknown');
    expect(sniff(ole(['EncryptionInfo', 'EncryptedPackage']), 'plače.xlsx')).toMatchObject({
      kind: 'unknown',
      reason: 'encrypted',
    });
  });
});

describe('text and CSV', () => {
  it('tells text from CSV by consistent fields', () => {
    expect(sniff(xml('Plačilo za račun št. 12.\nHvala, Žiga.\n')).kind).toBe('text');
    expect(sniff(xml('a,b\n1,2\n')).kind).toBe('csv');
    expect(sniff(xml('a\tb\tc\r\n1\t2\t3')).kind).toBe('csv');
    expect(sniff(xml('naziv;opis\n"Žaga; d.o.o.";"vrstica 1\nvrstica 2"\n')).kind).toBe('csv');
    expect(sniff(xml('a;b;c\n')).kind).toBe('text');
    expect(sniff(xml('a;b\n1;2;3\n')).kind).toBe('text');
  });

  it('refuses bytes that are not UTF-8 text', () => {
    expect(sniff(Buffer.from('Žaga\0d.o.o.', 'utf8')).kind).toBe('unknown');
    // "Šola" in Windows-1250: 0x8a is no UTF-8 start byte.
    expect(sniff(Buffer.from([0x8a, 0x6f, 0x6c, 0x61])).kind).toBe('unknown');
    expect(sniff(Buffer.from('tekst\x1b[31m', 'latin1')).kind).toBe('unknown');
  });

  it('accepts a character cut in two by the end of the head', () => {
    const text = Buffer.from('č'.repeat(SNIFF_BYTES), 'utf8');
    expect(sniff(text.subarray(0, SNIFF_BYTES - 1)).kind).toBe('text');
  });
});

describe('any bytes', () => {
  const prefixes = [
    '',
    'PK\x03\x04',
    '\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1',
    '<?xml ',
    '<a ',
    '\xef\xbb\xbf<',
    '%PDF-',
  ].map((prefix) => Buffer.from(prefix, 'latin1'));

  it('never throws and always returns a kind', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...prefixes),
        fc.uint8Array({ maxLength: 2048 }),
        fc.string(),
        (prefix, bytes, name) => {
          const type = sniffFileType(Buffer.concat([prefix, bytes]), name);
          expect(FILE_KINDS).toContain(type.kind);
          expect(type.mime).toMatch(/^[a-z]+\/[\w.+-]+$/);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
