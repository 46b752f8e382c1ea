import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { en } from '../../test/catalogue';
import { json, organizations, signedIn } from '../../test/fake-api';
import { renderApp } from '../../test/render';

const profile = {
  username: 'demo',
  displayName: 'Dana Demo',
  email: 'demo@example.com',
  lang: 'en-gb',
};

describe('profile page security', () => {
  it('signs out all other sessions and says how many', async () => {
    const calls = signedIn(organizations(1), {
      'GET /api/account/profile': () => json(profile),
      'GET /api/account/signins': () => json({ items: [] }),
      'POST /api/account/logout-others': () => json({ ended: 2 }),
    });
    renderApp('/account/profile');
    await userEvent.click(await screen.findByTestId('sessions-logout-others'));
    expect((await screen.findByTestId('sessions-ended')).textContent).toBe(
      en('account.sessions.ended', '2'),
    );
    const call = calls.find((c) => c.path === '/api/account/logout-others');
    expect(call?.headers.get('authorization')).toBe('key-1');
    expect(screen.getByText(en('account.signIns.empty'))).toBeTruthy();
  });

  it('lists the recent sign-ins with their results', async () => {
    signedIn(organizations(1), {
      'GET /api/account/profile': () => json(profile),
      'GET /api/account/signins': () =>
        json({
          items: [
            {
              at: '2026-11-24T08:05:00.000Z',
              username: 'demo',
              result: 'success',
              ip: '10.0.0.7',
              userAgent:
                'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
              browser: 'Chrome 131',
              system: 'Windows 10',
            },
            {
              at: '2026-11-24T08:04:00.000Z',
              username: 'demo',
              result: 'badPassword',
              ip: '10.0.0.9',
              userAgent: 'curl/8.5.0',
              browser: null,
              system: null,
            },
          ],
        }),
    });
    renderApp('/account/profile');
    const rows = within(await screen.findByTestId('signins-table')).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]?.textContent).toContain(en('account.signIns.result.success'));
    expect(rows[1]?.textContent).toContain('10.0.0.7');
    expect(rows[2]?.textContent).toContain(en('account.signIns.result.badPassword'));
    // Issue 24: browser and system by name, not the raw header.
    const devices = screen.getAllByTestId('signin-device');
    expect(devices.map((cell) => cell.textContent)).toEqual([
      en('language.signIns.device', 'Chrome 131', 'Windows 10'),
      'curl/8.5.0',
    ]);
    expect(devices[0]?.textContent).toBe('Chrome 131 on Windows 10');
  });
});
