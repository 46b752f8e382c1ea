import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { en } from '../../test/catalogue';
import { apiError, json, organizations, signedIn } from '../../test/fake-api';
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
});
