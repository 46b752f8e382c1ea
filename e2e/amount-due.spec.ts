import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import { submitLogin } from './support/app';
import {
  DANISH_IBAN,
  DANISH_SUPPLIER,
  prepaidInvoicesOrganization,
  SLOVENIAN_SUPPLIER,
} from './support/amount-due';
import { pdfText } from './support/pdf';
import { SUPPLIER_IBAN } from './support/payments';

/** The amounts of every InstdAmt of a pain.001 file, with their currency: ['801.78 DKK']. */
const instructedAmounts = (xml: string) =>
  [...xml.matchAll(/<InstdAmt Ccy="([A-Z]{3})">([^<]*)<\/InstdAmt>/g)].map(
    ([, currency, amount]) => `${amount} ${currency}`,
  );

async function downloaded(page: Page, start: () => Promise<void>): Promise<Download> {
  const downloading = page.waitForEvent('download');
  await start();
  return downloading;
}

/**
 * Issue 21 in a browser: an invoice of 1,801.78 with 1,000.00 paid ahead is ordered for the
 * 801.78 due, in its own currency. For one in Danish kroner, the order form, the pain.001 file
 * and the UPN form agree: the form shows 801.78 DKK beside the document's 1,801.78 total, the
 * file pays 801.78 DKK, and the UPN form, which pays euros only, is refused naming DKK. The same
 * invoice in euros prints a UPN form of 801.78 and is paid 801.78 EUR.
 */
