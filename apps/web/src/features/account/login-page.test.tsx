import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { en } from '../../test/catalogue';
import { apiError, authToken, fakeApi, json, organizations } from '../../test/fake-api';
import { renderApp } from '../../test/render';

async function signIn(username: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByTestId('login-username'), username);
  await user.type(screen.getByTestId('login-password'), `${password}{Enter}`);
  return user;
}

describe('login page', () => {
  it('shows the server message in the alert when the password is wrong', async () => {
    fakeApi({ 'POST /api/account/login': () => apiError(401, 'Wrong username or password.') });
    const app = renderApp('/account/login');
    await signIn('demo', 'nope');
    expect((await screen.findByTestId('login-error')).textContent).toBe(
      'Wrong username or password.',
    );
    expect(app.location()).toBe('/account/login');
  });

  it('shows the rate-limit message of a 429 answer', async () => {
    fakeApi({
      'POST /api/account/login': () =>
        apiError(429, 'Too many failed sign-ins. Try again in 60 seconds.', 'Too Many Requests'),
    });
    renderApp('/account/login');
    await signIn('demo', 'nope');
    expect((await screen.findByTestId('login-error')).textContent).toContain(
      'Try again in 60 seconds',
    );
  });

  it('asks for the missing fields before calling the server', async () => {
    const calls = fakeApi();
    renderApp('/account/login');
    await userEvent.click(await screen.findByTestId('login-submit'));
    expect(await screen.findAllByText(en('validation.required'))).toHaveLength(2);
    expect(calls.some((call) => call.path === '/api/account/login')).toBe(false);
  });

  it('signs in with Enter, sends the language and opens the first organisation', async () => {
    const orgs = organizations(3);
    const calls = fakeApi({
      'POST /api/account/login': () => json(authToken(orgs)),
      'GET /api/organization/current': () =>
        json({ ...orgs[2], name: 'Org 01 d.o.o.', taxNumber: null, connectCode: null }),
    });
    const app = renderApp('/account/login');
    await signIn('Demo', 'listina-demo');
    await waitFor(() => expect(app.location()).toBe('/o/org-1/home'));
    expect(calls.find((call) => call.path === '/api/account/login')?.body).toEqual({
      username: 'Demo',
      password: 'listina-demo',
      lang: 'en-gb',
    });
    expect(window.localStorage.getItem('listina.apikey')).toBe('key-1');
    expect(await screen.findByTestId('home-organization-name')).toBeTruthy();
  });

  it('shows the no-organisation message when the user has none', async () => {
    fakeApi({ 'POST /api/account/login': () => json(authToken([])) });
    renderApp('/account/login');
    await signIn('newbie', 'listina-demo');
    expect((await screen.findByTestId('no-organization')).textContent).toBe(
      en('common.noOrganization'),
    );
    expect(screen.getByTestId('goto-addorg').getAttribute('href')).toBe('/account/addorg');
  });

  it('keeps the invitation of the return path when the visitor creates an account instead', async () => {
    fakeApi();
    renderApp('/account/login?returnUrl=%2Faccount%2Finvitation%2Fsecret-1');
    expect((await screen.findByTestId('login-register')).getAttribute('href')).toBe(
      '/account/newuser?invitation=secret-1',
    );
  });

  it('switches the language of the page', async () => {
    fakeApi();
    renderApp('/account/login');
    await userEvent.click(await screen.findByTestId('language-menu'));
    await userEvent.click(await screen.findByTestId('language-sl'));
    expect(await screen.findByRole('heading', { name: 'Prijava v Listino' })).toBeTruthy();
    expect(window.localStorage.getItem('listina.locale')).toBe('sl');
  });
});

describe('forgot-password dialog', () => {
  it('says an e-mail was sent', async () => {
    const calls = fakeApi({ 'POST /api/account/forgot': () => json({ ok: true }) });
    renderApp('/account/login');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('login-forgot'));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByTestId('forgot-username'), 'demo{Enter}');
    expect((await within(dialog).findByTestId('forgot-success')).textContent).toBe(
      en('account.forgot.sent'),
    );
    expect(calls.find((call) => call.path === '/api/account/forgot')?.body).toEqual({
      username: 'demo',
    });
  });

  it('shows its own error, not the page alert', async () => {
    fakeApi({
      'POST /api/account/forgot': () =>
        new Response('down', { status: 503, statusText: 'Service Unavailable' }),
    });
    renderApp('/account/login');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('login-forgot'));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByTestId('forgot-username'), 'demo');
    await user.click(within(dialog).getByTestId('forgot-submit'));
    expect((await within(dialog).findByTestId('forgot-error')).textContent).toBe(
      en('common.error.api', '503 Service Unavailable'),
    );
    expect(screen.queryByTestId('login-error')).toBeNull();
  });
});
