import { expect, test, type Page } from '@playwright/test';
import { gridRow, isSaveOf, openCodeList, openCodeLists } from './support/code-lists';
import { createFreshOrganization, tableApi } from './support/organization';
import { keepScreen } from './support/screens';

const editDialog = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.getByTestId('edit-dialog-form') });

test("the server's errors land on their fields (VAT ID, a duplicate code, an account's IBAN) and each clears when its field is edited", async ({
  page,
  request,
}, testInfo) => {
  const organization = await createFreshOrganization(request, 'errors');
  await tableApi(request, organization).create('partner', {
    code: 'ALPE',
    name: 'Alpe d.o.o.',
    countryCode: 'SI',
    isActive: true,
    bankAccounts: [],
  });
  await openCodeLists(page, organization);
  await openCodeList(page, 'partner', 'Partners');

  // Each of these passes the form's own rules; only the server knows them to be wrong
  // (partner.ts: the VAT ID check digit and the unique code; bank-account.ts: the IBAN check).
  await page.getByTestId('grid-add').click();
  const dialog = editDialog(page);
  const code = dialog.getByLabel('Code', { exact: true });
  const vatId = dialog.getByLabel('VAT ID', { exact: true });
  const accounts = dialog.getByTestId('array-bankAccounts');
  const accountRow = accounts.getByTestId('array-bankAccounts-row');
  await code.fill('ALPE');
  await dialog.getByLabel('Name', { exact: true }).fill('Alpe Adria d.o.o.');
  await vatId.fill('SI12345678');
  await accounts.getByRole('button', { name: 'Add bank account' }).click();
  await accounts.getByLabel('IBAN', { exact: true }).fill('SI56191000000410171');
  await accounts.getByRole('button', { name: 'Done' }).click();

  const refused = page.waitForResponse(isSaveOf('partner'));
  await dialog.getByTestId('edit-dialog-save').click();
  expect((await refused).status()).toBe(400);

  const vatIdMessage = 'This is not a valid Slovenian VAT ID (SI and 8 digits with a check digit).';
  const codeMessage = 'ALPE is already used by another record.';
  const ibanMessage = 'The IBAN check digits are wrong; check for a typo.';
  await expect(vatId).toHaveAttribute('aria-invalid', 'true');
  await expect(vatId).toHaveAccessibleDescription(vatIdMessage);
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expect(code).toHaveAccessibleDescription(codeMessage);
  await expect(accountRow.getByRole('alert')).toHaveText(ibanMessage);
  // Messages with a field are shown there only, not in the summary (spec §5).
  await expect(dialog.getByTestId('edit-dialog-form-summary')).toHaveCount(0);
  await expect(dialog.getByRole('heading', { name: 'Partner: new' })).toBeVisible();
  await code.scrollIntoViewIfNeeded();
  await keepScreen(page, testInfo, 'errors-on-fields');

  // Editing a field clears its own server message and no other.
  await vatId.fill('SI12345679');
  await expect(vatId).not.toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText(vatIdMessage)).toHaveCount(0);
  await expect(code).toHaveAccessibleDescription(codeMessage);
  await expect(accountRow.getByRole('alert')).toHaveText(ibanMessage);

  await code.fill('ALPE-ADRIA');
  await expect(dialog.getByText(codeMessage)).toHaveCount(0);
  await expect(code).not.toHaveAttribute('aria-invalid', 'true');

  await accountRow.getByRole('button', { name: 'Edit row' }).click();
  await accounts.getByLabel('IBAN', { exact: true }).fill('SI56191000000410170');
  await expect(accounts.getByText(ibanMessage)).toHaveCount(0);
  await accounts.getByRole('button', { name: 'Done' }).click();
  await keepScreen(page, testInfo, 'errors-cleared');

  const created = page.waitForResponse(isSaveOf('partner'));
  await dialog.getByTestId('edit-dialog-save').click();
  expect((await created).status()).toBe(201);
  await expect(dialog).toBeHidden();
  await expect(gridRow(page, 'Alpe Adria d.o.o.')).toContainText('SI12345679');
});

test('a save answered with warnings only asks in a dialog titled Error; Continue anyway saves with ignoreWarnings', async ({
  page,
  request,
}, testInfo) => {
  // A second partner with a VAT ID already in use is a warning (partner.ts: sameVatIdWarning).
  const vatId = 'SI12345679';
  const warning = `Partner SUMI – Šumi d.o.o. already has VAT ID ${vatId}; save anyway only if this is really another partner.`;
  const saves: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'POST' && url.pathname === '/api/cl/partner') saves.push(url.search);
  });
  const organization = await createFreshOrganization(request, 'warnings');
  await tableApi(request, organization).create('partner', {
    code: 'SUMI',
    name: 'Šumi d.o.o.',
    countryCode: 'SI',
    vatId,
    isActive: true,
    bankAccounts: [],
  });
  await openCodeLists(page, organization);
  await openCodeList(page, 'partner', 'Partners');

  await page.getByTestId('grid-add').click();
  const dialog = editDialog(page);
  await dialog.getByLabel('Code', { exact: true }).fill('SUMI2');
  await dialog.getByLabel('Name', { exact: true }).fill('Šumi podružnica Celje');
  await dialog.getByLabel('VAT ID', { exact: true }).fill(vatId);

  const prompt = page.getByRole('dialog', { name: 'Error' });
  await dialog.getByTestId('edit-dialog-save').click();
  await expect(prompt).toBeVisible();
  await expect(prompt.getByTestId('edit-dialog-prompt-warnings-text')).toHaveText(
    `Note: ${warning}`,
  );
  await expect(prompt.getByRole('button', { name: 'Continue anyway' })).toBeVisible();
  await keepScreen(page, testInfo, 'warnings-prompt');

  // Cancel leaves the record unsaved and the dialog open as it was.
  await prompt.getByRole('button', { name: 'Cancel' }).click();
  await expect(prompt).toBeHidden();
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue('Šumi podružnica Celje');
  await expect(gridRow(page, 'Šumi podružnica Celje')).toHaveCount(0);

  await dialog.getByTestId('edit-dialog-save').click();
  await expect(prompt).toBeVisible();
  const saved = page.waitForResponse(isSaveOf('partner'));
  await prompt.getByRole('button', { name: 'Continue anyway' }).click();
  expect((await saved).status()).toBe(201);
  await expect(prompt).toBeHidden();
  await expect(dialog).toBeHidden();
  await expect(gridRow(page, 'Šumi podružnica Celje')).toContainText('SUMI2');
  expect(saves).toEqual(['', '', '?ignoreWarnings=true']);
});
