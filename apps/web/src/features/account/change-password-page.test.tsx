import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { en } from '../../test/catalogue';
import { json, organizations, signedIn } from '../../test/fake-api';
import { renderApp } from '../../test/render';

// The first estimate loads and builds the estimator's dictionaries: slow on a busy machine.
describe('change password page', { timeout: 60_000 }, () => {
  const slow = { timeout: 30_000 };

  it('shows the estimator’s feedback and refuses a weak new password before sending', async () => {
    const calls = signedIn(organizations(1));
    renderApp('/account/changepwd');
    const user = userEvent.setup();
    await user.type(await screen.findByTestId('changepwd-old'), 'the-old-one');
    await user.type(screen.getByTestId('changepwd-new'), 'qwertyuiop');
    expect(
      (await screen.findByTestId('changepwd-new-feedback-warning', {}, slow)).textContent,
    ).toBe(en('validation.passwordWeak.topHundred'));
    await user.type(screen.getByTestId('changepwd-repeat'), 'qwertyuiop{Enter}');
    expect(
      await screen.findByText(en('validation.passwordWeak.topHundred'), {
        selector: '.MuiFormHelperText-root',
      }),
    ).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/account/chgpwd')).toBe(false);
  });

  it('sends a strong new password', async () => {
    const calls = signedIn(organizations(1), {
      'POST /api/account/chgpwd': () => json({ ok: true }),
    });
    renderApp('/account/changepwd');
    const user = userEvent.setup();
    await user.type(await screen.findByTestId('changepwd-old'), 'the-old-one');
    await user.type(screen.getByTestId('changepwd-new'), 'quiet-river-stones');
    expect(
      (await screen.findByTestId('changepwd-new-feedback-strength', {}, slow)).textContent,
    ).toBe(en('password.strength.label', en('password.strength.4')));
    await user.type(screen.getByTestId('changepwd-repeat'), 'quiet-river-stones{Enter}');
    expect((await screen.findByTestId('changepwd-success')).textContent).toBe(
      en('account.changePassword.success'),
    );
    expect(calls.find((call) => call.path === '/api/account/chgpwd')?.body).toEqual({
      oldPassword: 'the-old-one',
      newPassword: 'quiet-river-stones',
    });
  });
});
