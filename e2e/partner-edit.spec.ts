import { expect, test, type Locator, type Page } from '@playwright/test';
import { gridRow, isSaveOf, openCodeList, openCodeLists } from './support/code-lists';
import { createFreshOrganization, tableApi } from './support/organization';
import { keepScreen } from './support/screens';

// Valid Slovenian IBANs (national and ISO 7064 check digits right), typed as people write them.
const FIRST_IBAN = 'SI56191000000410170';
const SECOND_IBAN = 'SI56191000000420161';
const spaced = (iban: string) => iban.replace(/(.{4})/g, '$1 ').trim();

/** A partner with two accounts, the first the default, as the API takes it. */
const LIPA = {
  code: 'LIPA',
  name: 'Lipa Trgovina d.o.o.',
  town: 'Kranj',
  countryCode: 'SI',
  isActive: true,
  bankAccounts: [
    { id: -1, code: FIRST_IBAN, bic: 'LJBASI2X', displayText: 'Main account', isDefault: true },
    { id: -2, code: SECOND_IBAN, bic: 'LJBASI2X', displayText: 'Savings', isDefault: false },
  ],
};

const editDialog = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.getByTestId('edit-dialog-form') });
const accounts = (dialog: Locator) => dialog.getByTestId('array-bankAccounts');
const accountRows = (dialog: Locator) => accounts(dialog).getByTestId('array-bankAccounts-row');

/** Adds a bank-account row through the nested grid's own row form. */
async function addAccount(dialog: Locator, iban: string, description: string, isDefault: boolean) {
  const grid = accounts(dialog);
  await grid.getByRole('button', { name: 'Add bank account' }).click();
  await grid.getByLabel('IBAN', { exact: true }).fill(spaced(iban));
  await grid.getByLabel('BIC', { exact: true }).fill('LJBASI2X');
  await grid.getByLabel('Description', { exact: true }).fill(description);
  if (isDefault) await grid.getByLabel('Default', { exact: true }).check();
  await grid.getByRole('button', { name: 'Done' }).click();
}

/** The account rows as the user reads them: their text and whether the Default tick shows. */
async function readAccounts(dialog: Locator) {
  const rows = accountRows(dialog);
  await expect(rows).not.toHaveCount(0);
  const result: { text: string; isDefault: boolean }[] = [];
  for (const row of await rows.all()) {
    result.push({
      text: (await row.innerText()).replace(/\s+/g, ' ').trim(),
      isDefault: (await row.getByRole('img', { name: 'Default' }).count()) === 1,
    });
  }
  return result;
}

async function openRow(page: Page, text: string) {
  await gridRow(page, text).dblclick();
  const dialog = editDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('edit-dialog-form')).toBeVisible();
  return dialog;
}

async function save(page: Page, dialog: Locator) {
  const saved = page.waitForResponse(isSaveOf('partner'));
  await dialog.getByTestId('edit-dialog-save').click();
  const response = await saved;
  expect(response.ok(), await response.text()).toBe(true);
  await expect(dialog).toBeHidden();
  return response;
}

test('a partner is added with two bank accounts, one the default, and reopens with both', async ({
  page,
  request,
}, testInfo) => {
  const organization = await createFreshOrganization(request, 'partner');
  await openCodeLists(page, organization);
  await openCodeList(page, 'partner', 'Partners');
  await expect(page.getByTestId('grid-empty')).toHaveText('There are no records yet.');

  await page.getByTestId('grid-add').click();
  const dialog = editDialog(page);
  await expect(dialog.getByRole('heading', { name: 'Partner: new' })).toBeVisible();
  await dialog.getByLabel('Code', { exact: true }).fill('LIPA');
  await dialog.getByLabel('Name', { exact: true }).fill('Lipa Trgovina d.o.o.');
  await dialog.getByLabel('Town', { exact: true }).fill('Kranj');
  await addAccount(dialog, FIRST_IBAN, 'Main account', true);
  await addAccount(dialog, SECOND_IBAN, 'Savings', false);
  expect(await readAccounts(dialog)).toEqual([
    { text: expect.stringContaining('Main account'), isDefault: true },
    { text: expect.stringContaining('Savings'), isDefault: false },
  ]);
  await keepScreen(page, testInfo, 'add-two-accounts');

  const created = await save(page, dialog);
  expect(created.status()).toBe(201);
  await expect(page.getByTestId('undo-snackbar')).toContainText('Changes saved.');
  await expect(gridRow(page, 'Lipa Trgovina d.o.o.')).toContainText('Kranj');
  await expect(page.getByTestId('grid-status')).toHaveText('Rows: 1');
  await keepScreen(page, testInfo, 'saved-in-grid');

  // Reopened, the dialog is locked (view mode) and shows both accounts as the server keeps them.
  const reopened = await openRow(page, 'Lipa Trgovina d.o.o.');
  // spec §3: the title is the record's displayTitle.
  await expect(
    reopened.getByRole('heading', { name: 'Partner: LIPA - Lipa Trgovina d.o.o.', exact: true }),
  ).toBeVisible();
  await expect(reopened.getByLabel('Name', { exact: true })).toBeDisabled();
  await expect(reopened.getByTestId('edit-dialog-save')).toBeDisabled();
  await expect(accounts(reopened).getByRole('button', { name: 'Add bank account' })).toHaveCount(0);
  expect(await readAccounts(reopened)).toEqual([
    // The saved default account is marked as such (spec §3 isDefaultModel).
    {
      text: expect.stringContaining(`${FIRST_IBAN} Default LJBASI2X Main account`),
      isDefault: true,
    },
    { text: expect.stringContaining(`${SECOND_IBAN} LJBASI2X Savings`), isDefault: false },
  ]);
  await keepScreen(page, testInfo, 'reopened-locked');
});

