import { expect, test } from '@playwright/test';
import { byName, organizationIdOf, organizationNamed, signIn, signInByApi } from './support/app';

test('many (12 organisations) gets a searchable selector; choosing one opens its home', async ({
  page,
  request,
}) => {
  const token = await signInByApi(request, 'many');
  const optika = organizationNamed(token, 'Optika Jelen');
  await signIn(page, 'many');

  const selector = page.getByRole('combobox', { name: 'Organisation' });
  await expect(selector).toHaveValue('Alpina Trgovina');
  await expect(page.getByTestId('org-menu')).toHaveCount(0);

  await selector.click();
  const names = token.organizations.map((o) => o.nameNick).sort(byName);
  await expect(page.getByRole('option')).toHaveText(names);

  await selector.fill('nomatch');
  await expect(page.getByText('No organisation matches')).toBeVisible();
  await selector.fill('jelen');
  await expect(page.getByRole('option')).toHaveText(['Optika Jelen']);
  await page.getByRole('option', { name: 'Optika Jelen' }).click();

  await expect(page).toHaveURL(`/o/${optika.id}/home`);
  await expect(selector).toHaveValue('Optika Jelen');
  await expect(page.getByTestId('home-organization-name')).toHaveText('Optika Jelen d.o.o.');

  // The choice is remembered: a reload stays in the chosen organisation.
  await page.reload();
  await expect(selector).toHaveValue('Optika Jelen');
});

test('demo (4 organisations) switches through the toolbar menu', async ({ page }) => {
  await signIn(page, 'demo');
  const before = organizationIdOf(page);
  const menu = page.getByTestId('org-menu');
  await expect(menu).toHaveText('Alpina Trgovina');

  await menu.click();
  await expect(page.getByTestId('org-menu-item')).toHaveText([
    'Alpina Trgovina',
    'Bistra Storitve',
    'Čebelica Računovodstvo',
    'Drava Logistika',
  ]);
  // Last, after them: joining or creating another (issue 24).
  await expect(page.getByRole('menuitem').last()).toHaveAttribute('data-testid', 'org-menu-add');
  await page.getByRole('menuitem', { name: 'Čebelica Računovodstvo' }).click();

  await expect(page).not.toHaveURL(new RegExp(before));
  await expect(menu).toHaveText('Čebelica Računovodstvo');
  await expect(page.getByTestId('home-organization-name')).toHaveText(
    'Čebelica Računovodstvo d.o.o.',
  );
});
