import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type PDFKitDocument from 'pdfkit';
import { formatDate, formatNumber } from '@listina/forms';
import type { DocTypeCode, PlannedDocument, PlannedLine } from './demo-document-plan';

/**
 * The PDFs of the demo documents (issue 5): a one-page invoice as a Slovenian supplier would
 * send it, and a delivery note to go with some. DejaVu Sans, because the 14 standard PDF fonts
 * have no č; pdfkit embeds only the glyphs a file uses, so each stays a few kilobytes.
 */

/** The organisation the invoice is made out to. */
export interface Buyer {
  name: string;
  address: string;
  postCode: string;
  town: string;
  taxNumber: string;
}

export interface RenderedFile {
  content: Buffer;
  /** The text the page shows, line by line: the file's searchable text. */
  text: string;
}

const require = createRequire(import.meta.url);

/*
 * Hundreds of invoices are drawn in the background, so what pdfkit would repeat for every
 * document is done once, through two of its internals (pdfkit 0.20.2, pinned):
 * - it takes a parsed fontkit font where its types name only paths and bytes
 *   (PDFFontFactory.open): DejaVu is parsed once, not for every document;
 * - a document's font keeps the shapes of the words it laid out in `layoutCache`: the
 *   documents share one cache per face, so a word is shaped once for all of them.
 * Together about eight times faster. But fontkit keeps each glyph with the characters it was
 * first reached from, and pdfkit maps glyphs back to text by them: a glyph first reached as a
 * part of another (S, a component of Š, when a document's font is subset) would read as
 * nothing in every later document. So every character the demo writes is laid out once, when
 * a face is loaded.
 */

interface Face {
  font: PDFKit.Mixins.PDFFontSource;
  layoutCache: object;
}

interface Toolkit {
  PDFDocument: typeof PDFKitDocument;
  regular: Face;
  bold: Face;
}

/** Latin-1 and Latin Extended-A (č, ć, đ, š, ž and their neighbours) and typographic marks. */
const REPERTOIRE = [
  [0x20, 0x7e],
  [0xa0, 0x17f],
  [0x2010, 0x2026],
  [0x20ac, 0x20ac],
]
  .flatMap(([from = 0, to = 0]) =>
    Array.from({ length: to - from + 1 }, (_, i) => String.fromCharCode(from + i)),
  )
  .join('');

let toolkit: Toolkit | undefined;

/**
 * pdfkit and the two DejaVu faces, on first use rather than at start-up (loading pdfkit costs
 * a few hundred milliseconds). Through require, so that the fontkit here is the copy pdfkit uses.
 */
