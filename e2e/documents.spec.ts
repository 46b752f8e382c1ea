import fs from 'node:fs';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { organizationIdOf, signIn } from './support/app';
import { gridRow } from './support/code-lists';
import { onePagePdf, PIXEL_PNG } from './support/documents';
import { keepScreen } from './support/screens';
import { readZip } from './support/zip';

/** The server's message on each field a document still needs before activation. */
const neededFor = (number: string) =>
  `${number}: this field is needed before the document is activated.`;

/** A home tile's count as the user reads it ("1.234" in Slovenian). */
const tileCount = async (page: Page, filterId: string) =>
  Number(
    (
      await page.getByTestId(`home-tile-${filterId}`).getByTestId('home-tile-count').innerText()
    ).replace(/\D/g, ''),
  );

/**
 * An incoming invoice needs its partner, dates and total before it is activated: refused
 * first, with each missing field named, then filled in, saved and activated.
 */
async function completeAndActivate(page: Page, testInfo: TestInfo, number: string) {
  const form = page.getByTestId('doc-form');
  const status = page.getByTestId('doc-status');
  await form.getByRole('combobox', { name: 'Document type' }).fill('Incoming');
  await page.getByRole('option', { name: 'INV – Incoming invoice' }).click();
  await page.getByTestId('doc-save').click();
  await expect(page.getByTestId('undo-snackbar')).toContainText('Changes saved.');
  await expect(form.getByRole('combobox', { name: 'Document type' })).toHaveValue(
    'INV – Incoming invoice',
  );

  await page.getByTestId('doc-activate').click();
  const missing = [
    form.getByRole('combobox', { name: 'Partner' }),
    form.getByRole('textbox', { name: 'Issue date' }),
    form.getByRole('textbox', { name: 'Due date' }),
    form.getByRole('textbox', { name: 'Total' }),
  ];
  for (const field of missing) {
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(neededFor(number));
  }
  await expect(form.getByRole('textbox', { name: 'Document number' })).toHaveAttribute(
    'aria-invalid',
    'false',
  );
  await expect(status).toHaveText('Draft');
  await keepScreen(page, testInfo, 'activation-refused');

  await form.getByRole('combobox', { name: 'Partner' }).fill('Elektro');
  await page.getByRole('option', { name: 'ELDO – Elektro Dolenjska d.o.o.' }).click();
  await form.getByRole('textbox', { name: 'Issue date' }).fill('03.11.2026');
  await form.getByRole('textbox', { name: 'Due date' }).fill('18.11.2026');
  await form.getByRole('textbox', { name: 'Net amount' }).fill('100,00');
  await form.getByRole('textbox', { name: 'VAT' }).fill('22,00');
  await form.getByRole('textbox', { name: 'Total' }).fill('122,00');
  await form.getByRole('textbox', { name: 'Payee IBAN' }).fill('SI56 1910 0000 0410 170');
  await form.getByRole('textbox', { name: 'Reference' }).fill(number);
  await page.getByTestId('doc-save').click();
  // Saved and shown again as the server keeps it.
  await expect(form.getByRole('textbox', { name: 'Payee IBAN' })).toHaveValue(
    'SI56191000000410170',
  );
  await expect(form.getByRole('textbox', { name: 'Total' })).toHaveValue('122,00');
  await expect(form.getByRole('combobox', { name: 'Partner' })).toHaveValue(
    'ELDO – Elektro Dolenjska d.o.o.',
  );

  await page.getByTestId('doc-activate').click();
  await expect(status).toHaveText('Active');
  await expect(page.getByTestId('doc-activate')).toBeHidden();
  await expect(page.getByRole('img', { name: 'Page 1 of 1' })).toBeVisible();
  await keepScreen(page, testInfo, 'activated');
}

