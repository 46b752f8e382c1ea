import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { submitLogin } from './support/app';
import {
  approvedInvoiceOrganization,
  camt053,
  PAYER_IBAN,
  SUPPLIER_IBAN,
  xmlText,
} from './support/payments';

const SUPPLIER = 'Čistilni servis Žnidaršič d.o.o.';

/**
 * Issue 8 in a browser: an approved invoice becomes a payment order in the work list; the
 * order's reference is checked in the form as it is typed; the order is marked ready,
 * packaged and paid, the pain.001 file downloads with its amount, and the bank's camt.053
 * statement of that payment marks the order paid.
 */
test('an approved invoice is ordered, checked, packaged, paid as pain.001 and settled by a camt.053 statement', async ({
  page,
  request,
}) => {
  test.slow();
  const amount = '146.40';
  const { org, number } = await approvedInvoiceOrganization(request, amount);

  await page.goto('/account/login');
  await submitLogin(page, org.username, org.password);
  await expect(page).toHaveURL(/\/o\/[^/]+\/home$/);

  // The work list: the invoice, selected, becomes one order.
  await page.goto(`/o/${org.organizationId}/work/index?filterId=search&search=${number}`);
  const docs = page.getByTestId('grid-table');
  await docs
    .getByRole('checkbox', { name: `Select ${number}`, exact: false })
    .first()
    .check();
  await page.getByTestId('work-create-payment-orders').click();
  await page.getByTestId('work-payment-orders-confirm').click();
  await expect(page.getByTestId('work-payment-orders-created')).toContainText(
    '1 payment orders created.',
  );
  await page.getByTestId('work-payment-orders-open').click();
  await expect(page).toHaveURL(new RegExp(`/o/${org.organizationId}/payments$`));

  // The order, opened: a reference with a wrong check digit is flagged before any save.
  const orders = page.getByTestId('grid-table');
  const row = orders.getByTestId('grid-row').filter({ hasText: SUPPLIER });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Draft');
  await row.dblclick();
  const dialog = page.getByTestId('edit-dialog');
  await dialog.getByTestId('edit-dialog-lock').click();
  const reference = dialog.getByTestId('field-recipientReference');
  await reference.fill('2026111');
  await reference.blur();
  await expect(dialog).toContainText("The reference's check digit is wrong");
  await dialog.getByTestId('edit-dialog-save').click();
  await expect(dialog).toBeVisible();
  await reference.fill('2026112');
  await reference.blur();
  await expect(dialog).not.toContainText("The reference's check digit is wrong");
  await dialog.getByTestId('edit-dialog-save').click();
  await expect(dialog).toBeHidden();

  // Ready, then into a package.
  await row.getByRole('checkbox').check();
  await page.getByTestId('payments-mark').click();
  await page.getByTestId('payments-mark-ready').click();
  await expect(page.getByTestId('payments-notice')).toHaveText('1 orders marked Ready.');
  await expect(row).toContainText('Ready');
  await page.getByTestId('payments-build').click();
  await expect(page.getByTestId('payments-notice')).toHaveText('1 packages built.');
  await expect(row).toContainText('In a package');

  // The package is paid: the pain.001 file downloads with the order's amount.
  await page.getByTestId('payments-tab-packages').click();
  await expect(page).toHaveURL(/\/payments\/packages$/);
  const packageRow = page.getByTestId('grid-table').getByTestId('grid-row').first();
  await expect(packageRow).toContainText('Open');
  await packageRow.getByRole('checkbox').check();
  const downloading = page.waitForEvent('download');
  await page.getByTestId('packages-pay').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.xml$/);
  const xml = await readFile(await download.path(), 'utf8');
  expect(xml).toMatch(/urn:iso:std:iso:20022:tech:xsd:pain\.001\.001\.0[39]/);
  expect(xml).toMatch(new RegExp(`<InstdAmt Ccy="EUR">${amount.replace('.', '\\.')}</InstdAmt>`));
  expect(xml).toContain(SUPPLIER_IBAN);
  const endToEndId = xmlText(xml, 'EndToEndId') ?? '';
  expect(endToEndId).toMatch(/^[0-9a-f]{32}$/);
  await expect(packageRow).toContainText('Sent');

  // The bank's statement books the payment: the order is paid.
  await page.getByTestId('payments-tab-orders').click();
  await expect(row).toContainText('Sent');
  const statement = camt053(PAYER_IBAN, [
    { endToEndId, amount, recipientName: SUPPLIER, recipientIban: SUPPLIER_IBAN },
  ]);
  await page.getByTestId('payments-statement-input').setInputFiles({
    name: 'camt053.xml',
    mimeType: 'application/xml',
    buffer: Buffer.from(statement, 'utf8'),
  });
  await expect(page.getByTestId('payments-file-summary')).toHaveText(
    '1 entries: 1 paid, 0 rejected, 0 without an order.',
  );
  await page.getByTestId('payments-file-result-close').click();
  await expect(row).toContainText('Paid');
});
