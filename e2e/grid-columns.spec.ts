import { expect, test, type Page } from '@playwright/test';
import { ORGANIZATION_HOME, organizationIdOf, submitLogin } from './support/app';
import { registerUser } from './support/organization';

/**
 * Issue 24, grids: a new organisation's grids show the table's default columns (not every
 * field), the status, state, package and payment columns in view at 1440 × 900 without
 * scrolling sideways, and a user's choice of columns survives a reload until reset.
 */
test.use({ viewport: { width: 1440, height: 900 } });

/** The shown columns' names, in order, from their header cells. */
async function headerNames(page: Page): Promise<string[]> {
  const ids = await page
    .getByTestId('grid-table')
    .locator('thead th[data-testid^="grid-header-"]')
    .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-testid') ?? ''));
  return ids.map((id) => id.replace('grid-header-', ''));
}

/** The grid scrolls sideways by no pixel, and each header lies inside the visible area. */
async function expectInView(page: Page, names: string[]) {
  const scroller = page.getByTestId('grid-table').locator('xpath=..');
  const { scrollWidth, clientWidth } = await scroller.evaluate((element) => ({
    scrollWidth: element.scrollWidth,
    clientWidth: element.clientWidth,
  }));
  expect(scrollWidth, 'the grid needs no horizontal scrolling').toBeLessThanOrEqual(clientWidth);
  const area = await scroller.boundingBox();
  for (const name of names) {
    const header = await page.getByTestId(`grid-header-${name}`).boundingBox();
    expect(header, name).not.toBeNull();
    expect((header?.x ?? 0) + (header?.width ?? 0), name).toBeLessThanOrEqual(
      (area?.x ?? 0) + (area?.width ?? 0) + 1,
    );
  }
}

test('a new organisation’s grids show their default columns, in view, and keep the user’s choice', async ({
  page,
  request,
}) => {
  // Registers, creates an organisation and opens four grids, with two reloads.
  test.setTimeout(120_000);
  const user = await registerUser(request, 'gridcols');
  await page.goto('/account/login');
  await submitLogin(page, user.username, user.password);
  // A user without organisations is offered to add one (spec §4).
  await page.getByTestId('goto-addorg').click();
  await expect(page).toHaveURL('/account/addorg');
  await page.getByTestId('addorg-name').fill(`Stolpci ${user.username} d.o.o.`);
  await page.getByTestId('addorg-create').click();
  await expect(page).toHaveURL(ORGANIZATION_HOME);
  const base = `/o/${organizationIdOf(page)}`;

  // Payments: the default set, not the 36 fields of an order, with no header twice.
  await page.goto(`${base}/payments`);
  await expect(page.getByTestId('grid-empty')).toBeVisible();
  const orderColumns = [
    'recipientIdCb',
    'recipientIBAN',
    'recipientReference',
    'amount',
    'currencyCode',
    'executionDate',
    'state',
    'payPackageId',
  ];
  expect(await headerNames(page)).toEqual(orderColumns);
  const texts = await page.locator('thead th').allInnerTexts();
  expect(new Set(texts).size).toBe(texts.length);
  await expectInView(page, ['state', 'payPackageId', 'amount']);

  // The work list: status and payment in view.
  await page.goto(`${base}/work/index`);
  await expect(page.getByTestId('grid-empty')).toBeVisible();
  expect(await headerNames(page)).toContain('paymentState');
  await expectInView(page, ['status', 'paymentState', 'totalAmount']);

  // Hide the reference and move the state up: kept on the server, so a reload shows it.
  await page.goto(`${base}/payments`);
  await expect(page.getByTestId('grid-empty')).toBeVisible();
  await page.getByTestId('grid-columns').click();
  const dialog = page.getByTestId('grid-columns-dialog');
  await dialog.getByTestId('grid-columns-show-recipientReference').uncheck();
  // By keyboard: the moved column's button keeps the focus.
  await dialog.getByTestId('grid-columns-up-state').focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(dialog.getByTestId('grid-columns-up-state')).toBeFocused();
  await dialog.getByTestId('grid-columns-done').click();
  const chosen = [
    'recipientIdCb',
    'recipientIBAN',
    'amount',
    'state',
    'currencyCode',
    'executionDate',
    'payPackageId',
  ];
  await expect.poll(() => headerNames(page)).toEqual(chosen);
  await page.reload();
  await expect(page.getByTestId('grid-empty')).toBeVisible();
  expect(await headerNames(page)).toEqual(chosen);

  // Reset: the defaults again, after a reload too.
  await page.getByTestId('grid-columns').click();
  await page.getByTestId('grid-columns-reset').click();
  await page.getByTestId('grid-columns-done').click();
  await expect.poll(() => headerNames(page)).toEqual(orderColumns);
  await page.reload();
  await expect(page.getByTestId('grid-empty')).toBeVisible();
  expect(await headerNames(page)).toEqual(orderColumns);
});
