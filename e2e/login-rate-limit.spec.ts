import { expect, test, type Page } from '@playwright/test';
import { ORGANIZATION_HOME, submitLogin } from './support/app';
import { LOGIN_RATE_MAX_PER_USER } from './support/limits';

/** Submits the login form and waits for the server's answer; returns its status. */
async function tryLogin(page: Page, password: string): Promise<number> {
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/account/login'));
  await submitLogin(page, 'demo', password);
  return (await answer).status();
}

test('a wrong password shows the alert, repeated tries lock the username, and the right password works once the lock is over', async ({
  page,
}) => {
  test.setTimeout(60_000); // it waits out a whole lock
  await page.goto('/account/login');
  const alert = page.getByTestId('login-error');

  for (let attempt = 1; attempt <= LOGIN_RATE_MAX_PER_USER; attempt++) {
    expect(await tryLogin(page, `wrong-${attempt}`)).toBe(401);
    await expect(alert).toHaveText('Wrong username or password.');
    await expect(alert).toHaveRole('alert');
  }

  expect(await tryLogin(page, 'wrong-again')).toBe(429);
  await expect(alert).toHaveText(/^Too many failed sign-ins\. Try again in \d+ seconds\.$/);
  // While limited, even the right password is refused: guessing gains nothing.
  expect(await tryLogin(page, 'listina-demo')).toBe(429);
  await expect(alert).toContainText('Too many failed sign-ins.');
  await expect(page).toHaveURL('/account/login');

  const seconds = Number(/in (\d+) seconds/.exec((await alert.textContent()) ?? '')?.[1]);
  expect(seconds).toBeGreaterThan(0);
  // The user waits as long as the message says.
  await page.waitForTimeout(seconds * 1000 + 250);

  expect(await tryLogin(page, 'listina-demo')).toBe(200);
  await expect(page).toHaveURL(ORGANIZATION_HOME);
  await expect(page.getByTestId('org-menu')).toHaveText('Alpina Trgovina');
});
