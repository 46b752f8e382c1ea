import { expect, test } from '@playwright/test';
import { ORGANIZATION_HOME, submitLogin } from './support/app';
import { linkIn, readMailTo } from './support/mailbox';

test('a newcomer registers, confirms the mailed link, signs in, creates an organisation and lands on its home', async ({
  page,
  baseURL,
}) => {
  const suffix = Date.now().toString(36);
  const username = `newcomer${suffix}`;
  const email = `${username}@example.test`;
  const password = 'a-long-enough-password';
  const organizationName = `Nova Zadruga ${suffix} z.o.o.`;

  await page.goto('/account/login');
  await page.getByTestId('login-register').click();
  await expect(page).toHaveURL('/account/newuser');
  await expect(page.getByRole('heading', { name: 'New account' })).toBeVisible();
  await page.getByTestId('register-username').fill(username);
  await page.getByTestId('register-email').fill(email);
  await page.getByTestId('register-display-name').fill('Nina Novak');
  await page.getByTestId('register-password').fill(password);
  // The strength estimate is loaded with the page that needs it, and says what it thinks.
  await expect(page.getByTestId('register-password-feedback-strength')).toHaveText(
    'Strength: very strong',
  );
  await page.getByTestId('register-password-repeat').fill(password);
  await page.getByTestId('register-submit').click();
  // The same answer whether or not the names were free: the mail says which.
  await expect(page.getByTestId('register-success')).toContainText(
    `We sent a mail to ${email}: open it to finish.`,
  );

  // Until the address is confirmed, the right password does not sign in.
  await page.goto('/account/login');
  await submitLogin(page, username, password);
  await expect(page.getByTestId('login-error')).toBeVisible();
  await expect(page).toHaveURL('/account/login');

  const mail = await readMailTo(email);
  const link = linkIn(mail, '/account/confirm/');
  expect(link.origin).toBe(baseURL);
  await page.goto(link.pathname);
  await expect(page.getByTestId('confirm-success')).toHaveText(
    'Your e-mail address is confirmed. You can sign in now.',
  );
  await page.getByTestId('confirm-login').click();
  await expect(page).toHaveURL('/account/login');

  await submitLogin(page, username, password);
  // spec §4: a user without organisations is told so and offered to add one.
  await expect(page.getByTestId('no-organization')).toContainText(
    'You are not a member of any organisation yet.',
  );
  await page.getByTestId('goto-addorg').click();
  await expect(page).toHaveURL('/account/addorg');

  await page.getByTestId('addorg-name').fill(organizationName);
  await page.getByTestId('addorg-create').click();
  await expect(page).toHaveURL(ORGANIZATION_HOME);
  await expect(page.getByTestId('home-organization-name')).toHaveText(organizationName);
  // The only organisation is shown as text in the toolbar.
  await expect(page.getByRole('banner').getByTestId('org-name')).toHaveText(organizationName);
  await expect(page.getByRole('heading', { name: 'Welcome, Nina Novak' })).toBeVisible();
});
