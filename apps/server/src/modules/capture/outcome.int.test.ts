import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableRecord } from '@listina/contract';
import {
  captureSettled,
  createOrganization,
  createTestApp,
  createUser,
  memberHeaders,
  type TestApp,
  uploadedDocument,
} from '../../../test/factories';
import { invoicePdf, plannedInvoices } from '../../../test/upload';
import { CAPTURE_OUTCOME_FIELDS } from '../../db/migrations/0041-report-summaries';
import { FILLED_COLUMNS } from './capture.service';

/**
 * What became of captured values (issue 27, the capture report; outcome.ts): the capture job
 * records each value it filled in as kept, a save that changes one marks it corrected, its
 * undo marks it kept again, and cancelling the capture forgets them.
 */
let t: TestApp;
let headers: Record<string, string>;
const [invoice] = plannedInvoices('capture-outcome', 1);
if (!invoice) throw new Error('no planned invoice');

beforeAll(async () => {
  t = await createTestApp();
  const clerk = await createUser(t);
  const org = await createOrganization(t, { [clerk.id]: ['accountant'] });
  headers = await memberHeaders(t, clerk, org);
});
afterAll(() => t.close());

async function outcomes(doc: TableRecord) {
  const { rows } = await sql<{ field: string; source: string; kept: boolean }>`
    select field, source, kept from capture_outcome
    where doc_id = (select id from doc where key = ${doc.key}::uuid) order by field
  `.execute(t.database.db);
  return rows;
}

describe('capture outcomes', () => {
  it('knows every field capture fills (a new one needs a migration of the function)', () => {
    expect(
      Object.fromEntries(CAPTURE_OUTCOME_FIELDS.map(([field, column]) => [field, column])),
    ).toEqual(FILLED_COLUMNS);
  });

  it('follows a captured document through a correction, its undo and a cancelled capture', async () => {
    const { key } = await uploadedDocument(t, headers, await invoicePdf(invoice));
    const doc = await captureSettled(t, key, headers, 20_000);
    expect(doc.captureState).toBe('done');
    const captured = await outcomes(doc);
    expect(captured.map((o) => o.field)).toEqual(
      expect.arrayContaining(['invoiceNumber', 'iban', 'totalAmount']),
    );
    expect(
      captured.every((o) => o.kept && ['text', 'qr', 'ocr', 'einvoice'].includes(o.source)),
    ).toBe(true);

    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/doc/${key}`,
      headers,
      payload: { version: doc.version, number: `${String(doc.number)}-X` },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const corrected = await outcomes(doc);
    expect(corrected.filter((o) => !o.kept).map((o) => o.field)).toEqual(['invoiceNumber']);

    const undone = await t.app.inject({
      method: 'POST',
      url: `/api/undo/${saved.json<{ undoId: string }>().undoId}`,
      headers,
    });
    expect(undone.statusCode, undone.body).toBe(200);
    expect((await outcomes(doc)).every((o) => o.kept)).toBe(true);

    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: '/api/doc/ocr',
      headers,
      payload: { documentKeys: [key] },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await outcomes(doc)).toEqual([]);
  });
});
