import { expect, type Page, type Response } from '@playwright/test';
import { signIn } from './app';
import type { FreshOrganization } from './organization';

/** Signs the organisation's user in and opens the code-list browser by the toolbar button. */
export async function openCodeLists(page: Page, organization: FreshOrganization): Promise<void> {
  await signIn(page, organization.username, organization.password);
  const entities = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/cl' && r.request().method() === 'GET',
  );
  await page.getByRole('banner').getByTestId('code-lists-button').click();
  expect((await entities).status()).toBe(200);
  await expect(page.getByTestId('code-lists-page')).toBeVisible();
}

/** Chooses a table in the sidebar; resolves once its first page of rows is shown. */
export async function openCodeList(page: Page, table: string, label: string): Promise<void> {
  const rows = page.waitForResponse(
    (r) => new URL(r.url()).pathname === `/api/cl/${table}` && r.request().method() === 'GET',
  );
  await page
    .getByTestId('code-lists-sidebar')
    .getByRole('link', { name: label, exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`/cl/${table}$`));
  expect((await rows).status()).toBe(200);
  await expect(page.getByTestId('code-list-title')).toHaveText(label);
  await expect(page.getByTestId('grid-status')).toHaveText(/^Rows/);
}

/** The grid's row that shows this text (rows are <tr data-testid="grid-row">). */
export const gridRow = (page: Page, text: string) =>
  page.getByTestId('grid-table').getByTestId('grid-row').filter({ hasText: text });

/** The answer of a record's save: POST /api/cl/{table} (create) or PUT /api/cl/{table}/{key}. */
export function isSaveOf(table: string) {
  return (response: Response) => {
    const method = response.request().method();
    const { pathname } = new URL(response.url());
    if (method === 'POST') return pathname === `/api/cl/${table}`;
    return method === 'PUT' && new RegExp(`^/api/cl/${table}/[^/]+$`).test(pathname);
  };
}
