import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, authToken, fakeApi, json, organizations, signedIn } from '../test/fake-api';
import { renderApp } from '../test/render';
import { safeReturnUrl } from './guard';

describe('global guard', () => {
  it('sends a signed-out visitor to login with the returnUrl, and back after sign-in', async () => {
    const orgs = organizations(3);
    fakeApi({ 'POST /api/account/login': () => json(authToken(orgs)) });
    const app = renderApp('/o/org-2/work/index?filterId=search&search=x');
    await waitFor(() =>
      expect(app.location()).toBe(
        '/account/login?returnUrl=%2Fo%2Forg-2%2Fwork%2Findex%3FfilterId%3Dsearch%26search%3Dx',
      ),
    );
    const user = userEvent.setup();
    await user.type(await screen.findByTestId('login-username'), 'demo');
    await user.type(screen.getByTestId('login-password'), 'listina-demo{Enter}');
    await waitFor(() =>
      expect(app.location()).toBe('/o/org-2/work/index?filterId=search&search=x'),
    );
  });

  it('redirects / to login, to the active organisation, or to add organisation', async () => {
    fakeApi();
    const visitor = renderApp('/');
    await waitFor(() => expect(visitor.location()).toBe('/account/login'));
    visitor.unmount();

    window.localStorage.setItem('listina.organizationId', 'org-2');
    signedIn(organizations(3));
    const member = renderApp('/');
    await waitFor(() => expect(member.location()).toBe('/o/org-2'));
    member.unmount();

    signedIn([]);
    const loner = renderApp('/');
    await waitFor(() => expect(loner.location()).toBe('/account/addorg'));
    expect(await screen.findByTestId('no-organization')).toBeTruthy();
  });

  it('sends an organisation the user does not belong to back to / and never asks for it', async () => {
    const calls = signedIn(organizations(2));
    const app = renderApp('/o/someone-else/home');
    await waitFor(() => expect(app.location()).toBe('/o/org-1'));
    const asked = calls.map((call) => call.headers.get('organization-id'));
    expect(asked).not.toContain('someone-else');
  });

  it('sends unknown paths to /', async () => {
    signedIn(organizations(1));
    const app = renderApp('/no/such/page');
    await waitFor(() => expect(app.location()).toBe('/o/org-1'));
  });

  it('logs out on a 401 and returns to login with the returnUrl', async () => {
    signedIn(organizations(1), {
      'GET /api/organization/current': () => apiError(401, 'Your session has expired.'),
    });
    const app = renderApp('/o/org-1/home');
    await waitFor(() =>
      expect(app.location()).toBe('/account/login?returnUrl=%2Fo%2Forg-1%2Fhome'),
    );
    expect(window.localStorage.getItem('listina.apikey')).toBeNull();
  });

  it('keeps a stored session across a reload', async () => {
    signedIn(organizations(2));
    const app = renderApp('/account/profile');
    expect(await screen.findByTestId('profile-page')).toBeTruthy();
    expect(app.location()).toBe('/account/profile');
  });

  it('follows only paths of this application after login', () => {
    expect(safeReturnUrl('/o/1/home?x=1')).toBe('/o/1/home?x=1');
    expect(safeReturnUrl('https://evil.example')).toBeNull();
    expect(safeReturnUrl('//evil.example')).toBeNull();
    expect(safeReturnUrl('/account/login?returnUrl=/x')).toBeNull();
    expect(safeReturnUrl(null)).toBeNull();
  });
});
