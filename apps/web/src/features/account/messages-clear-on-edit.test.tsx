import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, fakeApi, json, organizations, signedIn } from '../../test/fake-api';
import { renderApp } from '../../test/render';

/**
 * A message about the last send (an error, a success) goes away as soon as the user edits a
 * field it is about: every form of the account pages that shows one is walked here.
 */
interface Case {
  name: string;
  route: string;
  signedIn: boolean;
  /** The answer to the send, by "METHOD /path". */
  answers: Record<string, () => Response>;
  /** Fills the form and sends it. */
  send: (user: ReturnType<typeof userEvent.setup>) => Promise<void>;
  message: string;
  /** The field typed into afterwards. */
  edit: string;
}

const profile = {
  username: 'demo',
  displayName: 'Dana Demo',
  email: 'demo@example.com',
  lang: 'en-gb',
};
const profileAnswers = { 'GET /api/account/signins': () => json({ items: [] }) };

const CASES: Case[] = [
  {
    name: 'sign-in error',
    route: '/account/login',
    signedIn: false,
    answers: { 'POST /api/account/login': () => apiError(401, 'Wrong username or password.') },
    send: async (user) => {
      await user.type(await screen.findByTestId('login-username'), 'demo');
      await user.type(screen.getByTestId('login-password'), 'nope{Enter}');
    },
    message: 'login-error',
    edit: 'login-password',
  },
  {
    name: 'join by code error',
    route: '/account/addorg',
    signedIn: true,
    answers: {
      'POST /api/organization/connect': () => apiError(404, 'No organisation has this code.'),
    },
    send: async (user) => {
      await user.type(await screen.findByTestId('addorg-code'), 'NOPE');
      await user.click(screen.getByTestId('addorg-connect'));
    },
    message: 'addorg-connect-error',
    edit: 'addorg-code',
  },
  {
    name: 'create organisation error',
    route: '/account/addorg',
    signedIn: true,
    answers: { 'POST /api/organization': () => apiError(409, 'This name is taken.') },
    send: async (user) => {
      await user.type(await screen.findByTestId('addorg-name'), 'Nova d.o.o.');
      await user.type(screen.getByTestId('addorg-name-nick'), 'Nova');
      await user.click(screen.getByTestId('addorg-create'));
    },
    message: 'addorg-create-error',
    edit: 'addorg-name',
  },
  {
    name: 'profile saved',
    route: '/account/profile',
    signedIn: true,
    answers: {
      ...profileAnswers,
      'GET /api/account/profile': () => json(profile),
      'PUT /api/account/profile': () => json({ ...profile, displayName: 'Dana D.' }),
    },
    send: async (user) => {
      await user.type(await screen.findByTestId('profile-display-name'), '.');
      await user.click(screen.getByTestId('profile-submit'));
    },
    message: 'profile-success',
    edit: 'profile-display-name',
  },
  {
    name: 'profile error',
    route: '/account/profile',
    signedIn: true,
    answers: {
      ...profileAnswers,
      'GET /api/account/profile': () => json(profile),
      'PUT /api/account/profile': () => apiError(503, 'Try again later.'),
    },
    send: async (user) => {
      await user.type(await screen.findByTestId('profile-display-name'), '.');
      await user.click(screen.getByTestId('profile-submit'));
    },
    message: 'profile-error',
    edit: 'profile-display-name',
  },
];

describe('a message about the last send clears when its input changes', () => {
  it.each(CASES)('$name', async (item) => {
    if (item.signedIn) signedIn(organizations(1), item.answers);
    else fakeApi(item.answers);
    renderApp(item.route);
    const user = userEvent.setup();
    await item.send(user);
    expect(await screen.findByTestId(item.message)).toBeTruthy();
    await user.type(screen.getByTestId(item.edit), 'x');
    await waitFor(() => expect(screen.queryByTestId(item.message)).toBeNull());
  });

  it('forgot password error', async () => {
    fakeApi({ 'POST /api/account/forgot': () => apiError(503, 'Try again later.') });
    renderApp('/account/login');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('login-forgot'));
    const dialog = await screen.findByTestId('forgot-dialog');
    await user.type(within(dialog).getByTestId('forgot-username'), 'demo');
    await user.click(within(dialog).getByTestId('forgot-submit'));
    expect(await within(dialog).findByTestId('forgot-error')).toBeTruthy();
    await user.type(within(dialog).getByTestId('forgot-username'), 'x');
    await waitFor(() => expect(within(dialog).queryByTestId('forgot-error')).toBeNull());
  });
});
