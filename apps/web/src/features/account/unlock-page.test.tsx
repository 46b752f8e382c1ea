import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { en } from '../../test/catalogue';
import { apiError, fakeApi, json } from '../../test/fake-api';
import { renderApp } from '../../test/render';

describe('unlock page', () => {
  it('uses the code of the link once and asks the user to sign in again', async () => {
    const calls = fakeApi({ 'POST /api/account/unlock': () => json({ ok: true }) });
    renderApp('/account/unlock?code=abc123');
    expect((await screen.findByTestId('unlock-success')).textContent).toBe(
      en('account.unlock.done'),
    );
    expect(screen.getByTestId('unlock-login').getAttribute('href')).toBe('/account/login');
    const unlocks = calls.filter((call) => call.path === '/api/account/unlock');
    expect(unlocks.map((call) => call.body)).toEqual([{ code: 'abc123' }]);
  });

  it('shows why a code is refused', async () => {
    fakeApi({
      'POST /api/account/unlock': () => apiError(400, 'This link is not valid or has expired.'),
    });
    renderApp('/account/unlock?code=used');
    expect((await screen.findByTestId('unlock-error')).textContent).toBe(
      'This link is not valid or has expired.',
    );
  });

  it('says so when the link has no code, and calls nothing', async () => {
    const calls = fakeApi({});
    renderApp('/account/unlock');
    expect((await screen.findByTestId('unlock-error')).textContent).toBe(
      en('account.unlock.noCode'),
    );
    expect(calls.filter((call) => call.path === '/api/account/unlock')).toEqual([]);
  });
});