test('an invoice uploaded with an attachment is previewed, completed and activated, found from home by search and by its tile, and downloaded in a zip with two others', async ({
  page,
}, testInfo) => {
  // One story from upload to download, through the real server, PDF rendering and zip.
  test.slow();
  await signIn(page, 'demo');
  const organizationId = organizationIdOf(page);
  const tiles = page.getByTestId('home-tiles');
  await expect(tiles.getByRole('link', { name: /Drafts/ })).toBeVisible();
  // Drafts, the user's tasks at each step of the workflow (and data asked back), then by state.
  await expect(tiles.getByRole('link')).toHaveCount(8);
  await expect(tiles.getByRole('link', { name: /My tasks: Approval/ })).toBeVisible();
  const activeBefore = await tileCount(page, 'active');

  await tiles.getByRole('link', { name: /Drafts/ }).click();
  await expect(page).toHaveURL(`/o/${organizationId}/work/index?filterId=drafts`);
  await expect(page.getByRole('heading', { name: 'Documents', level: 1 })).toBeVisible();
  await expect(page.getByTestId('grid-status')).toHaveText(/^Rows/);
  await expect(page.getByTestId('work-tile-drafts')).toHaveAttribute('aria-current', 'page');

  await page.getByTestId('work-new-document').click();
  await expect(page).toHaveURL(`/o/${organizationId}/work/edit`);
  const number = `E2E-${Date.now().toString(36)}`;
  await page.getByTestId('field-number').fill(number);
  await page
    .getByTestId('doc-upload-main')
    .setInputFiles({ name: 'racun.pdf', mimeType: 'application/pdf', buffer: onePagePdf(number) });
  await page
    .getByTestId('doc-upload-attachments')
    .setInputFiles({ name: 'dobavnica.png', mimeType: 'image/png', buffer: PIXEL_PNG });
  await expect(page.getByTestId('doc-upload-files')).toContainText('racun.pdf');
  await expect(page.getByTestId('doc-upload-files')).toContainText('dobavnica.png');

  const uploaded = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/uploadDoc' && r.request().method() === 'POST',
  );
  await page.getByTestId('doc-upload-submit').click();
  const response = await uploaded;
  expect(response.status(), await response.text()).toBe(201);
  const { item } = (await response.json()) as { item: { key: string } };
  await expect(page).toHaveURL(`/o/${organizationId}/work/edit/${item.key}`);
  await expect(page.getByTestId('doc-title')).toHaveText(number);
  await expect(page.getByTestId('doc-status')).toHaveText('Draft');

  // The preview: the PDF drawn by pdf.js in its own tab, the attachment in the next.
  const preview = page.getByTestId('preview-panel');
  await expect(preview.getByTestId('preview-tab')).toHaveCount(2);
  await expect(preview.getByRole('img', { name: 'Page 1 of 1' })).toBeVisible();
  await keepScreen(page, testInfo, 'document-created');
  await preview.getByTestId('preview-tab').nth(1).click();
  await expect(preview.getByTestId('preview-image')).toBeVisible();

  // Popped out, the preview leaves the side bar for its own window, and comes back when it closes.
  const opening = page.waitForEvent('popup');
  await preview.getByTestId('preview-pop-out').click();
  const popup = await opening;
  await expect(popup).toHaveURL(new RegExp(`/docpreview\\?documentKey=${item.key}&`));
  await expect(popup.getByTestId('preview-tab')).toHaveCount(2);
  await expect(popup.getByRole('img', { name: 'Page 1 of 1' })).toBeVisible();
  await expect(page.getByTestId('preview-panel')).toBeHidden();
  await popup.close();
  await expect(page.getByTestId('preview-panel')).toBeVisible();

  await completeAndActivate(page, testInfo, number);

  await findFromHome(page, number, activeBefore + 1);
  await downloadWithTwoOthers(page, testInfo, number, activeBefore + 1);
});

/**
 * Home's search box finds the document, and only it, and its row opens it; its tile on home
 * counts it, and the tile's list holds it. Ends on that list, narrowed to the document.
 */
