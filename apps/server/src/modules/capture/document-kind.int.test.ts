import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  captureSettled,
  createTestApp,
  soleMember,
  type TestApp,
  uploadedDocument,
} from '../../../test/factories';
import { unicodePdf } from '../documents/text/test-pdfs';
import { seedOrganizationDefaults } from '../tables/defaults';
import { CORPUS_DIR } from './einvoice/corpus/conformance';

/**
 * A new organisation's documents get their type from what capture reads (first day, issue 24):
 * the kind an e-invoice states (UNTDID 1001), else the title a PDF prints, matched to the
 * organisation's document types by their e-invoice type code; a kind it keeps no type for
 * (a proforma) is left for the user.
 */
let t: TestApp;
let headers: Record<string, string>;
const typeIds = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp();
  const clerk = await soleMember(t, ['dataentry', 'accountant']);
  const { org } = clerk;
  headers = clerk.headers;
  // As a new organisation starts: INV 380, CN 381, ADV 386, OTH without a code.
  await t.database.db.transaction().execute((trx) => seedOrganizationDefaults(trx, org.id));
  const { rows: types } = await sql<{ id: string; code: string }>`
    select id, code from document_type where organization_id = ${org.id}
  `.execute(t.database.db);
  for (const type of types) typeIds.set(type.code, String(type.id));
});
afterAll(() => t.close());

async function capturedType(filename: string, content: Buffer, type: string) {
  const { key } = await uploadedDocument(t, headers, { filename, content, type });
  const doc = await captureSettled(t, key, headers);
  expect(doc.captureState).toBe('done');
  const id = doc.documentTypeId;
  return typeof id === 'number' || typeof id === 'string' ? String(id) : null;
}

const corpus = (file: string) => readFile(path.join(CORPUS_DIR, file));

describe('the document type capture gives a new organisation’s document', () => {
  it('is the kind an e-invoice states: a Slovenian credit note, an invoice, a consolidated invoice', async () => {
    // Real e-SLOG 2.0 files (corpus/SOURCES.md): BGM 1001 381, 380 and 385.
    const credit = await capturedType(
      'VP2025-1799.xml',
      await corpus('eslog/VP2025-1799-racun.xml'),
      'application/xml',
    );
    expect(credit).toBe(typeIds.get('CN'));
    const invoice = await capturedType(
      '2025-581.xml',
      await corpus('eslog/2025-581-racun.xml'),
      'application/xml',
    );
    expect(invoice).toBe(typeIds.get('INV'));
    // The organisation keeps no consolidated invoice type: it is booked as an invoice.
    const consolidated = await capturedType(
      'PR5690.xml',
      await corpus('eslog/PR5690-Slika1.XML'),
      'application/xml',
    );
    expect(consolidated).toBe(typeIds.get('INV'));
  });

  it('is the kind a PDF’s title names, and none for a proforma the organisation keeps no type for', async () => {
    const lines = (title: string) => [
      'Lesni izdelki d.o.o., Cesta 1, 1000 Ljubljana',
      `${title} št. 2026-77`,
      'Datum: 12.03.2026',
      'Za plačilo: 122,00 EUR',
    ];
    const pdf = async (title: string) => unicodePdf(lines(title));
    expect(await capturedType('dobropis.pdf', await pdf('DOBROPIS'), 'application/pdf')).toBe(
      typeIds.get('CN'),
    );
    expect(await capturedType('avans.pdf', await pdf('Avansni račun'), 'application/pdf')).toBe(
      typeIds.get('ADV'),
    );
    expect(await capturedType('racun.pdf', await pdf('RAČUN'), 'application/pdf')).toBe(
      typeIds.get('INV'),
    );
    expect(await capturedType('predracun.pdf', await pdf('PREDRAČUN'), 'application/pdf')).toBe(
      null,
    );
  });

  it('is an invoice’s for a PDF with no title but an amount to pay, and none without either', async () => {
    const untitled = await unicodePdf([
      'Lesni izdelki d.o.o., Cesta 1, 1000 Ljubljana',
      'Št. dokumenta: 2026-78',
      'Za plačilo: 122,00 EUR',
    ]);
    expect(await capturedType('untitled.pdf', untitled, 'application/pdf')).toBe(
      typeIds.get('INV'),
    );
    const note = await unicodePdf(['Lesni izdelki d.o.o.', 'Številka: 2026-79']);
    const { key } = await uploadedDocument(t, headers, {
      filename: 'note.pdf',
      content: note,
      type: 'application/pdf',
    });
    expect((await captureSettled(t, key, headers)).documentTypeId ?? null).toBe(null);
  });
});
