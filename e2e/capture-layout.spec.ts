import { expect, test, type Page } from '@playwright/test';
import { organizationIdOf, signIn } from './support/app';
import { uploadAndCapture } from './support/capture-upload';
import { createFreshOrganization } from './support/organization';
import { keepScreen } from './support/screens';
import { SUPPLIER, supplierInvoicePdf } from './support/supplier-invoices';

/** A new document with the PDF as its main file, as its capture left it. */
async function uploadPdf(page: Page, organizationId: string, pdf: Buffer, name: string) {
  await page.goto(`/o/${organizationId}/work/edit`);
  return uploadAndCapture(page, { name, mimeType: 'application/pdf', buffer: pdf });
}

test('an unseen supplier’s invoice corrected in two fields teaches its layout: the supplier’s next invoice has them read from there, sure, and highlighted', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const organization = await createFreshOrganization(request, 'caplayout');
  // The same layout twice: the values under labels the reader does not know move on.
  const first = await supplierInvoicePdf(
    {
      number: 'BK-2026-0417',
      issueDate: '14.11.2026',
      dueDate: '15.12.2026',
      net: 100_000,
      vat: 19_000,
    },
    organization.name,
  );
  const second = await supplierInvoicePdf(
    {
      number: 'BK-2026-0533',
      issueDate: '28.11.2026',
      dueDate: '29.12.2026',
      net: 80_000,
      vat: 15_200,
    },
    organization.name,
  );
  await signIn(page, organization.username, organization.password);
  const organizationId = organizationIdOf(page);
  const form = page.getByTestId('doc-form');
  const number = page.getByTestId('field-number');
  const dueDate = form.getByRole('textbox', { name: 'Due date' });
  const partner = form.getByRole('combobox', { name: 'Partner' });

  // 1. The first invoice: the letterhead, VAT ID and bank account are read, but neither the
  // number under "Belegkennung" nor the date under "Zahlungsfrist endet".
  const doc = await uploadPdf(page, organizationId, first, 'brennholz-0417.pdf');
  expect(doc.captureResult?.fields.vatId?.value).toBe(SUPPLIER.vatId);
  expect(doc.captureResult?.partner).toBeNull();
  await expect(number).not.toHaveValue('BK-2026-0417');
  await expect(dueDate).not.toHaveValue('15.12.2026');

  // The supplier is none of the organisation's partners: created from what capture found.
  const offer = page.getByTestId('capture-partner');
  await expect(offer).toContainText(SUPPLIER.name);
  await expect(offer).toContainText(`VAT ID ${SUPPLIER.vatId}`);
  await offer.getByTestId('capture-partner-create').click();
  await expect(offer).toBeHidden();
  await expect(partner).toHaveValue(new RegExp(SUPPLIER.name));

  // 2. The user types the two values and saves.
  await number.fill('BK-2026-0417');
  await dueDate.fill('15.12.2026');
  await keepScreen(page, testInfo, 'corrected');
  await page.getByTestId('doc-save').click();
  await expect(page.getByTestId('undo-snackbar')).toContainText('Changes saved.');
  await expect(number).toHaveValue('BK-2026-0417');
  await expect(dueDate).toHaveValue('15.12.2026');

  // 3. The supplier's next invoice: its partner found by the VAT ID, and the two fields read
  // where the first had them, by their labels found again.
  const next = await uploadPdf(page, organizationId, second, 'brennholz-0533.pdf');
  expect(next.captureResult?.partner).toMatchObject({ by: 'vatId' });
  await expect(partner).toHaveValue(new RegExp(SUPPLIER.name));
  await expect(number).toHaveValue('BK-2026-0533');
  await expect(dueDate).toHaveValue('29.12.2026');
  const fields = next.captureResult?.fields ?? {};
  for (const [field, value] of [
    ['invoiceNumber', 'BK-2026-0533'],
    ['dueDate', '2026-12-29'],
  ] as const) {
    expect(fields[field], field).toMatchObject({ value, layout: true, box: { page: 1 } });
    expect(fields[field]?.confidence, field).toBeGreaterThanOrEqual(0.95);
  }
  // Sure enough that the form does not ask to check them.
  for (const field of [number, dueDate])
    await expect(field).not.toHaveAccessibleDescription(/Read with low confidence/);

  // 4. Selecting each field marks where it was read on the page: the due date below the number.
  const highlight = page.getByTestId('preview-highlight');
  await number.focus();
  await expect(highlight).toBeVisible();
  await expect(number).toBeFocused();
  const numberBox = await highlight.boundingBox();
  await dueDate.focus();
  await expect(highlight).toBeVisible();
  await expect(dueDate).toBeFocused();
  await expect
    .poll(async () => (await highlight.boundingBox())?.y ?? 0)
    .toBeGreaterThan(numberBox?.y ?? Infinity);
  await keepScreen(page, testInfo, 'learned');
});