async function findFromHome(page: Page, number: string, active: number) {
  const organizationId = organizationIdOf(page);
  const documentPath = new URL(page.url()).pathname;
  await page.getByTestId('home-button').click();
  await expect(page).toHaveURL(`/o/${organizationId}/home`);
  const search = page.getByRole('search').getByRole('textbox', { name: 'Search documents' });
  await search.fill(number);
  await search.press('Enter');
  await expect(page).toHaveURL(`/o/${organizationId}/work/index?filterId=search&search=${number}`);
  const rows = page.getByTestId('grid-table').getByTestId('grid-row');
  await expect(page.getByTestId('grid-status')).toHaveText('Rows: 1');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(number);
  await rows.dblclick();
  await expect(page).toHaveURL(documentPath);
  await expect(page.getByTestId('doc-status')).toHaveText('Active');

  await page.getByTestId('home-button').click();
  const inApproval = page.getByTestId('home-tiles').getByRole('link', { name: /In approval/ });
  await expect(inApproval.getByTestId('home-tile-count')).toHaveText(String(active));
  await inApproval.click();
  await expect(page).toHaveURL(`/o/${organizationId}/work/index?filterId=active`);
  await expect(page.getByTestId('work-filter-label')).toHaveText('In approval');
  await expect(page.getByTestId('grid-status')).toHaveText(`Rows: ${active}`);
  await page.getByTestId('grid-search').fill(number);
  await expect(page.getByTestId('grid-status')).toHaveText('Rows: 1');
  await expect(gridRow(page, number)).toHaveCount(1);
}

/**
 * The document and two others of the list, selected by their boxes, come down as one zip
 * (POST /api/doc/download?mode=zip): a folder per document holding its files as uploaded.
 */
async function downloadWithTwoOthers(page: Page, testInfo: TestInfo, number: string, all: number) {
  const grid = page.getByTestId('grid-table');
  const download = page.getByTestId('work-download-selected');
  await grid.getByRole('checkbox', { name: `Select ${number}` }).check();
  await expect(download).toHaveText('Download (1)');
  // The selection outlives the search: the whole list comes back, the document still chosen.
  await page.getByTestId('grid-search').fill('');
  await expect(page.getByTestId('grid-status')).toHaveText(`Rows: ${all}`);
  await expect(download).toHaveText('Download (1)');
  const otherRows = grid.getByTestId('grid-row').filter({ hasNotText: number });
  const others: string[] = [];
  for (const row of [otherRows.nth(0), otherRows.nth(1)]) {
    const box = row.getByRole('checkbox');
    others.push(((await box.getAttribute('aria-label')) ?? '').replace(/^Select /, ''));
    await box.check();
  }
  await expect(download).toHaveText('Download (3)');
  const downloading = page.waitForEvent('download');
  await download.click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^documents-\d{4}-\d{2}-\d{2}\.zip$/);
  const saved = testInfo.outputPath(file.suggestedFilename());
  await file.saveAs(saved);

  const entries = readZip(fs.readFileSync(saved));
  // A folder per document, named by its number; a slash in a number would open a folder.
  const folderOf = (documentNumber: string) => documentNumber.replace(/[/\\]/g, '-');
  const folders = [number, ...others].map(folderOf);
  expect(new Set(entries.map((entry) => entry.name.split('/')[0]))).toEqual(new Set(folders));
  const ours = entries.filter((entry) => entry.name.startsWith(`${number}/`));
  expect(ours.map((entry) => entry.name)).toEqual([
    `${number}/racun.pdf`,
    `${number}/dobavnica.png`,
  ]);
  expect(ours[0]?.content.equals(onePagePdf(number))).toBe(true);
  expect(ours[1]?.content.equals(PIXEL_PNG)).toBe(true);
  // The demo documents' generated invoices come first in their folders, attachments after.
  for (const folder of folders.slice(1)) {
    const [main] = entries.filter((entry) => entry.name.startsWith(`${folder}/`));
    expect(main?.name).toMatch(/\.pdf$/);
    expect(main?.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  }
}
