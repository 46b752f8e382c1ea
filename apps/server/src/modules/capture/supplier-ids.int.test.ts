import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableRecord } from '@listina/contract';
import {
  captureSettled,
  createDocumentType,
  createOrganization,
  createTestApp,
  createUser,
  memberHeaders,
  type TestApp,
  uploadedDocument,
} from '../../../test/factories';
import { invoicePdf, plannedInvoices } from '../../../test/upload';
import { inScope } from '../../db/scope';
import { profileSuppliers } from '../demo/profile-suppliers';
import { newJournal } from '../tables/journal';
import { recordSupplierIds } from './supplier-ids';

/**
 * A supplier known by name alone (issue 7): its invoice's partner is suggested, not set; the
 * document saved with the suggestion records the VAT ID and IBAN read on that partner, so the
 * supplier's next invoice finds it by them and gets what was corrected on the first.
 */
let t: TestApp;
let headers: Record<string, string>;
let organizationId = '';
let approverId = '';
let clerkId = '';
let clerkName = '';
let typeId = 0;
const NEW_IBAN = 'SI56192001234567892';

const [, supplier, another, third] = profileSuppliers();
if (!supplier || !another || !third) throw new Error('too few supplier profiles');
/** A supplier's planned invoices with a bank account, oldest first. */
const invoicesOf = (of: typeof supplier) =>
  plannedInvoices('capture-supplier-ids', 12, [of]).filter((d) => d.iban !== null);
const invoices = invoicesOf(supplier);

beforeAll(async () => {
  t = await createTestApp();
  const clerk = await createUser(t);
  const approver = await createUser(t);
  approverId = String(approver.id);
  clerkId = String(clerk.id);
  clerkName = clerk.username;
  const org = await createOrganization(t, {
    [clerk.id]: ['accountant'],
    [approver.id]: ['approver'],
  });
  organizationId = String(org.id);
  headers = await memberHeaders(t, clerk, org);
  typeId = await createDocumentType(t, headers, 'COST');
});
afterAll(() => t.close());

async function createPartner(code: string, name: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/cl/partner',
    headers,
    payload: { code, name, countryCode: 'SI', isActive: true, bankAccounts: [] },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ item: TableRecord }>().item.key;
}

async function readPartner(key: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/cl/partner/${key}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TableRecord>();
}

/** The supplier's next invoice (its PDF's text layer names it), uploaded and captured. */
async function captured(planned = invoices) {
  const invoice = planned.shift();
  if (!invoice) throw new Error('out of planned invoices');
  const { key } = await uploadedDocument(t, headers, await invoicePdf(invoice));
  return { doc: await captureSettled(t, key, headers, 20_000), invoice };
}

const save = async (doc: TableRecord, changes: Record<string, unknown>) => {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/doc/${doc.key}`,
    headers,
    payload: { version: doc.version, ...changes },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ undoId: string }>().undoId;
};

describe('a supplier suggested by name and accepted', () => {
  it('is suggested, not set; once accepted it has the VAT ID and IBAN read, and its next invoice is matched by them with the corrections applied', async () => {
    const partnerKey = await createPartner('BYNAME', supplier.name);
    const first = await captured();
    expect(first.doc).toMatchObject({ captureState: 'done', customerKey: null });
    const result = first.doc.captureResult as {
      partner: unknown;
      fields: Record<string, { value: string }>;
    };
    expect(result.partner).toBeNull();
    expect(result.fields.supplierName?.value).toBe(supplier.name);
    const suggested = await t.app.inject({
      method: 'GET',
      url: `/api/cl/partner/${supplier.vatId}/${first.invoice.iban ?? '-'}/${encodeURIComponent(supplier.name)}`,
      headers,
    });
    expect(suggested.json<{ items: unknown[] }>().items[0]).toMatchObject({
      key: partnerKey,
      matchedBy: 'name',
    });

    // Accepted (the editor sets the partner), corrected and saved.
    await save(first.doc, {
      customerKey: partnerKey,
      paymentIban: NEW_IBAN,
      documentTypeId: typeId,
    });
    const partner = await readPartner(partnerKey);
    expect(partner.vatId).toBe(supplier.vatId);
    expect(partner.bankAccounts).toEqual([
      expect.objectContaining({ code: first.invoice.iban, bic: supplier.bic, isDefault: true }),
    ]);
    // Found by its number in the partner lookups, as a partner saved in the form would be.
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/cl/partner?search=${supplier.vatId}`,
      headers,
    });
    expect(listed.body).toContain(partnerKey);

    const second = await captured();
    expect(second.doc).toMatchObject({
      customerKey: partnerKey,
      paymentIban: NEW_IBAN,
      documentTypeId: typeId,
    });
    expect((second.doc.captureResult as { partner: unknown }).partner).toEqual({
      key: partnerKey,
      by: 'vatId',
    });
    // Saved again: nothing recorded twice.
    await save(second.doc, {});
    expect((await readPartner(partnerKey)).bankAccounts).toHaveLength(1);
  });

  it('records nothing on a partner set by hand whose name is unlike the one read', async () => {
    const otherKey = await createPartner('OTHER', 'Zelenjava Kolar s.p.');
    const third = await captured();
    await save(third.doc, { customerKey: otherKey });
    expect(await readPartner(otherKey)).toMatchObject({ vatId: null, bankAccounts: [] });
  });

  it('records nothing for a user who may not write partners', async () => {
    const partnerKey = await createPartner('BYNAME2', another.name);
    const fourth = await captured(invoicesOf(another));
    // Set without the hook (as by another's save), then the hook run as the approver's write.
    const { rows } = await sql<{ id: string }>`
      update doc set customer_key = ${partnerKey}::uuid where key = ${String(fourth.doc.key)}::uuid
      returning id
    `.execute(t.database.db);
    const id = rows[0]?.id;
    const hook = (userId: string) =>
      inScope(t.database.db, { userId, organizationId }, (trx) =>
        recordSupplierIds(trx, organizationId, [String(id)], newJournal()),
      );
    await hook(approverId);
    expect(await readPartner(partnerKey)).toMatchObject({ vatId: null, bankAccounts: [] });
    await hook(clerkId);
    expect(await readPartner(partnerKey)).toMatchObject({ vatId: another.vatId });
  });

  it('journals what it records with the save: in the partner audit log, and undone with it', async () => {
    const partnerKey = await createPartner('BYNAME3', third.name);
    const { doc, invoice } = await captured(invoicesOf(third));
    const undoId = await save(doc, { customerKey: partnerKey });
    expect(await readPartner(partnerKey)).toMatchObject({
      vatId: third.vatId,
      bankAccounts: [expect.objectContaining({ code: invoice.iban })],
    });
    const audit = await t.app.inject({
      method: 'GET',
      url: `/api/cl/partner/${partnerKey}/audit`,
      headers,
    });
    const entries = audit.json<{ items: { action: string; user: string; changes: unknown[] }[] }>();
    expect(entries.items.at(-1)).toMatchObject({
      action: 'update',
      user: clerkName,
      changes: [{ field: 'vatId', before: null, after: third.vatId }],
    });

    const undone = await t.app.inject({ method: 'POST', url: `/api/undo/${undoId}`, headers });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await readPartner(partnerKey)).toMatchObject({ vatId: null, bankAccounts: [] });
  });
});
