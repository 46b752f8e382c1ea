import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableRecord } from '@listina/contract';
import {
  captureSettled,
  createOrganization,
  createTestApp,
  createUser,
  errorCodes,
  memberHeaders,
  type TestApp,
  uploadedDocument,
} from '../../../test/factories';
import { invoicePdf, plannedInvoices } from '../../../test/upload';
import { parseEInvoice } from './einvoice/einvoice';
import { fixture } from './einvoice/test-invoices';

/**
 * Capture calls (issue 7; spec §7 POST and DELETE /api/doc/ocr): a queued document's main
 * file is read by the worker, its empty fields filled, its partner found, its state shown;
 * cancelling clears the result; bad requests are refused per document.
 */
let t: TestApp;
let headers: Record<string, string>;
let foreignHeaders: Record<string, string>;

const [planned] = plannedInvoices('capture-int', 6);
if (!planned) throw new Error('no planned invoice');
const { supplier } = planned;

beforeAll(async () => {
  t = await createTestApp();
  const clerk = await createUser(t);
  const stranger = await createUser(t);
  const org = await createOrganization(t, { [clerk.id]: ['dataentry', 'accountant'] });
  const foreign = await createOrganization(t, { [stranger.id]: ['orgadmin'] });
  headers = await memberHeaders(t, clerk, org);
  foreignHeaders = await memberHeaders(t, stranger, foreign);
  // The supplier is known by its VAT ID.
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/cl/partner',
    headers,
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
});
afterAll(() => t.close());

async function uploadInvoice(json: object = {}) {
  const pdf = await invoicePdf(planned as NonNullable<typeof planned>);
  return uploadedDocument(t, headers, pdf, json);
}

const capture = (keys: string[], extra: object = {}, h = headers) =>
  t.app.inject({
    method: 'POST',
    url: '/api/doc/ocr',
    headers: h,
    payload: { documentKeys: keys, ...extra },
  });

