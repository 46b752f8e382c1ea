import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableRecord } from '@listina/contract';
import {
  createDocumentType,
  captureSettled,
  createOrganization,
  createTestApp,
  createUser,
  memberHeaders,
  type TestApp,
  uploadedDocument,
} from '../../../test/factories';
import { invoicePdf, plannedInvoices } from '../../../test/upload';
import { parseEInvoice } from './einvoice/einvoice';
import { fixture } from './einvoice/test-invoices';

/**
 * Learning (issue 7): what a user corrects on a supplier's captured document is applied to
 * that supplier's next documents in the same organisation — a new bank account for the one the
 * invoices still print, the document type capture cannot read — and to no other organisation;
 * undoing the correction forgets it. A supplier known by name alone is only suggested.
 */
let t: TestApp;
const h: Record<string, Record<string, string>> = {};
const typeOf: Record<string, number> = {};
const NEW_IBAN = 'SI56 1920 0123 4567 892';

const invoices = plannedInvoices('capture-learning', 12);
const supplier = invoices[0]?.supplier;
if (!supplier) throw new Error('no planned invoice');

beforeAll(async () => {
  t = await createTestApp();
  const clerk = await createUser(t);
  const other = await createUser(t);
  const org = await createOrganization(t, { [clerk.id]: ['accountant'] });
  const foreign = await createOrganization(t, { [other.id]: ['accountant'] });
  h.own = await memberHeaders(t, clerk, org);
  h.foreign = await memberHeaders(t, other, foreign);
  for (const who of ['own', 'foreign']) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cl/partner',
      headers: h[who],
      payload: {
        code: 'SUP1',
        name: supplier.name,
        vatId: supplier.vatId,
        countryCode: 'SI',
        isActive: true,
        bankAccounts: [],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    typeOf[who] = await createDocumentType(t, h[who] ?? {}, 'COST');
  }
  expect(invoices.length).toBeGreaterThanOrEqual(4);
});
afterAll(() => t.close());

let next = 0;
/** The supplier's next invoice uploaded, read by capture. */
async function captured(who: string) {
  const invoice = invoices[next++];
  if (!invoice) throw new Error('out of planned invoices');
  const { key } = await uploadedDocument(t, h[who] ?? {}, await invoicePdf(invoice));
  return { doc: await captureSettled(t, key, h[who] ?? {}, 20_000), iban: invoice.iban };
}

const fieldOf = (doc: TableRecord, name: string) =>
  (doc.captureResult as { fields: Record<string, Record<string, unknown>> }).fields[name];

describe('learning from corrections', () => {
  let undoId = '';

  it('applies a supplier’s corrected bank account and document type to its next invoice', async () => {
    const first = await captured('own');
    expect(first.doc).toMatchObject({ captureState: 'done', paymentIban: first.iban });
    expect(first.doc.documentTypeId).toBeNull();
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/doc/${first.doc.key}`,
      headers: h.own,
      payload: {
        version: first.doc.version,
        paymentIban: NEW_IBAN,
        documentTypeId: typeOf.own,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    undoId = saved.json<{ undoId: string }>().undoId;

    const second = await captured('own');
    expect(second.iban).toBe(first.iban);
    expect(second.doc).toMatchObject({
      captureState: 'done',
      paymentIban: NEW_IBAN.replace(/ /g, ''),
      documentTypeId: typeOf.own,
    });
    expect(fieldOf(second.doc, 'iban')).toMatchObject({
      value: NEW_IBAN.replace(/ /g, ''),
      source: 'learned',
      learnedFrom: first.iban,
    });
  });

  it('keeps one organisation’s corrections from another’s documents', async () => {
    const theirs = await captured('foreign');
    expect(theirs.doc).toMatchObject({ paymentIban: theirs.iban, documentTypeId: null });
  });

  it('forgets a correction whose save was undone', async () => {
    const undone = await t.app.inject({
      method: 'POST',
      url: `/api/undo/${undoId}`,
      headers: h.own,
    });
    expect(undone.statusCode, undone.body).toBe(200);
    const third = await captured('own');
    expect(third.doc).toMatchObject({ paymentIban: third.iban, documentTypeId: null });
  });
});

describe('partner matching by name', () => {
  it('only suggests a supplier known by name alone (no VAT ID, no bank account)', async () => {
    const xml = fixture('eslog20_constructed_minimal_invoice.xml');
    const name = (await parseEInvoice(xml)).fields.supplierName?.value ?? '';
    expect(name).not.toBe('');
    const user = await createUser(t);
    const org = await createOrganization(t, { [user.id]: ['accountant'] });
    const headers = await memberHeaders(t, user, org);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/cl/partner',
      headers,
      payload: { code: 'BYNAME', name, countryCode: 'SI', isActive: true, bankAccounts: [] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { key } = await uploadedDocument(t, headers, {
      filename: 'eracun.xml',
      content: xml,
      type: 'application/xml',
    });
    const doc = await captureSettled(t, key, headers, 20_000);
    // A name is no proof: the editor offers the partner (supplier-ids.int.test.ts).
    expect(doc.customerKey).toBeNull();
    expect((doc.captureResult as { partner: unknown }).partner).toBeNull();
  });
});
