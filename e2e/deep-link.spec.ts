import { expect, test } from '@playwright/test';
import { organizationNamed, signInByApi, submitLogin } from './support/app';

const loginFor = (returnUrl: string) => `/account/login?${new URLSearchParams({ returnUrl })}`;

test('a signed-out deep link to the profile asks for sign-in and then opens the profile', async ({
  page,
}) => {
  await page.goto('/account/profile');
  await expect(page).toHaveURL(loginFor('/account/profile'));
  await expect(page.getByRole('heading', { name: 'Sign in to Listina' })).toBeVisible();

  await submitLogin(page, 'demo');
  await expect(page).toHaveURL('/account/profile');
  // spec §1: in the profile's language (the demo user's is Slovenian).
  await expect(page.getByRole('heading', { name: 'Profil' })).toBeVisible();
  await expect(page.getByTestId('profile-display-name')).toHaveValue('Demo Uporabnik');
});

test('a signed-out deep link into an organisation returns there, with its query, after sign-in', async ({
  page,
  request,
}) => {
  const drava = organizationNamed(await signInByApi(request, 'demo'), 'Drava Logistika');
  const deepLink = `/o/${drava.id}/work/index?filterId=search&search=ra%C4%8Dun+2024`;

  await page.goto(deepLink);
  await expect(page).toHaveURL(loginFor(deepLink));

  await submitLogin(page, 'demo');
  await expect(page).toHaveURL(deepLink);
  // Not the first organisation: the link's organisation becomes the active one.
  await expect(page.getByTestId('org-menu')).toHaveText('Drava Logistika');
  await expect(page.getByTestId('work-search-text')).toHaveText('Iskanje: račun 2024');
});