test('a prepaid invoice in DKK is ordered, shown, paid and refused a UPN form for its amount due; in EUR its UPN form and file pay the amount due', async ({
  page,
  request,
}) => {
  test.slow();
  const { org, dkk, eur, stem } = await prepaidInvoicesOrganization(request);

  await page.goto('/account/login');
  await submitLogin(page, org.username, org.password);
  await expect(page).toHaveURL(/\/o\/[^/]+\/home$/);

  // The work list: both invoices, selected, become one order each, after the user is told
  // that the orders pay the amount due, not the total.
  await page.goto(`/o/${org.organizationId}/work/index?filterId=search&search=${stem}`);
  const docs = page.getByTestId('grid-table');
  for (const number of [dkk.number, eur.number])
    await docs
      .getByRole('checkbox', { name: `Select ${number}`, exact: false })
      .first()
      .check();
  await page.getByTestId('work-create-payment-orders').click();
  await page.getByTestId('work-payment-orders-confirm').click();
  const warnings = page.getByTestId('work-payment-orders-warnings');
  await expect(warnings).toBeVisible();
  await expect(page.getByTestId('work-payment-orders-warnings-text')).toContainText(
    `Document ${dkk.number}: the order pays the amount due 801,78 DKK, not the total 1.801,78 DKK.`,
  );
  await expect(page.getByTestId('work-payment-orders-warnings-text')).toContainText(
    `Document ${eur.number}: the order pays the amount due 801,78 EUR, not the total 1.801,78 EUR.`,
  );
  await page.getByTestId('work-payment-orders-warnings-confirm').click();
  await expect(page.getByTestId('work-payment-orders-created')).toContainText(
    '2 payment orders created.',
  );
  await page.getByTestId('work-payment-orders-open').click();
  await expect(page).toHaveURL(new RegExp(`/o/${org.organizationId}/payments$`));

  const orders = page.getByTestId('grid-table');
  const dkkRow = orders.getByTestId('grid-row').filter({ hasText: DANISH_SUPPLIER });
  const eurRow = orders.getByTestId('grid-row').filter({ hasText: SLOVENIAN_SUPPLIER });
  await expect(dkkRow).toHaveCount(1);
  await expect(eurRow).toHaveCount(1);
  await expect(dkkRow).toContainText('DKK');
  await expect(eurRow).toContainText('EUR');

  // The DKK order's form: 801.78 in DKK, beside the document's total and amount due, written
  // as the user's locale settings write numbers (spec §3: decimal comma and thousands dot, in
  // English too).
  await dkkRow.dblclick();
  const dialog = page.getByTestId('edit-dialog');
  const fieldOf = (name: string): Locator => dialog.getByTestId(`field-${name}`);
  /** The input's box, with the currency it shows after the number. */
  const boxOf = (name: string): Locator => fieldOf(name).locator('xpath=..');
  await expect(fieldOf('amount')).toHaveValue('801,78');
  await expect(fieldOf('currencyCode')).toHaveValue(/^DKK\b/);
  await expect(fieldOf('documentTotalAmount')).toHaveValue('1.801,78');
  await expect(fieldOf('documentAmountDue')).toHaveValue('801,78');
  for (const name of ['amount', 'documentTotalAmount', 'documentAmountDue']) {
    await expect(boxOf(name)).toContainText('DKK');
    await expect(boxOf(name)).not.toContainText('€');
  }
  await expect(fieldOf('documentTotalAmount')).toBeDisabled();
  await expect(fieldOf('documentAmountDue')).toBeDisabled();
  await expect(fieldOf('recipientIBAN')).toHaveValue(DANISH_IBAN);
  await expect(fieldOf('paymentType').locator('option:checked')).toHaveText(/^NONSEPA\b/);
  await dialog.getByTestId('edit-dialog-cancel').click();
  await expect(dialog).toBeHidden();

  // Both ready.
  await dkkRow.getByRole('checkbox').check();
  await eurRow.getByRole('checkbox').check();
  await page.getByTestId('payments-mark').click();
  await page.getByTestId('payments-mark-ready').click();
  await expect(page.getByTestId('payments-notice')).toHaveText('2 orders marked Ready.');
  await expect(dkkRow).toContainText('Ready');
  await expect(eurRow).toContainText('Ready');
  await eurRow.getByRole('checkbox').uncheck();

  // The UPN form pays euros only: for the DKK order it is refused, and the user is told why.
  await page.getByTestId('payments-upn').click();
  await expect(page.getByTestId('payments-error')).toHaveText(
    `A UPN form pays euros only, and the order to ${DANISH_SUPPLIER} is in DKK. Pay it with a pain.001 file instead.`,
  );

  // The EUR order's UPN form: the amount due, as the form prints amounts.
  await dkkRow.getByRole('checkbox').uncheck();
  await eurRow.getByRole('checkbox').check();
  const upn = await downloaded(page, () => page.getByTestId('payments-upn').click());
  expect(upn.suggestedFilename()).toMatch(/^upn-.*\.pdf$/);
  const form = await pdfText(await readFile(await upn.path()));
  expect(form).toContain('***801,78');
  expect(form).not.toContain('1.801,78');
  expect(form).toContain(SLOVENIAN_SUPPLIER);
  await expect(page.getByTestId('payments-error')).toBeHidden();

  // The DKK order paid: the pain.001 file pays 801.78 DKK and holds no amount in euros.
  await eurRow.getByRole('checkbox').uncheck();
  await dkkRow.getByRole('checkbox').check();
  const dkkFile = await downloaded(page, () => page.getByTestId('payments-pay').click());
  expect(dkkFile.suggestedFilename()).toMatch(/\.xml$/);
  const dkkXml = await readFile(await dkkFile.path(), 'utf8');
  expect(instructedAmounts(dkkXml)).toEqual(['801.78 DKK']);
  expect(dkkXml).not.toContain('Ccy="EUR"');
  expect(dkkXml).not.toContain('1801.78');
  expect(dkkXml).toContain(DANISH_IBAN);
  await expect(dkkRow).toContainText('Sent');

  // The EUR order paid: 801.78 EUR.
  await eurRow.getByRole('checkbox').check();
  const eurFile = await downloaded(page, () => page.getByTestId('payments-pay').click());
  const eurXml = await readFile(await eurFile.path(), 'utf8');
  expect(instructedAmounts(eurXml)).toEqual(['801.78 EUR']);
  expect(eurXml).not.toContain('1801.78');
  expect(eurXml).toContain(SUPPLIER_IBAN);
  await expect(eurRow).toContainText('Sent');
});