test('a partner is renamed, and choosing its other account as default clears the first', async ({
  page,
  request,
}, testInfo) => {
  const organization = await createFreshOrganization(request, 'rename');
  const api = tableApi(request, organization);
  const { item } = await api.create('partner', LIPA);
  await openCodeLists(page, organization);
  await openCodeList(page, 'partner', 'Partners');

  let dialog = await openRow(page, 'Lipa Trgovina d.o.o.');
  await dialog.getByTestId('edit-dialog-lock').click();
  await expect(dialog.getByTestId('edit-dialog-save')).toBeDisabled();
  await dialog.getByLabel('Name', { exact: true }).fill('Lipa Trgovina in storitve d.o.o.');
  const renamed = await save(page, dialog);
  expect(renamed.request().method()).toBe('PUT');
  await expect(page.getByTestId('undo-snackbar')).toContainText('Changes saved.');
  await expect(gridRow(page, 'Lipa Trgovina in storitve d.o.o.')).toHaveCount(1);
  await expect(gridRow(page, 'Lipa Trgovina d.o.o.')).toHaveCount(0);

  dialog = await openRow(page, 'Lipa Trgovina in storitve d.o.o.');
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue(
    'Lipa Trgovina in storitve d.o.o.',
  );
  await dialog.getByTestId('edit-dialog-lock').click();
  const savings = accountRows(dialog).filter({ hasText: 'Savings' });
  await savings.getByRole('button', { name: 'Edit row' }).click();
  await accounts(dialog).getByLabel('Default', { exact: true }).check();
  await accounts(dialog).getByRole('button', { name: 'Done' }).click();
  // spec §4: the first account's default is cleared at once, before saving.
  expect(await readAccounts(dialog)).toEqual([
    { text: expect.stringContaining('Main account'), isDefault: false },
    { text: expect.stringContaining('Savings'), isDefault: true },
  ]);
  await keepScreen(page, testInfo, 'default-moved');
  await save(page, dialog);

  dialog = await openRow(page, 'Lipa Trgovina in storitve d.o.o.');
  expect(await readAccounts(dialog)).toEqual([
    { text: expect.stringContaining('Main account'), isDefault: false },
    { text: expect.stringContaining('Savings'), isDefault: true },
  ]);
  const stored = await api.read('partner', item.key);
  expect(stored.bankAccounts).toEqual([
    expect.objectContaining({ code: FIRST_IBAN, isDefault: false }),
    expect.objectContaining({ code: SECOND_IBAN, isDefault: true }),
  ]);
});

test('a partner deleted from the grid comes back, with its bank accounts, by Undo within 8 s', async ({
  page,
  request,
}, testInfo) => {
  const organization = await createFreshOrganization(request, 'undo');
  await tableApi(request, organization).create('partner', {
    ...LIPA,
    code: 'ZITO',
    name: 'Žito Ljubljana d.o.o.',
  });
  await openCodeLists(page, organization);
  await openCodeList(page, 'partner', 'Partners');

  await page.getByRole('checkbox', { name: 'Select ZITO - Žito Ljubljana d.o.o.' }).check();
  await page.getByTestId('grid-delete-selected').click();
  const confirm = page.getByTestId('grid-delete-dialog');
  await expect(confirm.getByRole('dialog')).toContainText(
    'Delete the selected records? Records to delete: 1.',
  );
  const deleted = page.waitForResponse(
    (r) => r.request().method() === 'DELETE' && new URL(r.url()).pathname === '/api/cl/partner',
  );
  await page.getByTestId('grid-delete-confirm').click();
  expect((await deleted).status()).toBe(200);
  const deletedAt = Date.now();

  const snackbar = page.getByTestId('undo-snackbar');
  await expect(snackbar).toContainText('Record deleted.');
  await expect(page.getByTestId('grid-empty')).toHaveText('There are no records yet.');
  await keepScreen(page, testInfo, 'deleted-undo-offered');

  const undone = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname.startsWith('/api/undo/'),
  );
  await snackbar.getByRole('button', { name: 'Undo' }).click();
  expect(Date.now() - deletedAt).toBeLessThan(8_000);
  expect((await undone).status()).toBe(200);
  await expect(snackbar).toBeHidden();
  await expect(gridRow(page, 'Žito Ljubljana d.o.o.')).toHaveCount(1);
  await keepScreen(page, testInfo, 'undone');

  const dialog = await openRow(page, 'Žito Ljubljana d.o.o.');
  expect(await readAccounts(dialog)).toEqual([
    { text: expect.stringContaining('Main account'), isDefault: true },
    { text: expect.stringContaining('Savings'), isDefault: false },
  ]);
});

test('a bank account added in the form starts active, as a new bank account does on the server', async ({
  page,
  request,
}) => {
  const organization = await createFreshOrganization(request, 'active');
  await openCodeLists(page, organization);
  await openCodeList(page, 'partner', 'Partners');
  await page.getByTestId('grid-add').click();
  const dialog = editDialog(page);
  await dialog.getByLabel('Code', { exact: true }).fill('AKTIVEN');
  await dialog.getByLabel('Name', { exact: true }).fill('Aktiven partner d.o.o.');
  await accounts(dialog).getByRole('button', { name: 'Add bank account' }).click();
  await expect(accounts(dialog).getByLabel('Active', { exact: true })).toBeChecked({
    timeout: 2_000,
  });
});
