import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { en } from '../../test/catalogue';
import { apiError, authToken, fakeApi, json, organizations, signedIn } from '../../test/fake-api';
import { renderApp } from '../../test/render';

const preview = {
  organizationName: 'Lipa d.o.o.',
  email: 'demo@example.com',
  roles: ['approver'],
  expiresAt: '2026-12-05T09:00:00.000Z',
};

describe('the invitation page', () => {
  it('names the organisation and the roles, and joins it with one click', async () => {
    const calls = signedIn(organizations(1), {
      'GET /api/invitation/:code': () => json(preview),
      'POST /api/invitation/:code/accept': () =>
        json({ id: 'org-9', nameNick: 'Lipa', roles: ['approver'] }),
      'GET /api/organization/current': () =>
        json({
          id: 'org-9',
          nameNick: 'Lipa',
          name: 'Lipa d.o.o.',
          roles: ['approver'],
          taxNumber: null,
          connectCode: null,
        }),
    });
    const app = renderApp('/account/invitation/secret-1');
    expect((await screen.findByTestId('invitation-intro')).textContent).toBe(
      en('invitation.intro', 'Lipa d.o.o.', en('onboarding.role.approver')),
    );
    expect(screen.getByText(en('invitation.validUntil', '05.12.2026'))).toBeTruthy();
    await userEvent.click(screen.getByTestId('invitation-accept'));
    await waitFor(() => expect(app.location()).toBe('/o/org-9/home'));
    expect(
      calls.some((c) => c.method === 'POST' && c.path === '/api/invitation/secret-1/accept'),
    ).toBe(true);
  });

  it('says why a link no longer works', async () => {
    signedIn(organizations(1), {
      'GET /api/invitation/:code': () => apiError(410, en('errors.invitation.expired'), 'Gone'),
    });
    renderApp('/account/invitation/old');
    expect((await screen.findByTestId('invitation-error')).textContent).toBe(
      en('errors.invitation.expired'),
    );
    expect(screen.queryByTestId('invitation-accept')).toBeNull();
  });

  it('offers a visitor to sign in or create the account, and returns to it after signing in', async () => {
    const joined = { id: 'org-9', nameNick: 'Lipa', roles: ['approver'] };
    const calls = fakeApi({
      'GET /api/invitation/:code/public': () => json(preview),
      'POST /api/account/login': () => json(authToken(organizations(1))),
      'GET /api/invitation/:code': () => json(preview),
      'POST /api/invitation/:code/accept': () => json(joined),
      'GET /api/organization/current': () =>
        json({ ...joined, name: 'Lipa d.o.o.', taxNumber: null, connectCode: null }),
    });
    const app = renderApp('/account/invitation/secret-1');
    expect((await screen.findByTestId('invitation-intro')).textContent).toBe(
      en('invitation.intro', 'Lipa d.o.o.', en('onboarding.role.approver')),
    );
    expect(screen.getByTestId('invitation-signed-out').textContent).toBe(
      en('invitation.signedOut', 'demo@example.com'),
    );
    expect(screen.getByTestId('invitation-register').getAttribute('href')).toBe(
      '/account/newuser?invitation=secret-1',
    );
    const user = userEvent.setup();
    await user.click(screen.getByTestId('invitation-sign-in'));
    await waitFor(() =>
      expect(app.location()).toBe('/account/login?returnUrl=%2Faccount%2Finvitation%2Fsecret-1'),
    );
    await user.type(await screen.findByTestId('login-username'), 'demo');
    await user.type(screen.getByTestId('login-password'), 'listina-demo{Enter}');
    await user.click(await screen.findByTestId('invitation-accept'));
    await waitFor(() => expect(app.location()).toBe('/o/org-9/home'));
    expect(
      calls.some((c) => c.method === 'POST' && c.path === '/api/invitation/secret-1/accept'),
    ).toBe(true);
  });

  it('tells a visitor why a link no longer works, and offers nothing to do with it', async () => {
    fakeApi({
      'GET /api/invitation/:code/public': () =>
        apiError(410, en('errors.invitation.revoked'), 'Gone'),
    });
    renderApp('/account/invitation/old');
    expect((await screen.findByTestId('invitation-error')).textContent).toBe(
      en('errors.invitation.revoked'),
    );
    expect(screen.queryByTestId('invitation-sign-in')).toBeNull();
    expect(screen.queryByTestId('invitation-register')).toBeNull();
  });
});
