import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { organizations, signedIn } from '../../test/fake-api';
import { screenOfWidth } from '../../test/media';
import { renderApp } from '../../test/render';

const names = (elements: HTMLElement[]) => elements.map((element) => element.textContent);

describe('main toolbar organisation switcher', () => {
  it('shows a single organisation as plain text', async () => {
    signedIn(organizations(1));
    renderApp('/o/org-1/home');
    expect((await screen.findByTestId('org-name')).textContent).toBe('Org 01');
    expect(screen.queryByTestId('org-menu')).toBeNull();
    expect(screen.queryByTestId('org-selector')).toBeNull();
  });

  it('offers to add an organisation beside a single one and as the last item of the menu', async () => {
    signedIn(organizations(1));
    const app = renderApp('/o/org-1/home');
    await userEvent.click(await screen.findByRole('button', { name: 'Add organisation' }));
    await waitFor(() => expect(app.location()).toBe('/account/addorg'));
    expect(await screen.findByTestId('addorg-page')).toBeTruthy();
  });

  it('ends the menu of 2 to 10 organisations with "Add organisation"', async () => {
    signedIn(organizations(3));
    const app = renderApp('/o/org-1/home');
    await userEvent.click(await screen.findByTestId('org-menu'));
    const items = await screen.findAllByRole('menuitem');
    expect(items.at(-1)?.textContent).toBe('Add organisation');
    await userEvent.click(items.at(-1) as HTMLElement);
    await waitFor(() => expect(app.location()).toBe('/account/addorg'));
  });

  it('offers 2 to 10 organisations in a sorted menu and switches with it', async () => {
    signedIn(organizations(5));
    const app = renderApp('/o/org-3/home');
    const button = await screen.findByTestId('org-menu');
    expect(button.textContent).toBe('Org 03');
    await userEvent.click(button);
    const items = await screen.findAllByTestId('org-menu-item');
    expect(names(items)).toEqual(['Org 01', 'Org 02', 'Org 03', 'Org 04', 'Org 05']);
    await userEvent.click(items[4] as HTMLElement);
    await waitFor(() => expect(app.location()).toBe('/o/org-5/home'));
    expect((await screen.findByTestId('org-menu')).textContent).toBe('Org 05');
    expect((await screen.findByTestId('home-organization-name')).textContent).toBe('Org 05 d.o.o.');
    expect(window.localStorage.getItem('listina.organizationId')).toBe('org-5');
  });

  it('turns into a searchable selector above 10 organisations', async () => {
    signedIn(organizations(12));
    const app = renderApp('/o/org-1/home');
    const input = await screen.findByTestId('org-selector-input');
    expect((input as HTMLInputElement).value).toBe('Org 01');
    const user = userEvent.setup();
    await user.click(input);
    const all = await screen.findAllByRole('option');
    expect(names(all)).toEqual(
      organizations(12)
        .map((o) => o.nameNick)
        .reverse(),
    );
    await user.clear(input);
    await user.type(input, '11');
    const listbox = await screen.findByRole('listbox');
    expect(names(within(listbox).getAllByRole('option'))).toEqual(['Org 11']);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(app.location()).toBe('/o/org-11/home'));
  });
});

describe('main toolbar search and user menu', () => {
  it('searches from home and shows the text on the document list', async () => {
    signedIn(organizations(2));
    const app = renderApp('/o/org-2');
    const user = userEvent.setup();
    await user.type(await screen.findByTestId('search-box'), 'račun 42{Enter}');
    await waitFor(() =>
      expect(app.location()).toBe('/o/org-2/work/index?filterId=search&search=ra%C4%8Dun+42'),
    );
    expect((await screen.findByTestId('work-search-text')).textContent).toContain('račun 42');
    expect(screen.getByTestId<HTMLInputElement>('search-box').value).toBe('račun 42');
  });

  it('hides the search box on other pages', async () => {
    signedIn(organizations(2));
    renderApp('/o/org-2/work/index');
    expect(await screen.findByTestId('work-index-page')).toBeTruthy();
    expect(screen.queryByTestId('search-box')).toBeNull();
  });

  it('has profile, add organisation (joining by code or creating), and logout that returns to sign-in', async () => {
    const calls = signedIn(organizations(2));
    const app = renderApp('/o/org-1/home');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('user-menu'));
    await user.click(screen.getByTestId('user-menu-addorg'));
    await waitFor(() => expect(app.location()).toBe('/account/addorg'));
    expect(await screen.findByTestId('addorg-code')).toBeTruthy();
    expect(screen.getByTestId('addorg-name')).toBeTruthy();
    await user.click(screen.getByTestId('user-menu'));
    expect(screen.getByTestId('user-menu-profile')).toBeTruthy();
    await user.click(screen.getByTestId('logout'));
    await waitFor(() => expect(app.location()).toBe('/account/login'));
    const logout = calls.find((call) => call.path === '/api/account/logout');
    expect(logout?.headers.get('authorization')).toBe('key-1');
    expect(window.localStorage.getItem('listina.apikey')).toBeNull();
    expect(await screen.findByTestId('login-username')).toBeTruthy();
  });
});

describe('main toolbar code lists button', () => {
  it('opens the code-list browser of the active organisation', async () => {
    signedIn(organizations(2));
    const app = renderApp('/o/org-2/home');
    await userEvent.click(await screen.findByRole('button', { name: 'Code lists' }));
    await waitFor(() => expect(app.location()).toMatch(/^\/o\/org-2\/cl/));
  });
});

describe('main toolbar on a phone (issue 26)', () => {
  let undo: () => void = () => undefined;
  afterEach(() => undo());

  it('keeps home, the organisation and the bell, and folds the rest into one menu', async () => {
    undo = screenOfWidth(390);
    signedIn(organizations(2));
    const app = renderApp('/o/org-2/home');
    const more = await screen.findByRole('button', { name: 'More' });
    expect(screen.getByRole('button', { name: 'Home' })).toBeTruthy();
    expect(screen.getByTestId('org-menu').textContent).toBe('Org 02');
    expect(screen.getByTestId('notifications-button')).toBeTruthy();
    for (const name of ['Code lists', 'Payments', 'Incoming mail', 'User menu']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    expect(screen.queryByTestId('language-menu')).toBeNull();

    await userEvent.click(more);
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(items).toEqual(
      expect.arrayContaining(['Code lists', 'Payments', 'Incoming mail', 'Profile', 'Sign out']),
    );
    await userEvent.click(screen.getByRole('menuitem', { name: 'Payments' }));
    await waitFor(() => expect(app.location()).toBe('/o/org-2/payments'));
  });

  it('shows every button in the bar on a wide screen', async () => {
    undo = screenOfWidth(1280);
    signedIn(organizations(2));
    renderApp('/o/org-2/home');
    expect(await screen.findByRole('button', { name: 'Code lists' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'User menu' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'More' })).toBeNull();
  });
});