async function readDoc(key: string) {
  const res = await t.app.inject({ url: `/api/doc/${key}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TableRecord>();
}

const settled = (key: string) => captureSettled(t, key, headers, 15_000);

describe('capture of an uploaded invoice', () => {
  it('reads an uploaded invoice at once: empty fields filled from its text layer, the partner found, typed values kept', async () => {
    const doc = await uploadInvoice({ description: 'typed by hand', dueDate: '2030-01-01' });
    // Queued by the upload itself.
    expect(['pending', 'done']).toContain((await readDoc(doc.key)).captureState);

    const done = await settled(doc.key);
    const p = planned;
    expect(done).toMatchObject({
      captureState: 'done',
      number: p.number,
      issueDate: p.issueDate,
      // Typed before capture: kept.
      dueDate: '2030-01-01',
      description: 'typed by hand',
      totalAmount: (p.total / 100).toFixed(2),
      netAmount: (p.net / 100).toFixed(2),
      vatAmount: (p.tax / 100).toFixed(2),
      paymentIban: p.iban,
      paymentReferenceModel: p.referenceModel,
      paymentReference: p.reference,
    });
    expect(done.customerKey).toEqual(expect.any(String));
    const result = done.captureResult as {
      source: string;
      partner: { by: string };
      fields: Record<string, { value: string; confidence: number }>;
    };
    expect(result.source).toBe('text');
    expect(result.partner.by).toBe('vatId');
    expect(result.fields.dueDate?.value).toBe(p.dueDate);
    // Found by the full-text search with its captured number.
    const listed = await t.app.inject({
      url: `/api/doc?search=${encodeURIComponent(p.number)}`,
      headers,
    });
    expect(listed.json<{ items: TableRecord[] }>().items.map((i) => i.key)).toContain(doc.key);

    // Asked again: a warning, nothing queued, unless asked to go on.
    const again = await capture([doc.key]);
    expect(again.json()).toMatchObject({
      queued: 0,
      items: [{ queued: false, warnings: [{ code: 'warnings.capture.alreadyCaptured' }] }],
    });
    expect((await capture([doc.key], { ignoreWarnings: true })).json()).toMatchObject({
      queued: 1,
    });
    await settled(doc.key);
  });

  it('reads an e-invoice exactly when its XML is the main file', async () => {
    const xml = fixture('eslog20_constructed_minimal_invoice.xml');
    const expected = await parseEInvoice(xml);
    const uploaded = await uploadedDocument(t, headers, {
      filename: 'eracun.xml',
      content: xml,
      type: 'application/xml',
    });
    const done = await settled(uploaded.key);
    expect(done).toMatchObject({
      captureState: 'done',
      number: expected.fields.invoiceNumber?.value,
      issueDate: expected.fields.issueDate?.value,
      totalAmount: expected.fields.totalAmount?.value,
    });
    const result = done.captureResult as { source: string; einvoice: { format: string } };
    expect(result).toMatchObject({ source: 'einvoice', einvoice: { format: 'eslog20' } });
  });

  it('takes an e-invoice’s currency and its amount due apart from the total (issue 21)', async () => {
    // The Peppol BIS 3 sample is in Danish kroner; its totals are given a prepayment here.
    const xml = fixture('BIS3_Invoice_positive.xml')
      .toString('utf8')
      .replace(
        '<cbc:PayableAmount currencyID="DKK">782179.43</cbc:PayableAmount>',
        '<cbc:PrepaidAmount currencyID="DKK">100000.00</cbc:PrepaidAmount>' +
          '<cbc:PayableAmount currencyID="DKK">682179.43</cbc:PayableAmount>',
      );
    expect(xml).toContain('682179.43');
    const uploaded = await uploadedDocument(t, headers, {
      filename: 'peppol.xml',
      content: Buffer.from(xml, 'utf8'),
      type: 'application/xml',
    });
    expect(uploaded.currencyCode).toBe('EUR');
    const done = await settled(uploaded.key);
    expect(done).toMatchObject({
      captureState: 'done',
      currencyCode: 'DKK',
      totalAmount: '782179.43',
      prepaidAmount: '100000.00',
      amountDue: '682179.43',
    });
    // A total the user typed first keeps the currency the user chose with it.
    const typed = await uploadedDocument(
      t,
      headers,
      { filename: 'peppol.xml', content: Buffer.from(xml, 'utf8'), type: 'application/xml' },
      { totalAmount: '10.00', currencyCode: 'EUR' },
    );
    expect(await settled(typed.key)).toMatchObject({ currencyCode: 'EUR', totalAmount: '10.00' });
  });

  it('cancels: the result is cleared and the document is no longer pending', async () => {
    const doc = await uploadInvoice();
    await settled(doc.key);
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/doc/ocr',
      headers,
      payload: { documentKeys: [doc.key] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ cancelled: 1 });
    const cleared = await readDoc(doc.key);
    expect(cleared).toMatchObject({ captureState: 'none', captureResult: null });
  });

  it('refuses, per document, one without a main file, an unknown one and another organisation’s', async () => {
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/doc',
      headers,
      payload: { number: 'NO-FILE', currencyCode: 'EUR', costLines: [] },
    });
    expect(empty.statusCode, empty.body).toBe(201);
    const emptyKey = empty.json<{ item: TableRecord }>().item.key;
    const mine = await uploadInvoice();
    await settled(mine.key);
    const unknown = '0190b7a4-0000-7000-8000-000000000099';
    const res = await capture([emptyKey, unknown]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      queued: 0,
      items: [
        { documentKey: emptyKey, queued: false, errors: [{ code: 'errors.capture.noMainFile' }] },
        { documentKey: unknown, queued: false, errors: [{ code: 'errors.recordNotFound' }] },
      ],
    });
    const foreign = await capture([mine.key], {}, foreignHeaders);
    expect(foreign.json()).toMatchObject({
      queued: 0,
      items: [{ queued: false, errors: [{ code: 'errors.recordNotFound' }] }],
    });
    expect((await readDoc(mine.key)).captureState).toBe('done');
    const bad = await capture([], { provider: 'magic' });
    expect(bad.statusCode).toBe(400);
    expect(errorCodes(bad).length).toBeGreaterThan(0);
  });
});
