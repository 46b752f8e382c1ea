import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Tile } from '@listina/contract';
import { messagesOf } from '../test/catalogue';
import {
  authToken,
  fakeApi,
  json,
  organizations,
  signedIn,
  type RecordedCall,
} from '../test/fake-api';
import { renderApp } from '../test/render';

const sl = messagesOf('sl');
const english = messagesOf('en-gb');

/** GET /api/tile as the server answers it: labels in the language of the call. */
function tilesIn({ headers }: RecordedCall) {
  const messages = headers.get('content-language') === 'sl' ? sl : english;
  const tile = (filterId: string, count: number): Tile => ({
    filterId,
    labelId: `tiles.${filterId}`,
    label: messages[`tiles.${filterId}`] ?? filterId,
    count,
    filter: [],
  });
  return json({ items: [tile('drafts', 3), tile('archive', 1234)] });
}

const labels = () =>
  within(screen.getByTestId('home-tiles'))
    .getAllByTestId('home-tile-label')
    .map((label) => label.textContent);

describe('the interface language (issue 24)', () => {
  it('re-translates the tiles, the toolbar and its menus at once when the language changes', async () => {
    signedIn(organizations(1), {
      'GET /api/tile': tilesIn,
      'GET /api/cl': () => json({ items: [] }),
    });
    renderApp('/o/org-1/home');
    await waitFor(() =>
      expect(labels()).toEqual([english['tiles.drafts'], english['tiles.archive']]),
    );
    expect(screen.getByText(english['home.tiles.title'] ?? '')).toBeTruthy();

    await userEvent.click(screen.getByTestId('language-menu'));
    await userEvent.click(await screen.findByTestId('language-sl'));

    await waitFor(() => expect(labels()).toEqual([sl['tiles.drafts'], sl['tiles.archive']]));
    expect(screen.getByText(sl['home.tiles.title'] ?? '')).toBeTruthy();
    expect(screen.getByTestId('language-menu').getAttribute('aria-label')).toBe(
      `${sl['common.language']}: sl`,
    );
    expect(screen.getByTestId('user-menu').getAttribute('aria-label')).toBe(sl['toolbar.userMenu']);
    await userEvent.click(screen.getByTestId('user-menu'));
    expect((await screen.findByTestId('user-menu-profile')).textContent).toBe(
      sl['toolbar.profile'],
    );
    expect(screen.getByTestId('logout').textContent).toBe(sl['toolbar.logout']);
    expect(document.documentElement.lang).toBe('sl');
  });

  it('is the language saved in the profile after sign-in, not the one the sign-in page showed', async () => {
    const orgs = organizations(1);
    const token = authToken(orgs);
    fakeApi({
      'POST /api/account/login': () =>
        json({ ...token, localeSettings: { ...token.localeSettings, locale: 'sl' } }),
      'GET /api/account/me': () =>
        json({ ...token, localeSettings: { ...token.localeSettings, locale: 'sl' } }),
      'GET /api/organization/current': () =>
        json({ ...orgs[0], name: 'Org 01 d.o.o.', taxNumber: null, connectCode: null }),
      'GET /api/tile': tilesIn,
      'GET /api/cl': () => json({ items: [] }),
    });
    window.localStorage.setItem('listina.locale', 'en-gb');
    renderApp('/account/login');
    const user = userEvent.setup();
    await user.type(await screen.findByTestId('login-username'), 'demo');
    await user.type(screen.getByTestId('login-password'), 'listina-demo{Enter}');

    await waitFor(() => expect(labels()).toEqual([sl['tiles.drafts'], sl['tiles.archive']]));
    expect(screen.getByText(sl['home.tiles.title'] ?? '')).toBeTruthy();
    expect(window.localStorage.getItem('listina.locale')).toBe('sl');
  });
});

describe('a language change while editing (issue 24)', () => {
  it('keeps what the user typed in an open document', async () => {
    const { docRow, workApi } = await import('../features/work/work-test-kit');
    workApi({ 'GET /api/doc/:key': () => json(docRow(1)) });
    renderApp('/o/org-1/work/edit/d-1');
    const number = await screen.findByTestId('field-number');
    const input = (number.querySelector('input') ?? number) as HTMLInputElement;
    await userEvent.clear(input);
    await userEvent.type(input, 'R-EDITED');
    await userEvent.click(screen.getByTestId('language-menu'));
    await userEvent.click(await screen.findByTestId('language-sl'));
    await waitFor(() => expect(document.documentElement.lang).toBe('sl'));
    await waitFor(() => expect(screen.getByTestId('language-menu').textContent).toBe('sl'));
    const after = screen.getByTestId('field-number');
    expect(((after.querySelector('input') ?? after) as HTMLInputElement).value).toBe('R-EDITED');
  });
});
