import { sql } from 'kysely';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableRecord } from '@listina/contract';
import {
  captureSettled,
  createTestApp,
  soleMember,
  type TestApp,
  uploadedDocument,
} from '../../../test/factories';
import { plannedInvoices, type UploadFile } from '../../../test/upload';

/**
 * Layout learning (issue 23): a supplier whose invoice labels capture does not understand
 * ("Belegkennung", "Kassenfrist") has its number and due date corrected once; its next
 * invoice is read where they stood, sure and highlighted. Undoing the correcting save forgets
 * where.
 */
let t: TestApp;
let headers: Record<string, string>;

const [planned] = plannedInvoices('layout-learning', 4);
if (!planned) throw new Error('no planned invoice');
const { supplier } = planned;

beforeAll(async () => {
  t = await createTestApp();
  ({ headers } = await soleMember(t, ['accountant']));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/cl/partner',
    headers,
    payload: {
      code: 'MUSTER',
      name: supplier.name,
      vatId: supplier.vatId,
      countryCode: 'SI',
      isActive: true,
      bankAccounts: [],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
}, 120_000);
afterAll(() => t.close());

/** The supplier's invoice: its own labels, the number and due date beside them. */
async function supplierPdf(number: string, dueDate: string, down = 0): Promise<UploadFile> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const put = (text: string, x: number, y: number, size = 10) =>
    page.drawText(text, { x, y, size, font });
  put('Muster Handel', 50, 790, 16);
  put('Hauptstrasse 1, 10115 Berlin', 50, 770);
  put(`ID za DDV: ${supplier.vatId}`, 50, 756);
  put('Kupec d.o.o., Ulica 1, 1000 Ljubljana', 50, 700);
  put('Rechnung', 350, 700, 14);
  put('Belegkennung', 350, 660 - down);
  put(number, 450, 660 - down);
  put('Kassenfrist', 350, 645 - down);
  put(dueDate, 450, 645 - down);
  put('Beratung', 50, 560 - down);
  put('100,00', 480, 560 - down);
  return {
    filename: `${number.replace(/\W/g, '-')}.pdf`,
    content: Buffer.from(await pdf.save()),
    type: 'application/pdf',
  };
}

async function captured(file: UploadFile) {
  const { key } = await uploadedDocument(t, headers, file);
  return captureSettled(t, key, headers, 30_000);
}

const fieldOf = (doc: TableRecord, name: string) =>
  (doc.captureResult as { fields: Record<string, Record<string, unknown> | undefined> }).fields[
    name
  ];

async function readDoc(key: unknown) {
  const res = await t.app.inject({ url: `/api/doc/${String(key)}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TableRecord>();
}

async function save(doc: TableRecord, changes: object) {
  const { version } = await readDoc(doc.key);
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/doc/${String(doc.key)}`,
    headers,
    payload: { version, ...changes },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function learnedAt(doc: TableRecord) {
  const { rows } = await sql<{ field: string; updated_at: Date }>`
    select field, updated_at from capture_layout_hint where doc_id = ${String(doc.id)}
    order by field
  `.execute(t.database.db);
  return rows.map((r) => `${r.field} ${new Date(r.updated_at).toISOString()}`);
}

async function hintsOf(doc: TableRecord) {
  const { rows } = await sql<{ field: string }>`
    select field from capture_layout_hint where doc_id = ${String(doc.id)} order by field
  `.execute(t.database.db);
  return rows.map((r) => r.field);
}

describe('learning a supplier’s layout from one correction', () => {
  let undoId = '';
  let first: TableRecord;

  it('keeps the words of a captured document', async () => {
    first = await captured(await supplierPdf('BK-4711/26', '15.12.2026'));
    expect(first).toMatchObject({ captureState: 'done', customerKey: expect.any(String) });
    const { rows } = await sql<{ words: { page: number; words: unknown[][] }[] }>`
      select words from capture_layout where doc_id = ${String(first.id)}
    `.execute(t.database.db);
    const words = rows[0]?.words[0]?.words ?? [];
    expect(words.map((w) => w[0])).toEqual(expect.arrayContaining(['Belegkennung', 'BK-4711/26']));
  });

  it('reads the next invoice’s corrected fields where they stood, sure and with a box', async () => {
    // The labels are not understood: the user types both values.
    expect(first.number).not.toBe('BK-4711/26');
    expect(first.dueDate).not.toBe('2026-12-15');
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/doc/${first.key}`,
      headers,
      payload: { version: first.version, number: 'BK-4711/26', dueDate: '2026-12-15' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    undoId = saved.json<{ undoId: string }>().undoId;
    expect(await hintsOf(first)).toEqual(['dueDate', 'invoiceNumber']);

    // The next invoice has its block lower down the page.
    const second = await captured(await supplierPdf('BK-4712/26', '31.01.2027', 40));
    expect(second).toMatchObject({ number: 'BK-4712/26', dueDate: '2027-01-31' });
    for (const [name, value] of [
      ['invoiceNumber', 'BK-4712/26'],
      ['dueDate', '2027-01-31'],
    ] as const) {
      const found = fieldOf(second, name);
      expect(found).toMatchObject({ value, source: 'text', layout: true });
      expect(found?.confidence).toBeGreaterThanOrEqual(0.95);
      expect(found?.box).toMatchObject({ page: 1, x: expect.any(Number), y: expect.any(Number) });
    }
  });

  it('forgets where when the correcting save is undone', async () => {
    const undone = await t.app.inject({ method: 'POST', url: `/api/undo/${undoId}`, headers });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await hintsOf(first)).toEqual([]);
    const third = await captured(await supplierPdf('BK-4713/26', '28.02.2027'));
    expect(third.number).not.toBe('BK-4713/26');
    expect(fieldOf(third, 'invoiceNumber')?.layout).toBeUndefined();
    expect(fieldOf(third, 'dueDate')?.layout).toBeUndefined();
  });

  it('keeps a hint through later saves, and forgets it with the document’s supplier', async () => {
    await save(first, { number: 'BK-4711/26', dueDate: '2026-12-15' });
    const learned = await learnedAt(first);
    expect(learned).toHaveLength(2);
    await save(first, { description: 'Beratung' });
    expect(await learnedAt(first)).toEqual(learned);
    await save(first, { dueDate: '2026-12-16' });
    expect(await hintsOf(first)).toEqual(['invoiceNumber']);
    await save(first, { customerKey: null });
    expect(await hintsOf(first)).toEqual([]);
  });
});