function loadToolkit(): Toolkit {
  if (toolkit) return toolkit;
  const PDFDocument = require('pdfkit') as typeof PDFKitDocument;
  const fontkit = createRequire(require.resolve('pdfkit'))('fontkit') as {
    create(data: Buffer): { layout(text: string): unknown };
  };
  const face = (file: string): Face => {
    const font = fontkit.create(readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`)));
    font.layout(REPERTOIRE);
    return { font: font as unknown as Face['font'], layoutCache: Object.create(null) as object };
  };
  toolkit = { PDFDocument, regular: face('DejaVuSans.ttf'), bold: face('DejaVuSans-Bold.ttf') };
  return toolkit;
}

const INK = '#1a1a1a';
const GREY = '#666666';
const RULE = '#bbbbbb';
const LEFT = 50;
const RIGHT = 545;

interface CellOptions {
  bold?: boolean;
  size?: number;
  color?: string;
  /** Right-aligned in this width from x. */
  right?: number;
}

/** A page being drawn, which remembers every string for the file's text. */
function startPage(info: { title: string; author: string; date: string }) {
  const { PDFDocument, regular, bold } = loadToolkit();
  const doc = new PDFDocument({
    size: 'A4',
    margin: LEFT,
    // No default font: pdfkit would parse Helvetica's metrics for every document.
    font: '',
    info: {
      Title: info.title,
      Author: info.author,
      Creator: `${info.author} – e-računi`,
      CreationDate: new Date(`${info.date}T08:00:00Z`),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  for (const [name, face] of [
    ['regular', regular],
    ['bold', bold],
  ] as const) {
    doc.registerFont(name, face.font);
    doc.font(name);
    (doc as unknown as { _font: { layoutCache: object } })._font.layoutCache = face.layoutCache;
  }
  const texts: string[] = [];

  const cell = (value: string, x: number, y: number, o: CellOptions = {}) => {
    doc
      .font(o.bold ? 'bold' : 'regular')
      .fontSize(o.size ?? 9)
      .fillColor(o.color ?? INK);
    const left = o.right === undefined ? x : x + o.right - doc.widthOfString(value);
    doc.text(value, left, y, { lineBreak: false });
    texts.push(value);
  };
  const paragraph = (value: string, y: number, o: CellOptions = {}) => {
    doc
      .font(o.bold ? 'bold' : 'regular')
      .fontSize(o.size ?? 9)
      .fillColor(o.color ?? INK);
    doc.text(value, LEFT, y, { width: RIGHT - LEFT });
    texts.push(value);
    return doc.y;
  };
  const rule = (y: number, from = LEFT, to = RIGHT) =>
    doc.moveTo(from, y).lineTo(to, y).lineWidth(0.6).strokeColor(RULE).stroke();
  const band = (y: number, height: number) =>
    doc
      .rect(LEFT, y, RIGHT - LEFT, height)
      .fill('#eeeeee')
      .fillColor(INK);
  const finish = async (): Promise<RenderedFile> => {
    doc.end();
    await ended;
    return { content: Buffer.concat(chunks), text: texts.join('\n') };
  };
  return { cell, paragraph, rule, band, finish };
}
type Page = ReturnType<typeof startPage>;

/** Euros of an amount in cents as the invoice prints them: 1.234,56 €. */
export const euros = (cents: number) => `${formatNumber((cents / 100).toFixed(2))} €`;

const price = (line: PlannedLine) =>
  formatNumber((line.price / 10_000).toFixed(line.places), { places: line.places });

const rateText = (vat: string) => `${vat.replace('.', ',')} %`;

export const formatIban = (iban: string) => iban.replace(/(.{4})/g, '$1 ').trim();

export const TITLES: Record<DocTypeCode, string> = {
  INV: 'RAČUN',
  CN: 'DOBROPIS',
  ADV: 'AVANSNI RAČUN',
  OTH: 'PREDRAČUN',
};

const INTROS: Record<DocTypeCode, [services: string, goods: string]> = {
  INV: ['Za opravljene storitve vam zaračunavamo:', 'Za dobavljeno blago vam zaračunavamo:'],
  CN: ['Za vrnjeno blago vam priznavamo dobropis:', 'Za vrnjeno blago vam priznavamo dobropis:'],
  ADV: [
    'Za naročene storitve vam zaračunavamo avans:',
    'Za naročeno blago vam zaračunavamo avans:',
  ],
  OTH: [
    'Na vaše povpraševanje vam pošiljamo predračun:',
    'Na vaše povpraševanje vam pošiljamo predračun:',
  ],
};

const NOTES = [
  'Hvala za zaupanje! Reklamacije upoštevamo v osmih dneh po prejemu računa.',
  'Za zamudo pri plačilu zaračunavamo zakonske zamudne obresti.',
  'Pri plačilu obvezno navedite sklic. Vprašanja o računu pošljite na računovodstvo@dobavitelj.si.',
];

function header(page: Page, doc: PlannedDocument, title: string, number: string) {
  const s = doc.supplier;
  page.cell(s.name, LEFT, 50, { bold: true, size: 14 });
  page.cell(s.address, LEFT, 72, { color: GREY });
  page.cell(`${s.postCode} ${s.town}`, LEFT, 84, { color: GREY });
  page.cell(`ID za DDV: ${s.vatId}`, LEFT, 96, { color: GREY });
  if (s.iban) page.cell(`TRR: ${formatIban(s.iban)} (${s.bankName})`, LEFT, 108, { color: GREY });
  page.cell(title, 300, 48, { bold: true, size: 18, right: RIGHT - 300 });
  page.cell(`št. ${number}`, 300, 72, { bold: true, size: 11, right: RIGHT - 300 });
}

function dates(page: Page, rows: [string, string][]) {
  rows.forEach(([label, value], i) => {
    page.cell(label, 360, 94 + i * 12, { color: GREY });
    page.cell(value, 460, 94 + i * 12, { right: RIGHT - 460 });
  });
}

function buyerBlock(page: Page, buyer: Buyer, y: number) {
  page.rule(y - 12);
  page.cell('KUPEC', LEFT, y, { size: 7, color: GREY });
  page.cell(buyer.name, LEFT, y + 11, { bold: true, size: 11 });
  page.cell(buyer.address, LEFT, y + 27);
  page.cell(`${buyer.postCode} ${buyer.town}`, LEFT, y + 39);
  page.cell(`ID za DDV: ${buyer.taxNumber}`, LEFT, y + 51);
}

const COLUMNS = { no: 52, text: 72, quantity: 262, unit: 318, price: 346, vat: 412, amount: 455 };

function lineTable(page: Page, lines: PlannedLine[], y: number, withPrices: boolean) {
  page.band(y, 18);
  const head = (text: string, x: number, right?: number) =>
    page.cell(text, x, y + 5, { bold: true, size: 8, ...(right ? { right } : {}) });
  head('#', COLUMNS.no);
  head('Opis', COLUMNS.text);
  head('Količina', COLUMNS.quantity - 20, 70);
  head('EM', COLUMNS.unit);
  if (withPrices) {
    head('Cena brez DDV', COLUMNS.price - 10, 72);
    head('DDV', COLUMNS.vat, 36);
    head('Vrednost', COLUMNS.amount, RIGHT - COLUMNS.amount);
  }
  lines.forEach((line, i) => {
    const rowY = y + 26 + i * 20;
    page.cell(String(i + 1), COLUMNS.no, rowY);
    page.cell(line.text, COLUMNS.text, rowY);
    page.cell(formatNumber(line.quantity, { places: 0 }), COLUMNS.quantity - 20, rowY, {
      right: 70,
    });
    page.cell(line.unit, COLUMNS.unit, rowY);
    if (withPrices) {
      page.cell(price(line), COLUMNS.price - 10, rowY, { right: 72 });
      page.cell(rateText(line.vat), COLUMNS.vat, rowY, { right: 36 });
      page.cell(euros(line.amount), COLUMNS.amount, rowY, { right: RIGHT - COLUMNS.amount });
    }
  });
  const end = y + 26 + lines.length * 20;
  page.rule(end);
  return end;
}

function totals(page: Page, doc: PlannedDocument, y: number) {
  const x = 330;
  const row = (label: string, value: string, at: number, bold = false) => {
    page.cell(label, x, at, { bold, size: bold ? 11 : 9 });
    page.cell(value, x, at, { bold, size: bold ? 11 : 9, right: RIGHT - x });
  };
  let at = y + 10;
  for (const group of doc.vatGroups) {
    row(`Osnova za DDV ${rateText(group.vat)}`, euros(group.net), at);
    row(`DDV ${rateText(group.vat)}`, euros(group.tax), at + 13);
    at += 26;
  }
  page.rule(at + 2, x, RIGHT);
  const label =
    doc.type === 'CN' ? 'Skupaj dobropis' : doc.type === 'OTH' ? 'Skupaj' : 'Za plačilo';
  row(label, euros(doc.total), at + 9, true);
  return at + 30;
}

function payment(page: Page, doc: PlannedDocument, y: number) {
  if (doc.type === 'CN') {
    page.cell('Dobropis bomo upoštevali pri naslednjem računu.', LEFT, y + 10);
    return y + 24;
  }
  const rows = [
    ['Prejemnik', doc.supplier.name],
    ['IBAN', doc.iban ? formatIban(doc.iban) : ''],
    ['BIC', doc.bic ?? ''],
    ['Referenca', `${doc.referenceModel ?? ''} ${doc.reference ?? ''}`],
    ['Koda namena', doc.purposeCode ?? ''],
  ];
  page.cell('Podatki za plačilo', LEFT, y + 10, { bold: true });
  rows.forEach(([label = '', value = ''], i) => {
    page.cell(label, LEFT, y + 24 + i * 12, { color: GREY });
    page.cell(value, LEFT + 72, y + 24 + i * 12);
  });
  return y + 24 + rows.length * 12;
}

function footer(page: Page, doc: PlannedDocument) {
  const s = doc.supplier;
  page.rule(772);
  page.cell(`${s.name}, ${s.address}, ${s.postCode} ${s.town} · ID za DDV ${s.vatId}`, LEFT, 778, {
    size: 7,
    color: GREY,
  });
  page.cell(`Vpis: ${s.profile.court} · Osnovni kapital: 7.500,00 €`, LEFT, 788, {
    size: 7,
    color: GREY,
  });
}

/** The document's own PDF: its main file. */
export async function renderInvoice(doc: PlannedDocument, buyer: Buyer): Promise<RenderedFile> {
  const title = TITLES[doc.type];
  const page = startPage({
    title: `${title} ${doc.number}`,
    author: doc.supplier.name,
    date: doc.issueDate,
  });
  header(page, doc, title, doc.number);
  dates(page, [
    ['Datum izdaje:', formatDate(doc.issueDate)],
    ['Datum storitve:', formatDate(doc.issueDate)],
    ...(doc.dueDate ? [['Rok plačila:', formatDate(doc.dueDate)] as [string, string]] : []),
    ['Kraj izdaje:', doc.supplier.town],
  ]);
  buyerBlock(page, buyer, 165);
  const intro = INTROS[doc.type][doc.supplier.profile.isGoods ? 1 : 0];
  page.cell(intro, LEFT, 243);
  if (doc.corrects) page.cell(`Dobropis se nanaša na račun št. ${doc.corrects}.`, LEFT, 255);
  const tableEnd = lineTable(page, doc.lines, 271, true);
  const totalsEnd = totals(page, doc, tableEnd);
  const paymentEnd = payment(page, doc, tableEnd);
  let y = Math.max(totalsEnd, paymentEnd) + 24;
  const note = NOTES[[...doc.number].reduce((s, c) => s + c.charCodeAt(0), 0) % NOTES.length];
  y = page.paragraph(`Opomba: ${note ?? ''}`, y) + 6;
  page.paragraph('Račun je izdan v elektronski obliki in je veljaven brez žiga in podpisa.', y, {
    color: GREY,
    size: 8,
  });
  footer(page, doc);
  return page.finish();
}

/** A delivery note for goods: the lines without prices, with room for signatures. */
export async function renderDeliveryNote(
  doc: PlannedDocument,
  buyer: Buyer,
): Promise<RenderedFile> {
  const number = `D-${doc.number}`;
  const page = startPage({
    title: `Dobavnica ${number}`,
    author: doc.supplier.name,
    date: doc.issueDate,
  });
  header(page, doc, 'DOBAVNICA', number);
  dates(page, [
    ['Datum dobave:', formatDate(doc.issueDate)],
    ['K računu:', doc.number],
  ]);
  buyerBlock(page, buyer, 165);
  page.cell('Dobavili smo vam naslednje blago:', LEFT, 243);
  const end = lineTable(page, doc.lines, 271, false);
  page.cell('Blago izdal: ____________________', LEFT, end + 60);
  page.cell('Blago prevzel: ____________________', 320, end + 60);
  page.paragraph('Morebitne pripombe o količini ali poškodbah navedite ob prevzemu.', end + 90, {
    color: GREY,
    size: 8,
  });
  footer(page, doc);
  return page.finish();
}
