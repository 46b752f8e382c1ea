import { expect, test } from '@playwright/test';
import { submitLogin } from './support/app';

test('the language switch on the login page changes the texts between English and Slovenian', async ({
  page,
}) => {
  await page.goto('/account/login');
  await expect(page.getByRole('heading', { name: 'Sign in to Listina' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  // Issue 24: the tab names the page, in the chosen language.
  await expect(page).toHaveTitle('Sign in · Listina');

  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByTestId('language-sl').click();
  await expect(page.getByRole('heading', { name: 'Prijava v Listino' })).toBeVisible();
  await expect(page.getByLabel('Uporabniško ime')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Prijava', exact: true })).toBeVisible();
  await expect(page).toHaveTitle('Prijava · Listina');

  // Server messages follow the chosen language too.
  await submitLogin(page, 'nobody-here', 'not-the-password');
  await expect(page.getByTestId('login-error')).toHaveText('Napačno uporabniško ime ali geslo.');

  // The choice is kept across a reload.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Prijava v Listino' })).toBeVisible();

  await page.getByTestId('language-menu').click();
  await page.getByTestId('language-en-gb').click();
  await expect(page.getByRole('heading', { name: 'Sign in to Listina' })).toBeVisible();
  await expect(page.getByLabel('Username')).toBeVisible();
});

test.describe('a browser in a language the product does not have', () => {
  test.use({ locale: 'de-DE' });

  test('gets Slovenian, the home market, at first (issue 24)', async ({ page }) => {
    await page.goto('/account/login');
    await expect(page.getByRole('heading', { name: 'Prijava v Listino' })).toBeVisible();
    await expect(page).toHaveTitle('Prijava · Listina');
  });
});
