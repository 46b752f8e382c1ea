import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { en } from '../../test/catalogue';
import { fakeApi, json } from '../../test/fake-api';
import { renderApp } from '../../test/render';

describe('registration page', () => {
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

  it('tells the new user to check the mail', async () => {
    const calls = fakeApi({
      'POST /api/account/register': () => json({ username: 'ana', email: 'ana@example.com' }, 201),
    });
    renderApp('/account/newuser');
    const user = userEvent.setup();
    await user.type(await screen.findByTestId('register-username'), 'ana');
    await user.type(screen.getByTestId('register-email'), 'ana@example.com');
    await user.type(screen.getByTestId('register-display-name'), 'Ana Novak');
    await user.type(screen.getByTestId('register-password'), 'correct-horse');
    await user.type(screen.getByTestId('register-password-repeat'), 'correct-horse{Enter}');
    expect((await screen.findByTestId('register-success')).textContent).toBe(
      en('account.register.success', 'ana@example.com'),
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

describe('registration password policy', () => {
  it('refuses a common password and the username before sending, as the server would', async () => {
    const calls = fakeApi();
    renderApp('/account/newuser');
    const user = userEvent.setup();
    await user.type(await screen.findByTestId('register-username'), 'ana.novak');
    await user.type(screen.getByTestId('register-email'), 'ana@example.com');
    await user.type(screen.getByTestId('register-display-name'), 'Ana Novak');
    await user.type(screen.getByTestId('register-password'), 'Password2024');
    await user.type(screen.getByTestId('register-password-repeat'), 'Password2024{Enter}');
    expect(await screen.findByText(en('validation.passwordCommon'))).toBeTruthy();
    await user.clear(screen.getByTestId('register-password'));
    await user.type(screen.getByTestId('register-password'), 'ana.novak2024');
    await user.clear(screen.getByTestId('register-password-repeat'));
    await user.type(screen.getByTestId('register-password-repeat'), 'ana.novak2024{Enter}');
    expect(await screen.findByText(en('validation.passwordLikeAccount'))).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/account/register')).toBe(false);
  });
});
