import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { en } from '../../test/catalogue';
import { apiError, fakeApi, json } from '../../test/fake-api';
import { renderApp } from '../../test/render';

// The estimator's chunk is loaded and built by the first test that types a password.
describe('registration page', { timeout: 60_000 }, () => {
  it('validates with the contract before sending', async () => {
    const calls = fakeApi();
    renderApp('/account/newuser');
    const user = userEvent.setup();
    await user.type(await screen.findByTestId('register-username'), 'X');
    await user.type(screen.getByTestId('register-email'), 'not-an-email');
    await user.type(screen.getByTestId('register-password'), 'short{Enter}');
    expect(await screen.findByText(en('validation.username'))).toBeTruthy();
    expect(screen.getByText(en('validation.email'))).toBeTruthy();
    expect(screen.getByText(en('validation.passwordTooShort'))).toBeTruthy();
    expect(screen.getByText(en('validation.required'))).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/account/register')).toBe(false);
  });

  it('tells the user to check the mail, which says how to go on', async () => {
    const calls = fakeApi({
      'POST /api/account/register': () => json({ username: 'ana', email: 'ana@example.com' }, 201),
    });
    renderApp('/account/newuser');
    const user = userEvent.setup();
    await user.type(await screen.findByTestId('register-username'), 'ana');
    await user.type(screen.getByTestId('register-email'), 'ana@example.com');
    await user.type(screen.getByTestId('register-display-name'), 'Ana Novak');
    await user.type(screen.getByTestId('register-password'), 'correct-horse');
    // Sent once the estimator has looked at the password (a chunk loaded on this page).
    await screen.findByTestId('register-password-feedback', {}, { timeout: 30_000 });
    await user.type(screen.getByTestId('register-password-repeat'), 'correct-horse{Enter}');
    expect((await screen.findByTestId('register-success')).textContent).toBe(
      en('account.register.checkMail', 'ana@example.com'),
    );
    expect(calls.find((call) => call.path === '/api/account/register')?.body).toEqual({
      username: 'ana',
      email: 'ana@example.com',
      displayName: 'Ana Novak',
      password: 'correct-horse',
      lang: 'en-gb',
    });
  });
});

describe('registration from an invitation link', { timeout: 60_000 }, () => {
  it('fills in the invited address, sends the invitation and says the confirmation joins', async () => {
    const calls = fakeApi({
      'GET /api/invitation/:code/public': () =>
        json({
          organizationName: 'Lipa d.o.o.',
          email: 'mojca@example.com',
          roles: ['approver'],
          expiresAt: '2026-12-05T09:00:00.000Z',
        }),
      'POST /api/account/register': () =>
        json({ username: 'mojca', email: 'mojca@example.com' }, 201),
    });
    renderApp('/account/newuser?invitation=secret-1');
    expect((await screen.findByTestId('register-invitation')).textContent).toBe(
      en('invitation.registerIntro', 'Lipa d.o.o.'),
    );
    const email = screen.getByTestId<HTMLInputElement>('register-email');
    expect(email.value).toBe('mojca@example.com');
    expect(email.readOnly).toBe(true);
    expect(screen.getByTestId('register-login').getAttribute('href')).toBe(
      '/account/login?returnUrl=%2Faccount%2Finvitation%2Fsecret-1',
    );
    const user = userEvent.setup();
    await user.type(screen.getByTestId('register-username'), 'mojca');
    await user.type(screen.getByTestId('register-display-name'), 'Mojca Kos');
    await user.type(screen.getByTestId('register-password'), 'correct-horse');
    await screen.findByTestId('register-password-feedback', {}, { timeout: 30_000 });
    await user.type(screen.getByTestId('register-password-repeat'), 'correct-horse{Enter}');
    expect((await screen.findByTestId('register-success')).textContent).toBe(
      en('invitation.registered', 'mojca@example.com', 'Lipa d.o.o.'),
    );
    expect(calls.find((call) => call.path === '/api/account/register')?.body).toEqual({
      username: 'mojca',
      email: 'mojca@example.com',
      displayName: 'Mojca Kos',
      password: 'correct-horse',
      lang: 'en-gb',
      invitation: 'secret-1',
    });
  });

  it('says why an expired link cannot be registered from', async () => {
    const calls = fakeApi({
      'GET /api/invitation/:code/public': () =>
        apiError(410, en('errors.invitation.expired'), 'Gone'),
    });
    renderApp('/account/newuser?invitation=old');
    expect((await screen.findByTestId('register-error')).textContent).toBe(
      en('errors.invitation.expired'),
    );
    expect(screen.queryByTestId('register-submit')).toBeNull();
    expect(calls.some((call) => call.path === '/api/account/register')).toBe(false);
  });
});

// The first estimate loads and builds the dictionaries: slow on a busy machine.
describe('registration password policy', { timeout: 60_000 }, () => {
  const slow = { timeout: 30_000 };

  it('shows the estimator’s feedback, translated, while the password is typed', async () => {
    fakeApi();
    renderApp('/account/newuser');
    const user = userEvent.setup();
    await user.type(await screen.findByTestId('register-password'), 'aaaaaaaaaa');
    expect(
      (await screen.findByTestId('register-password-feedback-warning', {}, slow)).textContent,
    ).toBe(en('validation.passwordWeak.simpleRepeat'));
    expect(screen.getByTestId('register-password-feedback-strength').textContent).toBe(
      en('password.strength.label', en('password.strength.0')),
    );
    const suggestions = screen.getByTestId('register-password-feedback-suggestions');
    expect([...suggestions.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      en('password.suggestion.anotherWord'),
      en('password.suggestion.repeated'),
    ]);
    await user.clear(screen.getByTestId('register-password'));
    await user.type(screen.getByTestId('register-password'), 'quiet-river-stones');
    await waitFor(
      () =>
        expect(screen.getByTestId('register-password-feedback-strength').textContent).toBe(
          en('password.strength.label', en('password.strength.4')),
        ),
      slow,
    );
    expect(screen.queryByTestId('register-password-feedback-warning')).toBeNull();
  });

  it('refuses a weak password and the username before sending, as the server would', async () => {
    const calls = fakeApi();
    renderApp('/account/newuser');
    const user = userEvent.setup();
    await user.type(await screen.findByTestId('register-username'), 'ana.novak');
    await user.type(screen.getByTestId('register-email'), 'ana@example.com');
    await user.type(screen.getByTestId('register-display-name'), 'Ana Novak');
    await user.type(screen.getByTestId('register-password'), 'Password2024');
    await screen.findByTestId('register-password-feedback', {}, slow);
    await user.type(screen.getByTestId('register-password-repeat'), 'Password2024{Enter}');
    expect(
      await screen.findByText(en('validation.passwordWeak.similarToCommon'), {
        selector: '.MuiFormHelperText-root',
      }),
    ).toBeTruthy();
    await user.clear(screen.getByTestId('register-password'));
    await user.type(screen.getByTestId('register-password'), 'ana.novak2024');
    await user.clear(screen.getByTestId('register-password-repeat'));
    await user.type(screen.getByTestId('register-password-repeat'), 'ana.novak2024{Enter}');
    expect(await screen.findByText(en('validation.passwordLikeAccount'))).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/account/register')).toBe(false);
  });
});
