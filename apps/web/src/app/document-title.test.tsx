import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { messagesOf } from '../test/catalogue';
import { fakeApi, json, organizations, signedIn } from '../test/fake-api';
import { renderApp } from '../test/render';
import type { PageHandle } from './document-title';
import { routes } from './router';

const english = messagesOf('en-gb');
const sl = messagesOf('sl');

interface Page {
  path: string;
  handle: PageHandle | undefined;
}

/** Every route that shows a page of its own (not a layout, not a redirect), with its full path. */
function pagesOf(list: readonly RouteObject[], parent = ''): Page[] {
  return list.flatMap((route) => {
    const path = route.path?.startsWith('/')
      ? route.path
      : [parent, route.path].filter(Boolean).join('/');
    if (route.children) return pagesOf(route.children, path);
    const element = route.element as { type?: { name?: string } } | undefined;
    const redirects = ['Navigate', 'RootRedirect'].includes(element?.type?.name ?? '');
    return redirects ? [] : [{ path: path || '/', handle: route.handle as PageHandle | undefined }];
  });
}

describe('the document title of each page (issue 24)', () => {
  it('names every page of the router, in both languages', () => {
    const pages = pagesOf(routes);
    expect(pages.length).toBeGreaterThanOrEqual(18);
    const unnamed = pages.filter((page) => !page.handle?.titleId).map((page) => page.path);
    expect(unnamed).toEqual([]);
    for (const page of pages) {
      const titleId = page.handle?.titleId ?? '';
      expect(english[titleId], `${page.path} en-gb`).toBeTruthy();
      expect(sl[titleId], `${page.path} sl`).toBeTruthy();
    }
    // Pages that differ have names that differ.
    const payments = pages.find((page) => page.path.endsWith('/payments'))?.handle?.titleId;
    const home = pages.find((page) => page.path.endsWith('/home'))?.handle?.titleId;
    expect(payments).not.toBe(home);
  });

  it('names the page, the organisation and the product, and follows page and language', async () => {
    signedIn(organizations(1), {
      'GET /api/tile': () => json({ items: [] }),
      'GET /api/cl': () => json({ items: [] }),
    });
    const app = renderApp('/o/org-1/home');
    await waitFor(() =>
      expect(document.title).toBe(`${english['language.title.home']} · Org 01 · Listina`),
    );
    await app.router.navigate('/notifications');
    await waitFor(() =>
      expect(document.title).toBe(`${english['language.title.notifications']} · Org 01 · Listina`),
    );
    await app.router.navigate('/o/org-1/home');
    await userEvent.click(await screen.findByTestId('language-menu'));
    await userEvent.click(await screen.findByTestId('language-sl'));
    await waitFor(() => expect(document.title).toBe('Domov · Org 01 · Listina'));
  });

  it('names a page without an organisation before sign-in', async () => {
    fakeApi();
    window.localStorage.setItem('listina.locale', 'sl');
    renderApp('/account/login');
    await waitFor(() => expect(document.title).toBe('Prijava · Listina'));
  });
});
