import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { apiError, authToken, json, organizations, signedIn } from '../test/fake-api';
import { renderApp } from '../test/render';
import { renewalDelay, RENEW_BEFORE_MS } from './session-renewal';

describe('renewalDelay', () => {
  it('renews five minutes before the end, or at half the time left when less', () => {
    const now = Date.parse('2026-11-24T08:00:00Z');
    expect(renewalDelay('2026-11-24T20:00:00Z', now)).toBe(12 * 3_600_000 - RENEW_BEFORE_MS);
    expect(renewalDelay('2026-11-24T08:02:00Z', now)).toBe(60_000);
    expect(renewalDelay('2026-11-24T07:00:00Z', now)).toBe(0);
  });
});

describe('session renewal', () => {
  const soon = () => new Date(Date.now() + 400).toISOString();

  it('exchanges the apikey before it expires, stores the new one and keeps the user on the page', async () => {
    const orgs = organizations(1);
    const { apikey: _old, ...session } = authToken(orgs);
    const calls = signedIn(orgs, {
      'GET /api/account/me': () => json({ ...session, expiresAt: soon() }),
      'POST /api/account/refresh': () => json(authToken(orgs, 'key-2')),
    });
    const app = renderApp('/account/profile');
    await waitFor(() => expect(window.localStorage.getItem('listina.apikey')).toBe('key-2'));
    const refresh = calls.find((call) => call.path === '/api/account/refresh');
    expect(refresh?.headers.get('authorization')).toBe('key-1');
    expect(app.location()).toBe('/account/profile');
  });

  it('signs out when the server refuses the exchange (expired or idle too long)', async () => {
    const orgs = organizations(1);
    const { apikey: _old, ...session } = authToken(orgs);
    signedIn(orgs, {
      'GET /api/account/me': () => json({ ...session, expiresAt: soon() }),
      'POST /api/account/refresh': () => apiError(401, 'Your session has expired.'),
    });
    const app = renderApp('/account/profile');
    await waitFor(() => expect(app.location()).toMatch(/^\/account\/login/));
    expect(window.localStorage.getItem('listina.apikey')).toBeNull();
  });
});
