import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { chooseLanguage, signIn } from './support/app';
import { activatedInvoice } from './support/approval';
import { expectNoSeriousViolations } from './support/axe';
import { approvedDocument, payingOrganization, SUPPLIER_IBAN } from './support/payments';
import { realOrigin, useProductionHost } from './support/production-host';
import { keepScreen, SCREENS_DIR } from './support/screens';
import { readZip } from './support/zip';

/**
 * Issue 27, the reports of a finance lead: payables aging and cash needed for a new
 * organisation with two invoices (one approved, one still waiting for approval), in English
 * and Slovenian, a filter changed, a supplier's amount, a bucket's bar and a bucket's total
 * opening exactly the documents they count, the table exported to .xlsx and read back, and
 * each report checked by axe. A second organisation of the same user brings the view across
 * both.
 */
const DOCS_SCREENS = path.join(import.meta.dirname, '..', 'docs', 'screens');

// As in a11y.spec.ts: pages by a production host name (support/production-host.ts).
useProductionHost();

test('payables aging and cash needed: filters, drill-down, xlsx, both languages, across organisations', async ({
  page,
  playwright,
}, testInfo) => {
  test.setTimeout(180_000);
  const request = await playwright.request.newContext({ baseURL: realOrigin(testInfo) });
  const paying = await payingOrganization(request, 'reports');
  const { org } = paying;
  const cistilni = await paying.api.create('partner', {
    code: 'CIST',
    name: 'Čistilni servis Žnidaršič d.o.o.',
    countryCode: 'SI',
    isActive: true,
    bankAccounts: [],
  });
  const tiskarna = await paying.api.create('partner', {
    code: 'TISK',
    name: 'Tiskarna Tisk d.o.o.',
    countryCode: 'SI',
    isActive: true,
    bankAccounts: [],
  });
  const suffix = Date.now().toString(36);
  // Approved (archived at the end of its route): owed, and cash needed in the week of 9 Nov.
  await approvedDocument(request, paying, {
    customerKey: cistilni.item.key,
    number: `R27-A-${suffix}`,
    issueDate: '2026-11-01',
    dueDate: '2026-11-10',
    currencyCode: 'EUR',
    netAmount: '200.00',
    vatAmount: '44.00',
    totalAmount: '244.00',
    paymentIban: SUPPLIER_IBAN,
    costLines: [],
  });
  // Waiting for approval: owed (it was activated), but not yet cash needed.
  await activatedInvoice(
    request,
    {
      headers: { authorization: org.apikey, 'organization-id': org.organizationId },
      documentTypeId: paying.documentTypeId,
      supplierKey: tiskarna.item.key,
    },
    `R27-B-${suffix}`,
  );
  // A second organisation of the same user, owing nothing.
  const second = await request.post('/api/organization', {
    headers: { authorization: org.apikey },
    data: { name: `${org.name} II` },
  });
  expect(second.ok(), await second.text()).toBe(true);

  await signIn(page, org.username, org.password);
  await page.goto(`/o/${org.organizationId}/home`);
  await page.getByTestId('reports-button').click();
  await expect(page).toHaveURL(new RegExp(`/o/${org.organizationId}/reports$`));
  await expect(page.getByRole('heading', { name: 'Payables aging' })).toBeVisible();

  // As of 5 January 2027: the approved one 56 days past due, the waiting one 16.
  const filters = page.getByTestId('report-filters');
  await filters.getByRole('textbox', { name: 'As of' }).fill('05.01.2027');
  await filters.getByRole('textbox', { name: 'As of' }).press('Tab');
  await expect(page).toHaveURL(/asOf=2027-01-05/);
  const table = page.getByTestId('aging-table');
  const row = (name: string) => table.getByTestId('aging-row').filter({ hasText: name });
  await expect(row('Čistilni').getByTestId('aging-days31to60')).toHaveText('244,00\u00a0EUR');
  await expect(row('Čistilni').getByTestId('aging-total')).toHaveText('244,00\u00a0EUR');
  await expect(row('Tiskarna').getByTestId('aging-days1to30')).toHaveText('122,00\u00a0EUR');
  await expect(table.getByTestId('aging-totals').getByTestId('aging-total')).toHaveText(
    '366,00\u00a0EUR',
  );
  await expect(page.getByTestId('report-chart')).toContainText('Čistilni servis Žnidaršič d.o.o.');
  await expectNoSeriousViolations(page, testInfo, 'reports-aging');
  await keepScreen(page, testInfo, 'aging');

  // A link reproduces the view.
  const agingUrl = page.url();
  await page.reload();
  await expect(row('Tiskarna').getByTestId('aging-days1to30')).toHaveText('122,00\u00a0EUR');

  // Exported, the sheet holds the same lines and figures.
  const downloading = page.waitForEvent('download');
  await page.getByTestId('report-export').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('aging-2027-01-05.xlsx');
  const file = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(file);
  const entries = readZip(fs.readFileSync(file));
  const text = (name: string) =>
    entries.find((entry) => entry.name === name)?.content.toString('utf8') ?? '';
  const strings = text('xl/sharedStrings.xml');
  const sheet = text('xl/worksheets/sheet1.xml');
  for (const word of ['Čistilni servis Žnidaršič d.o.o.', 'Tiskarna Tisk d.o.o.', '31–60 days'])
    expect(strings).toContain(word);
  for (const value of ['244', '122', '366']) expect(sheet).toContain(`<v>${value}</v>`);

  // A supplier's amount opens its documents.
  await row('Čistilni').getByTestId('aging-total').getByRole('link').click();
  await expect(page).toHaveURL(
    new RegExp(`/work/index\\?filter=customerKey%3A${cistilni.item.key}`),
  );
  await expect(page.getByText(`R27-A-${suffix}`).first()).toBeVisible();
  await expect(page.getByText(`R27-B-${suffix}`)).toHaveCount(0);

  // A chart's segment opens exactly the documents it counts: Tiskarna's 1–30 days past due,
  // its one invoice, due between 6 December and 4 January.
  const documents = page.getByTestId('grid-table').getByTestId('grid-row');
  await page.goto(agingUrl);
  await page
    .getByTestId('report-chart')
    .locator(`g[data-series="${tiskarna.item.key}"] rect`)
    .locator('visible=true')
    .click();
  await expect(page).toHaveURL(
    new RegExp(
      `/work/index\\?.*filter=customerKey%3A${tiskarna.item.key}.*filter=dueDate%3A2026-12-06..2027-01-04`,
    ),
  );
  await expect(documents).toHaveCount(1);
  await expect(documents).toContainText(`R27-B-${suffix}`);
  // The totals line's 31–60 days: every supplier, and only the approved invoice is that late.
  await page.goto(agingUrl);
  await table
    .getByTestId('aging-totals')
    .getByTestId('aging-days31to60')
    .getByRole('link', { name: 'Documents – Total, 31–60 days: 244,00\u00a0EUR' })
    .click();
  await expect(page).toHaveURL(/filter=dueDate%3A2026-11-06..2026-12-05/);
  await expect(documents).toHaveCount(1);
  await expect(documents).toContainText(`R27-A-${suffix}`);

  // Cash needed from 2 November: only the approved one, not yet ordered, in the week of 9 Nov.
  await page.goto(`/o/${org.organizationId}/reports/cash?from=2026-11-02`);
  const cash = page.getByTestId('cash-table');
  const week = cash.getByTestId('cash-week');
  await expect(week).toHaveCount(1);
  await expect(week.getByRole('rowheader')).toHaveText('Week of 09.11.2026');
  await expect(week.getByTestId('cash-notOrdered')).toHaveText('244,00\u00a0EUR');
  await expect(week.getByTestId('cash-total')).toHaveText('244,00\u00a0EUR');
  await expectNoSeriousViolations(page, testInfo, 'reports-cash');
  await keepScreen(page, testInfo, 'cash');
  // Printed, the report stands alone: no toolbar, tabs or filters.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByTestId('report-filters')).toBeHidden();
  await expect(page.getByRole('tablist')).toBeHidden();
  await expect(cash).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  // Across both organisations of the user: a line for the one that owes.
  await page.goto(agingUrl);
  // The switch follows the address, which changes a moment after the click.
  await page.getByTestId('report-across').click();
  await expect(page).toHaveURL(/across=1/);
  await expect(page.getByTestId('report-across')).toBeChecked();
  const across = page.getByTestId('aging-across-row');
  await expect(across).toHaveCount(1);
  await expect(across).toContainText(org.name);
  await expect(across.getByTestId('aging-total')).toHaveText('366,00\u00a0EUR');
  // Its chart stacks the buckets by organisation, named in the legend.
  await expect(page.getByTestId('report-chart')).toContainText(org.name);

  // In Slovenian.
  await chooseLanguage(page, 'sl');
  await page.goto(agingUrl);
  await expect(page.getByRole('heading', { name: 'Starost obveznosti' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: '31–60 dni' })).toBeVisible();
  await expect(row('Čistilni').getByTestId('aging-days31to60')).toHaveText('244,00\u00a0EUR');
  await page.getByTestId('reports-tab-cash').click();
  await expect(page.getByRole('heading', { name: 'Potreba po denarju' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Brez naloga' })).toBeVisible();
  await expectNoSeriousViolations(page, testInfo, 'reports-cash-sl');

  fs.mkdirSync(DOCS_SCREENS, { recursive: true });
  for (const state of ['aging', 'cash'])
    fs.copyFileSync(
      path.join(SCREENS_DIR, `reports-${state}.png`),
      path.join(DOCS_SCREENS, `reports-${state}.png`),
    );
});
