import { expect, test } from '@playwright/test';
import { gridRow, openCodeList, openCodeLists } from './support/code-lists';
import { createFreshOrganization } from './support/organization';
import { keepScreen } from './support/screens';

test('the code-list browser lists the tables of GET /api/cl; Countries can be searched and sorted by a header', async ({
  page,
  request,
}, testInfo) => {
  const organization = await createFreshOrganization(request, 'browse');
  const entities = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/cl');
  await openCodeLists(page, organization);
  const listed = (
    (await (await entities).json()) as { items: { name: string; label: string; root: boolean }[] }
  ).items.filter((item) => !item.root);

  // The sidebar shows every code list the server listed, in its order; the first one opens.
  // Root tables (documents, later payments) have their own screens and stay out of it.
  const sidebar = page.getByTestId('code-lists-sidebar').getByRole('link');
  await expect(sidebar).toHaveText(listed.map((item) => item.label));
  expect(listed.map((item) => item.name)).toEqual(
    expect.arrayContaining(['partner', 'country', 'currency', 'costCenter']),
  );
  const first = listed[0];
  await expect(page).toHaveURL(new RegExp(`/o/${organization.organizationId}/cl/${first?.name}$`));
  await expect(sidebar.first()).toHaveAttribute('aria-current', 'page');

  await openCodeList(page, 'country', 'Countries');
  await expect(page.getByTestId('code-list-readonly')).toHaveText(
    'You may view this code list but not change it.',
  );
  // Global reference data: read-only for an organisation's admin, so no add or import.
  await expect(page.getByTestId('grid-add')).toHaveCount(0);
  await expect(page.getByTestId('grid-import')).toHaveCount(0);
  const status = page.getByTestId('grid-status');
  await expect(status).toHaveText(/^Rows: \d+$/);
  const allCount = Number((await status.textContent())?.replace(/\D/g, ''));
  expect(allCount).toBeGreaterThan(200);
  const rows = page.getByTestId('grid-table').getByTestId('grid-row');
  // Virtual scrolling: only the rows in view (and a margin) are in the page.
  expect(await rows.count()).toBeLessThan(allCount);
  // The server's default order (code asc) and the schema's columns with their labels.
  await expect(rows.first()).toContainText('AD');
  await expect(rows.first()).toContainText('Andorra');
  await expect(gridRow(page, 'Slovenia')).toHaveCount(0);
  await expect(page.getByRole('columnheader')).toHaveText([
    '',
    'Code',
    'Name',
    'Name (Slovenian)',
    'SEPA',
  ]);
  await keepScreen(page, testInfo, 'countries');

  const searched = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/cl/country' && r.url().includes('search=sloven'),
  );
  await page.getByRole('searchbox', { name: 'Search' }).fill('sloven');
  expect((await searched).status()).toBe(200);
  await expect(status).not.toHaveText(`Rows: ${allCount}`);
  const found = await rows.allInnerTexts();
  expect(found.length).toBeGreaterThan(0);
  expect(found.length).toBeLessThan(10);
  await expect(gridRow(page, 'Slovenia')).toHaveCount(1);
  expect(found.every((text) => /sloven/i.test(text))).toBe(true);
  await expect(status).toHaveText(`Rows: ${found.length}`);
  await keepScreen(page, testInfo, 'countries-searched');

  await page.getByRole('searchbox', { name: 'Search' }).fill('');
  await expect(status).toHaveText(`Rows: ${allCount}`);

  // A header click sorts by that column; the second click turns the order round.
  const codeHeader = page.getByTestId('grid-header-code');
  const codes = () => rows.locator('td:nth-child(2)').allInnerTexts();
  const sortedAsc = page.waitForResponse((r) => r.url().includes('sort=code+asc'));
  await page.getByTestId('grid-sort-code').click();
  await sortedAsc;
  await expect(codeHeader).toHaveAttribute('aria-sort', 'ascending');
  const sortedDesc = page.waitForResponse((r) => r.url().includes('sort=code+desc'));
  await page.getByTestId('grid-sort-code').click();
  await sortedDesc;
  await expect(codeHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(rows.first().locator('td').nth(1)).toHaveText('ZW');
  const shown = await codes();
  expect(shown).toEqual([...shown].sort().reverse());

  const byName = page.waitForResponse((r) => r.url().includes('sort=name+asc'));
  await page.getByTestId('grid-sort-name').click();
  await byName;
  await expect(page.getByTestId('grid-header-name')).toHaveAttribute('aria-sort', 'ascending');
  await expect(codeHeader).not.toHaveAttribute('aria-sort');
  await expect(rows.first()).toContainText('Afghanistan');
  await keepScreen(page, testInfo, 'countries-sorted-by-name');
});
