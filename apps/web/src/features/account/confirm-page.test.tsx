import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RecordedCall } from '../../test/fake-api';
import { en } from '../../test/catalogue';
import { apiError, fakeApi, json } from '../../test/fake-api';
import { renderApp } from '../../test/render';

// The estimator's chunk is loaded and built by the first test that types a password.
describe('confirm page', { timeout: 60_000 }, () => {
  it('confirms an e-mail code once and offers the sign-in', async () => {
    const calls = fakeApi({
      'POST /api/account/confirm': () => json({ result: 'emailConfirmed' }),
    });
    renderApp('/account/confirm/abc123');
    expect((await screen.findByTestId('confirm-success')).textContent).toBe(
      en('account.confirm.emailConfirmed'),
    );
    const confirms = calls.filter((call) => call.path === '/api/account/confirm');
    expect(confirms.map((call) => call.body)).toEqual([{ code: 'abc123' }]);
  });

  it('says that confirming the address joined the organisation of the invitation', async () => {
    fakeApi({
      'POST /api/account/confirm': () =>
        json({
          result: 'emailConfirmed',
          invitation: { organizationName: 'Lipa d.o.o.', result: 'accepted' },
        }),
    });
    renderApp('/account/confirm/abc123');
    expect((await screen.findByTestId('confirm-success')).textContent).toBe(
      en('invitation.joined', 'Lipa d.o.o.'),
    );
    expect(screen.getByTestId('confirm-login').getAttribute('href')).toBe('/account/login');
  });

  it('says when the invitation expired before the address was confirmed', async () => {
    fakeApi({
      'POST /api/account/confirm': () =>
        json({
          result: 'emailConfirmed',
          invitation: { organizationName: 'Lipa d.o.o.', result: 'expired' },
        }),
    });
    renderApp('/account/confirm/abc123');
    expect((await screen.findByTestId('confirm-success')).textContent).toBe(
      en('invitation.notJoined.expired', 'Lipa d.o.o.'),
    );
  });

  it('asks for a new password for a reset code and posts it with the code', async () => {
    const answer = ({ body }: RecordedCall) =>
      json({
        result: (body as { password?: string }).password ? 'passwordReset' : 'passwordRequired',
      });
    const calls = fakeApi({ 'POST /api/account/confirm': answer });
    renderApp('/account/confirm/reset-9');
    const user = userEvent.setup();
    await user.type(await screen.findByTestId('confirm-password'), 'a-new-password');
    await user.type(screen.getByTestId('confirm-password-repeat'), 'a-new-passwort');
    await user.click(screen.getByTestId('confirm-submit'));
    expect(await screen.findByText(en('form.passwordsDiffer'))).toBeTruthy();
    await user.clear(screen.getByTestId('confirm-password-repeat'));
    await user.type(screen.getByTestId('confirm-password-repeat'), 'a-new-password{Enter}');
    expect((await screen.findByTestId('confirm-success')).textContent).toBe(
      en('account.confirm.passwordReset'),
    );
    expect(calls.filter((c) => c.path === '/api/account/confirm').map((c) => c.body)).toEqual([
      { code: 'reset-9' },
      { code: 'reset-9', password: 'a-new-password' },
    ]);
  });

  it('shows the estimator’s feedback on the new password and refuses a weak one', async () => {
    const calls = fakeApi({
      'POST /api/account/confirm': () => json({ result: 'passwordRequired' }),
    });
    renderApp('/account/confirm/reset-10');
    const user = userEvent.setup();
    await user.type(await screen.findByTestId('confirm-password'), 'aaaaaaaaaa');
    expect(
      (await screen.findByTestId('confirm-password-feedback-warning', {}, { timeout: 30_000 }))
        .textContent,
    ).toBe(en('validation.passwordWeak.simpleRepeat'));
    await user.type(screen.getByTestId('confirm-password-repeat'), 'aaaaaaaaaa{Enter}');
    expect(
      await screen.findByText(en('validation.passwordWeak.simpleRepeat'), {
        selector: '.MuiFormHelperText-root',
      }),
    ).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/account/confirm')).toHaveLength(1);
  });

  it('shows why a code is refused', async () => {
    fakeApi({
      'POST /api/account/confirm': () => apiError(400, 'This link is not valid or has expired.'),
    });
    renderApp('/account/confirm/old');
    expect((await screen.findByTestId('confirm-error')).textContent).toBe(
      'This link is not valid or has expired.',
    );
  });
});
