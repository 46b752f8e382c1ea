import { expect, test } from '@playwright/test';
import { organizationIdOf, signIn } from './support/app';
import { onePagePdf, PIXEL_PNG } from './support/documents';
import { keepScreen } from './support/screens';

test('home shows the tiles; a document is created from an uploaded PDF with an attachment and listed', async ({
  page,
}, testInfo) => {
  await signIn(page, 'demo');
  const organizationId = organizationIdOf(page);
  const tiles = page.getByTestId('home-tiles');
  await expect(tiles.getByRole('link', { name: /Drafts/ })).toBeVisible();
  await expect(tiles.getByRole('link')).toHaveCount(5);

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

  await page.getByTestId('work-tile-all').click();
  await expect(page).toHaveURL(`/o/${organizationId}/work/index`);
  await page.getByTestId('grid-search').fill(number);
  const row = page.getByTestId('grid-table').getByTestId('grid-row').filter({ hasText: number });
  await expect(row).toHaveCount(1);
  await row.dblclick();
  await expect(page).toHaveURL(`/o/${organizationId}/work/edit/${item.key}`);
});
