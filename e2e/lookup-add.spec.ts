import { expect, test } from '@playwright/test';
import { gridRow, openCodeList, openCodeLists } from './support/code-lists';
import { createFreshOrganization } from './support/organization';
import { keepScreen } from './support/screens';

test("a lookup's Add new… opens the referenced table's edit dialog stacked over the form; the saved record becomes the lookup's value", async ({
  page,
  request,
}, testInfo) => {
  const organization = await createFreshOrganization(request, 'lookup');
  await openCodeLists(page, organization);
  await openCodeList(page, 'partner', 'Partners');

  await page.getByTestId('grid-add').click();
  const dialogs = page.getByTestId('edit-dialog');
  const partnerDialog = page.getByRole('dialog', { name: 'Partner: new' });
  await expect(partnerDialog).toBeVisible();
  await partnerDialog.getByLabel('Name', { exact: true }).fill('Čebela d.o.o.');
  const lookup = partnerDialog.getByRole('combobox', { name: 'Default cost centre' });

  const searched = page.waitForResponse(
    (r) =>
      new URL(r.url()).pathname === '/api/cl/costCenter' && r.url().includes('search=Marketing'),
  );
  await lookup.fill('Marketing');
  await searched;
  const options = page.getByRole('listbox');
  await expect(options.getByRole('option')).toHaveText(['Add new…']);
  await options.getByRole('option', { name: 'Add new…' }).click();

  // Two dialogs: the new cost centre on top, the partner moved aside but still in view.
  await expect(dialogs).toHaveCount(2);
  const costCentreDialog = dialogs.and(page.locator('[data-depth="0"]'));
  const parent = dialogs.and(page.locator('[data-depth="1"]'));
  // The parent is behind the top dialog's backdrop, so it is out of the accessibility tree.
  await expect(parent).toHaveAttribute('aria-hidden', 'true');
  await expect(parent.getByTestId('field-name')).toHaveValue('Čebela d.o.o.');
  const costCentreForm = costCentreDialog.getByTestId('edit-dialog-form');
  await expect(costCentreForm).toBeVisible();
  // The typed text becomes the new record's name.
  await expect(costCentreForm.getByLabel('Name', { exact: true })).toHaveValue('Marketing');
  const parentBox = await parent.locator('[role="dialog"]').boundingBox();
  const topBox = await costCentreDialog.getByRole('dialog').boundingBox();
  expect(parentBox?.x).toBeLessThan(topBox?.x ?? 0);
  expect(parentBox?.width).toBeGreaterThan(0);
  await costCentreForm.getByLabel('Code', { exact: true }).fill('MKT');
  await keepScreen(page, testInfo, 'stacked-dialogs');

  const saved = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/cl/costCenter',
  );
  await costCentreDialog.getByTestId('edit-dialog-save').click();
  expect((await saved).status()).toBe(201);
  await expect(dialogs).toHaveCount(1);
  await expect(lookup).toHaveValue('MKT – Marketing');
  await keepScreen(page, testInfo, 'lookup-filled');

  // The partner saves with the new cost centre as its default; the cost centre is a record of
  // its own table.
  await partnerDialog.getByLabel('Code', { exact: true }).fill('CEB');
  const partnerSaved = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/cl/partner',
  );
  await partnerDialog.getByTestId('edit-dialog-save').click();
  const partner = await partnerSaved;
  expect(partner.status()).toBe(201);
  expect(((await partner.json()) as { item: { costCenterCode: string } }).item.costCenterCode).toBe(
    'MKT',
  );
  await expect(dialogs).toHaveCount(0);
  await openCodeList(page, 'costCenter', 'Cost centres');
  await expect(gridRow(page, 'Marketing')).toContainText('MKT');
});
