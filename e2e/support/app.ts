import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The seeded sign-ins (README "Sign in to the demo"). */
export const DEMO_PASSWORD = 'listina-demo';

/** What the specs read of the auth token; the suite treats the server as a black box. */
export interface TokenOrganization {
  id: string;
  nameNick: string;
  roles: string[];
}
export interface Token {
  apikey: string;
  displayName: string;
  organizations: TokenOrganization[];
}

/** The organisations of the toolbar are sorted by name as people read them (Č after C). */
export const byName = new Intl.Collator('sl', { sensitivity: 'base' }).compare;

export const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
export const ORGANIZATION_HOME = new RegExp(`/o/(${UUID})/home$`);

/** Signs in over the API, for what the browser test needs to know beforehand (ids, names). */
export async function signInByApi(
  request: APIRequestContext,
  username: string,
  password = DEMO_PASSWORD,
): Promise<Token> {
  const response = await request.post('/api/account/login', {
    data: { username, password, lang: 'en-gb' },
  });
  expect(response.status(), `API sign-in of ${username}`).toBe(200);
  return (await response.json()) as Token;
}

export function organizationNamed(token: Token, nameNick: string): TokenOrganization {
  const organization = token.organizations.find((o) => o.nameNick === nameNick);
  if (!organization) throw new Error(`${nameNick} is not among the user's organisations`);
  return organization;
}

/** Fills the login form and submits it, as a user does. */
export async function submitLogin(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/**
 * Opens the login page and signs in; resolves on the organisation home, in `language`. A user
 * works in their profile's language after sign-in (spec §1, issue 24: the demo user's is
 * Slovenian); the specs are written in English, so the toolbar's switch sets it, as a user
 * would, unless the spec asks for none (null) to see the profile's.
 */
export async function signIn(
  page: Page,
  username: string,
  password = DEMO_PASSWORD,
  language: 'en-gb' | 'sl' | null = 'en-gb',
) {
  await page.goto('/account/login');
  await submitLogin(page, username, password);
  await expect(page).toHaveURL(ORGANIZATION_HOME);
  if (language !== null) await chooseLanguage(page, language);
}

/** Chooses the interface language with the toolbar's menu (choosing the current one is fine). */
export async function chooseLanguage(page: Page, language: 'en-gb' | 'sl') {
  const html = page.locator('html');
  const item = page.getByTestId(`language-${language}`);
  // The toolbar may still be drawing itself after sign-in: open the menu until it shows.
  await expect(async () => {
    if (!(await item.isVisible())) await page.getByTestId('language-menu').click();
    await expect(item).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await item.click();
  await expect(html).toHaveAttribute('lang', language);
}

/** The id in the current /o/{id}/… URL. */
export function organizationIdOf(page: Page): string {
  const match = new RegExp(`/o/(${UUID})`).exec(new URL(page.url()).pathname);
  if (!match?.[1]) throw new Error(`not on an organisation page: ${page.url()}`);
  return match[1];
}
