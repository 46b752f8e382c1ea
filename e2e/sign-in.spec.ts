import { expect, test } from '@playwright/test';
import {
  chooseLanguage,
  ORGANIZATION_HOME,
  organizationIdOf,
  signInByApi,
  submitLogin,
} from './support/app';

test('demo signs in, lands on its first organisation, keeps the session on reload and signs out', async ({
  page,
  request,
}) => {
  const token = await signInByApi(request, 'demo');
  const first = token.organizations.find((o) => o.nameNick === 'Alpina Trgovina');

  await page.goto('/');
  await expect(page).toHaveURL('/account/login');
  await expect(page.getByRole('heading', { name: 'Sign in to Listina' })).toBeVisible();

  await submitLogin(page, 'demo');
  await expect(page).toHaveURL(ORGANIZATION_HOME);
  expect(organizationIdOf(page)).toBe(first?.id);
  // spec §1: the profile's language (the demo user's is Slovenian) applies after sign-in.
  await expect(page.getByRole('heading', { name: 'Dobrodošli, Demo Uporabnik' })).toBeVisible();
  await chooseLanguage(page, 'en-gb');
  await expect(page.getByRole('heading', { name: 'Welcome, Demo Uporabnik' })).toBeVisible();
  await expect(page.getByTestId('org-menu')).toHaveText('Alpina Trgovina');
  await expect(page.getByTestId('home-organization-name')).toHaveText('Alpina Trgovina d.o.o.');
  // spec §2: the main toolbar is 48 px high.
  expect((await page.getByRole('banner').boundingBox())?.height).toBe(48);

  const homeUrl = page.url();
  await page.reload();
  await expect(page).toHaveURL(homeUrl);
  await expect(page.getByTestId('org-menu')).toHaveText('Alpina Trgovina');
  await expect(page.getByTestId('home-organization-name')).toHaveText('Alpina Trgovina d.o.o.');

  const apikey = await page.evaluate(() => localStorage.getItem('listina.apikey'));
  expect(apikey).toBeTruthy();
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/account/login');
  await expect(page.getByRole('heading', { name: 'Sign in to Listina' })).toBeVisible();

  // The apikey is revoked on the server, not only forgotten by the browser.
  await expect
    .poll(async () =>
      (await request.get('/api/account/me', { headers: { authorization: apikey ?? '' } })).status(),
    )
    .toBe(401);
  await page.reload();
  await expect(page).toHaveURL('/account/login');
  await expect(page.getByTestId('login-submit')).toBeVisible();
});
