import { expect, test, type Page } from '@playwright/test';
import { gridRow, isSaveOf, openCodeList, openCodeLists } from './support/code-lists';
import { createFreshOrganization, tableApi } from './support/organization';
import { keepScreen } from './support/screens';

// Valid Slovenian IBANs and VAT ID (check digits right).
const MAIN_IBAN = 'SI56191000000410170';
const SAVINGS_IBAN = 'SI56191000000420161';
const VAT_ID = 'SI50223054';

const editDialog = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.getByTestId('edit-dialog-form') });

test("a partner's bank account search offers the accounts known for the same company and adds one", async ({
  page,
  request,
}, testInfo) => {
  const organization = await createFreshOrganization(request, 'banksearch');
  const api = tableApi(request, organization);
  await api.create('partner', {
    code: 'LIPA',
    name: 'Lipa Trgovina d.o.o.',
    vatId: VAT_ID,
    countryCode: 'SI',
    bankAccounts: [
      { id: -1, code: MAIN_IBAN, bic: 'LJBASI2X', displayText: 'Main account', isDefault: true },
      { id: -2, code: SAVINGS_IBAN, bic: 'LJBASI2X', displayText: 'Savings', isDefault: false },
    ],
  });
  // The same company typed twice, already holding the main account (the server warns about
  // the VAT ID in use; the spec overrides the warning as a user would).
  const twin = await request.post('/api/cl/partner?ignoreWarnings=true', {
    headers: { authorization: organization.apikey, 'organization-id': organization.organizationId },
    data: {
      code: 'LIPA2',
      name: 'Lipa Kranj',
      vatId: VAT_ID,
      countryCode: 'SI',
      bankAccounts: [{ id: -1, code: MAIN_IBAN, bic: 'LJBASI2X', isDefault: true }],
    },
  });
  expect(twin.status(), await twin.text()).toBe(201);

  await openCodeLists(page, organization);
  await openCodeList(page, 'partner', 'Partners');
  await gridRow(page, 'Lipa Kranj').dblclick();
  const dialog = editDialog(page);
  await expect(dialog.getByTestId('edit-dialog-form')).toBeVisible();
  await dialog.getByTestId('edit-dialog-lock').click();

  const accounts = dialog.getByTestId('array-bankAccounts');
  await accounts.getByRole('button', { name: 'Search known accounts' }).click();
  const known = accounts.getByRole('list', { name: 'Known accounts not yet in the list' });
  // Only the savings account: the main one is in the list already.
  await expect(known.getByRole('listitem')).toHaveCount(1);
  await expect(known.getByRole('listitem')).toContainText(SAVINGS_IBAN);
  await expect(known.getByRole('listitem')).toContainText('Savings · LIPA – Lipa Trgovina d.o.o.');
  await keepScreen(page, testInfo, 'known-accounts');

  // Typed as people write it: spaces and lower case.
  const box = accounts.getByLabel('Add accounts by IBAN');
  await box.fill('si56 1910 0000 0410');
  await expect(accounts.getByText('No other known accounts.')).toBeVisible();
  await box.fill('si56 1910 0000 0420');
  await accounts.getByRole('button', { name: `Add ${SAVINGS_IBAN}` }).click();
  await expect(accounts.getByTestId('array-bankAccounts-row')).toHaveCount(2);
  await expect(accounts.getByText('No other known accounts.')).toBeVisible();

  // The VAT ID in use warns on every save of the twin: Continue anyway saves it.
  const warned = page.waitForResponse(isSaveOf('partner'));
  await dialog.getByTestId('edit-dialog-save').click();
  expect((await warned).status()).toBe(400);
  const saved = page.waitForResponse(isSaveOf('partner'));
  await page.getByRole('button', { name: 'Continue anyway' }).click();
  const response = await saved;
  expect(response.ok(), await response.text()).toBe(true);
  const body = (await response.json()) as { item: { bankAccounts: { code: string }[] } };
  expect(body.item.bankAccounts.map((account) => account.code).sort()).toEqual([
    MAIN_IBAN,
    SAVINGS_IBAN,
  ]);
  await keepScreen(page, testInfo, 'known-account-added');
});
