import { expect, test, type Page } from '@playwright/test';
import { expectEveryInputLabelled } from './support/axe';
import { signInByApi, submitLogin } from './support/app';
import { keepScreen } from './support/screens';
import { activatedInvoice, approvalRoute, joinAsApprover } from './support/approval';
import { createFreshOrganization } from './support/organization';

/**
 * Issue 26 in the browser: a user in two organisations gets tasks in the second. The bell
 * counts them while the first is active; a notification opens its document in the second
 * organisation, which becomes the active one; one marked unread counts again; the
 * notification settings on the profile page are kept across a reload.
 */

/** Chooses an option of an MUI select by its text. */
async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).getByRole('combobox').click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a user in two organisations follows the notifications of both and keeps their settings', async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  // The user's own organisation, and a second one where they approve.
  const first = await createFreshOrganization(request, 'nsfirst');
  const second = await createFreshOrganization(request, 'nssecond');
  const memberKey = await joinAsApprover(request, second, first);
  const route = await approvalRoute(request, second, memberKey);
  const stamp = Date.now().toString(36);
  const numbers = [`N26A-${stamp}`, `N26B-${stamp}`];
  const keys: string[] = [];
  for (const number of numbers) keys.push(await activatedInvoice(request, route, number));
  const token = await signInByApi(request, first.username, first.password);
  const secondNick = token.organizations.find((o) => o.id === second.organizationId)?.nameNick;
  const firstNick = token.organizations.find((o) => o.id === first.organizationId)?.nameNick;
  expect(secondNick).toBeTruthy();

  // The first organisation is active; the bell counts the second's two tasks.
  await page.goto('/account/login');
  await submitLogin(page, first.username, first.password);
  await expect(page).toHaveURL(/\/o\/[^/]+\/home$/);
  await page.goto(`/o/${first.organizationId}/home`);
  await expect(page.getByTestId('org-menu')).toHaveText(firstNick ?? '');
  const button = page.getByTestId('notifications-button');
  const badge = page.getByTestId('notifications-badge');
  await expect(badge).toHaveText('2');
  await expect(button).toHaveAccessibleName('Notifications: 2 unread');

  // Each names its organisation; opening one lands on its document in the second one.
  await button.click();
  const item = (number: string) =>
    page.getByTestId('notification-item').filter({ hasText: number });
  await expect(item(numbers[0] ?? '')).toHaveCount(1);
  await expect(item(numbers[0] ?? '').getByTestId('notification-organization')).toContainText(
    second.name.replace(/ d\.o\.o\.$/, ''),
  );
  await item(numbers[0] ?? '').click();
  await expect(page).toHaveURL(`/o/${second.organizationId}/work/edit/${keys[0]}`);
  await expect(page.getByTestId('doc-title')).toHaveText(numbers[0] ?? '');
  await expect(page.getByTestId('org-menu')).toHaveText(secondNick ?? '');
  await expect(badge).toHaveText('1');

  // Marked unread again, it counts again.
  await button.click();
  const opened = item(numbers[0] ?? '');
  await expect(opened).toHaveAttribute('data-read', 'true');
  const row = page.getByRole('listitem').filter({ has: opened });
  await row.getByRole('button', { name: 'Mark as unread' }).click();
  await expect(opened).toHaveAttribute('data-read', 'false');
  await expect(badge).toHaveText('2');
  await expect(page.getByTestId('notifications-unread-count')).toHaveText('2 unread');
  await keepScreen(page, testInfo, 'list');

  // The settings, from the notifications page's link: changed, saved, kept after a reload.
  await page.getByTestId('notifications-settings-link').click();
  await expect(page).toHaveURL('/account/profile#notifications');
  const settings = page.getByTestId('notification-settings');
  // The mails' List-Unsubscribe link: the page scrolls down to the section once it is loaded.
  await expect(settings.getByRole('heading', { name: 'Notifications', level: 2 })).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await expect(settings).toContainText('Mails are written in the language of your profile');
  await choose(page, 'notification-channel-comment', 'E-mail at once');
  await choose(page, 'notification-channel-assigned', 'In the daily digest');
  await choose(page, 'notification-digest-hour', '18:00');
  await page.getByTestId('notification-day-6').click();
  const zone = page.getByTestId('notification-time-zone');
  await zone.fill('Europe/Berl');
  await page.getByRole('option', { name: 'Europe/Berlin' }).click();
  await page.getByTestId('notification-settings-submit').click();
  await expect(page.getByTestId('notification-settings-success')).toHaveText(
    'The notification settings were saved.',
  );

  await page.reload();
  const channel = (kind: string) =>
    page.getByTestId(`notification-channel-${kind}`).getByRole('combobox');
  await expect(channel('comment')).toHaveText('E-mail at once');
  await expect(channel('assigned')).toHaveText('In the daily digest');
  await expect(channel('reminder')).toHaveText('E-mail at once');
  await expect(page.getByTestId('notification-digest-hour').getByRole('combobox')).toHaveText(
    '18:00',
  );
  await expect(page.getByTestId('notification-day-6')).toHaveAttribute('aria-pressed', 'true');
  await expect(zone).toHaveValue('Europe/Berlin');
  await expectEveryInputLabelled(settings);
  await keepScreen(page, testInfo, 'settings');
});
