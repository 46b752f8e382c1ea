import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { gridRow, openCodeList, openCodeLists } from './support/code-lists';
import { createFreshOrganization, tableApi } from './support/organization';
import { keepScreen } from './support/screens';

const partner = (code: string, name: string, town: string) => ({
  code,
  name,
  town,
  countryCode: 'SI',
  isActive: true,
  bankAccounts: [] as Record<string, unknown>[],
});

test('the partners grid is exported to xlsx and the file imported back: a dry-run report of the changes, then the import', async ({
  page,
  request,
}, testInfo) => {
  const organization = await createFreshOrganization(request, 'files');
  const api = tableApi(request, organization);
  await api.create('partner', partner('ALPE', 'Alpe d.o.o.', 'Kranj'));
  const lipa = await api.create('partner', {
    ...partner('LIPA', 'Lipa d.o.o.', 'Celje'),
    bankAccounts: [{ id: -1, code: 'SI56191000000430152', bic: 'LJBASI2X', isDefault: true }],
  });
  const zito = await api.create('partner', partner('ZITO', 'Žito d.o.o.', 'Koper'));
  await openCodeLists(page, organization);
  await openCodeList(page, 'partner', 'Partners');
  const status = page.getByTestId('grid-status');
  await expect(status).toHaveText('Rows: 3');

  await page.getByTestId('grid-export').click();
  const exportDialog = page.getByRole('dialog', { name: 'Export' });
  // Nothing is selected, so all rows go out; xlsx is the default file type.
  await expect(exportDialog.getByRole('radio', { name: 'All rows' })).toBeChecked();
  await expect(exportDialog.getByRole('radio', { name: 'Selected rows (0)' })).toBeDisabled();
  await expect(exportDialog.getByRole('radio', { name: 'Excel workbook (.xlsx)' })).toBeChecked();
  await keepScreen(page, testInfo, 'export-dialog');
  const downloading = page.waitForEvent('download');
  await exportDialog.getByRole('button', { name: 'Export' }).click();
  const download = await downloading;
  const filename = download.suggestedFilename();
  expect(filename).toMatch(/^partner-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const file = testInfo.outputPath(filename);
  await download.saveAs(file);
  await expect(exportDialog).toBeHidden();
  // An xlsx workbook is a zip archive.
  expect(fs.readFileSync(file).subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));

  // Since the export one partner was renamed and another deleted; the file puts both back.
  await api.update('partner', lipa.item.key, { name: 'Lipa in partnerji d.o.o.' });
  await api.remove('partner', [zito.item.key]);
  await page.reload();
  await expect(status).toHaveText('Rows: 2');
  await expect(gridRow(page, 'Lipa in partnerji d.o.o.')).toHaveCount(1);

  const checked = page.waitForResponse((r) =>
    r.url().includes('/api/cl/partner/import?dryRun=true'),
  );
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('grid-import').click();
  await (await chooser).setFiles(file);
  expect((await checked).status()).toBe(200);
  const importDialog = page.getByRole('dialog', { name: /^Import / });
  await expect(importDialog.getByRole('heading')).toHaveText(`Import ${filename}`);
  await expect(importDialog).toContainText(
    'The file has been checked. Importing it will make these changes:',
  );
  await expect(importDialog.getByRole('row', { name: 'New records 1', exact: true })).toBeVisible();
  await expect(
    importDialog.getByRole('row', { name: 'Changed records 1', exact: true }),
  ).toBeVisible();
  await expect(
    importDialog.getByRole('row', { name: 'Unchanged records 1', exact: true }),
  ).toBeVisible();
  // The dry run changed nothing yet.
  await expect(status).toHaveText('Rows: 2');
  await keepScreen(page, testInfo, 'import-dry-run');

  const imported = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/cl/partner/import' && !r.url().includes('dryRun'),
  );
  await importDialog.getByRole('button', { name: 'Import' }).click();
  const result = await imported;
  expect(result.status()).toBe(200);
  expect(await result.json()).toMatchObject({ created: 1, updated: 1, unchanged: 1 });
  await expect(importDialog).toBeHidden();
  await expect(page.getByTestId('undo-snackbar')).toContainText('Changes saved.');
  await expect(status).toHaveText('Rows: 3');
  await expect(gridRow(page, 'Lipa d.o.o.')).toContainText('Celje');
  await expect(gridRow(page, 'Žito d.o.o.')).toContainText('Koper');
  await keepScreen(page, testInfo, 'imported');

  // The partner's bank account comes through the round trip as it was: one, not duplicated.
  const stored = await api.read('partner', lipa.item.key);
  expect(stored.bankAccounts).toEqual([expect.objectContaining({ code: 'SI56191000000430152' })]);
});
