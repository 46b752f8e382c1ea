import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NotificationSettings } from '@listina/contract';
import { en } from '../../test/catalogue';
import { apiError, json, organizations, signedIn, type Handler } from '../../test/fake-api';
import { renderApp } from '../../test/render';

const profile = {
  username: 'demo',
  displayName: 'Dana Demo',
  email: 'demo@example.com',
  lang: 'en-gb',
};

/** What the server answers: the defaults, a weekday digest at 07:00 in Ljubljana. */
const saved: NotificationSettings = {
  channels: {
    assigned: 'mail',
    forwarded: 'mail',
    rejected: 'digest',
    supplement: 'digest',
    comment: 'digest',
    paymentRejected: 'digest',
    reminder: 'mail',
  },
  digestHour: 7,
  digestDays: [1, 2, 3, 4, 5],
  timeZone: 'Europe/Ljubljana',
};

function settingsApi(save: Handler = ({ body }) => json(body)) {
  return signedIn(organizations(1), {
    'GET /api/account/profile': () => json(profile),
    'GET /api/account/signins': () => json({ items: [] }),
    'GET /api/notification/settings': () => json(saved),
    'PUT /api/notification/settings': save,
  });
}

const section = () => screen.getByTestId('notification-settings');
const channel = (kind: string) =>
  within(screen.getByTestId(`notification-channel-${kind}`)).getByRole('combobox');
const day = (n: number) => screen.getByTestId(`notification-day-${n}`);

async function choose(field: HTMLElement, option: string) {
  await userEvent.click(field);
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('notification settings on the profile page', () => {
  it("shows the saved settings under #notifications, in the profile's language", async () => {
    settingsApi();
    renderApp('/account/profile#notifications');
    await waitFor(() =>
      expect(channel('assigned').textContent).toBe(en('account.notificationSettings.channel.mail')),
    );
    expect(section().id).toBe('notifications');
    expect(within(section()).getByRole('heading', { level: 2 }).textContent).toBe(
      en('account.notificationSettings.title'),
    );
    expect(screen.getByTestId('notification-language').textContent).toBe(
      en('account.notificationSettings.language', 'English'),
    );
    expect(screen.getByLabelText(en('account.notificationSettings.kind.comment')).textContent).toBe(
      en('account.notificationSettings.channel.digest'),
    );
    expect(channel('reminder').textContent).toBe(en('account.notificationSettings.channel.mail'));
    expect(
      within(screen.getByTestId('notification-digest-hour')).getByRole('combobox').textContent,
    ).toBe('07:00');
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => day(n).getAttribute('aria-pressed'))).toEqual([
      'true',
      'true',
      'true',
      'true',
      'true',
      'false',
      'false',
    ]);
    expect(day(1).textContent).toBe(en('account.notificationSettings.day.1'));
    expect(day(7).textContent).toBe(en('account.notificationSettings.day.7'));
    expect(screen.getByTestId<HTMLInputElement>('notification-time-zone').value).toBe(
      'Europe/Ljubljana',
    );
  });

  it('saves a changed channel, hour, days and time zone, and says so', async () => {
    const calls = settingsApi();
    renderApp('/account/profile');
    await waitFor(() =>
      expect(channel('comment').textContent).toBe(
        en('account.notificationSettings.channel.digest'),
      ),
    );

    await choose(channel('comment'), en('account.notificationSettings.channel.mail'));
    await choose(channel('assigned'), en('account.notificationSettings.channel.app'));
    await choose(
      within(screen.getByTestId('notification-digest-hour')).getByRole('combobox'),
      '18:00',
    );
    await userEvent.click(day(1));
    await userEvent.click(day(6));
    const zone = screen.getByTestId('notification-time-zone');
    await userEvent.clear(zone);
    await userEvent.type(zone, 'Europe/Berl');
    await userEvent.click(await screen.findByRole('option', { name: 'Europe/Berlin' }));
    expect(day(1).getAttribute('aria-pressed')).toBe('false');
    expect(day(6).getAttribute('aria-pressed')).toBe('true');

    await userEvent.click(screen.getByTestId('notification-settings-submit'));
    expect((await screen.findByTestId('notification-settings-success')).textContent).toBe(
      en('account.notificationSettings.saved'),
    );
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe('/api/notification/settings');
    expect(put?.body).toEqual({
      channels: { ...saved.channels, comment: 'mail', assigned: 'app' },
      digestHour: 18,
      digestDays: [2, 3, 4, 5, 6],
      timeZone: 'Europe/Berlin',
    });
    // The profile's own message is not the one shown.
    expect(screen.queryByTestId('profile-success')).toBeNull();

    // The next edit clears the message.
    await userEvent.click(day(7));
    expect(screen.queryByTestId('notification-settings-success')).toBeNull();
  });

  it('says when no day is chosen that no digest is sent', async () => {
    settingsApi();
    renderApp('/account/profile');
    await waitFor(() => expect(day(1).getAttribute('aria-pressed')).toBe('true'));
    expect(screen.queryByText(en('account.notificationSettings.noDays'))).toBeNull();
    for (const n of [1, 2, 3, 4, 5]) await userEvent.click(day(n));
    expect(screen.getByText(en('account.notificationSettings.noDays'))).toBeTruthy();
  });

  it("shows the server's refusal and keeps what was chosen", async () => {
    settingsApi(() => apiError(400, 'The time zone is not known.', 'Bad Request'));
    renderApp('/account/profile');
    await waitFor(() =>
      expect(channel('comment').textContent).toBe(
        en('account.notificationSettings.channel.digest'),
      ),
    );
    await choose(channel('comment'), en('account.notificationSettings.channel.app'));
    await userEvent.click(screen.getByTestId('notification-settings-submit'));
    expect((await screen.findByTestId('notification-settings-error')).textContent).toContain(
      'The time zone is not known.',
    );
    expect(screen.queryByTestId('notification-settings-success')).toBeNull();
    expect(channel('comment').textContent).toBe(en('account.notificationSettings.channel.app'));
  });
});
