import { expect, test } from '@playwright/test';
import { organizationIdOf, signIn } from './support/app';

test('the toolbar search on home opens the document list filtered by the text', async ({
  page,
}) => {
  await signIn(page, 'demo');
  const organizationId = organizationIdOf(page);

  const search = page.getByRole('search').getByRole('textbox', { name: 'Search documents' });
  await search.fill('Petrol 2024');
  await search.press('Enter');

  await expect(page).toHaveURL(
    `/o/${organizationId}/work/index?filterId=search&search=Petrol+2024`,
  );
  await expect(page.getByRole('heading', { name: 'Documents' })).toBeVisible();
  await expect(page.getByTestId('work-search-text')).toHaveText('Search: Petrol 2024');
  // With filterId=search the box stays, holding the text.
  await expect(search).toHaveValue('Petrol 2024');
});
