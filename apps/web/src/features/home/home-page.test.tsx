import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Tile } from '@listina/contract';
import { en } from '../../test/catalogue';
import { apiError, json, organizations, signedIn } from '../../test/fake-api';
import { renderApp } from '../../test/render';

const tiles: Tile[] = [
  {
    filterId: 'drafts',
    labelId: 'tiles.drafts',
    label: 'Drafts',
    count: 3,
    filter: ['status:draft'],
  },
  {
    filterId: 'active',
    labelId: 'tiles.active',
    label: 'In approval',
    count: 1234,
    filter: ['status:active'],
  },
];

describe('home tiles', () => {
  it('shows each tile with its count and links it to the document list filtered by it', async () => {
    signedIn(organizations(1), {
      'GET /api/tile': () => json({ items: tiles }),
      'GET /api/cl': () => json({ items: [] }),
      'GET /api/doc': () => json({ items: [], nextCursor: null }),
    });
    const app = renderApp('/o/org-1/home');
    const list = await screen.findByTestId('home-tiles');
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(2));
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/o/org-1/work/index?filterId=drafts',
      '/o/org-1/work/index?filterId=active',
    ]);
    expect(links.map((link) => link.textContent)).toEqual(['3Drafts', '1.234In approval']);
    // The toolbar's search box stays on home.
    expect(screen.getByTestId('search-box')).toBeTruthy();

    await userEvent.click(within(list).getByRole('link', { name: /In approval/ }));
    await waitFor(() => expect(app.location()).toBe('/o/org-1/work/index?filterId=active'));
    expect(await screen.findByTestId('work-index-page')).toBeTruthy();
  });

  it('says what went wrong when the tiles cannot be loaded, and still shows the organisation', async () => {
    signedIn(organizations(1), {
      'GET /api/tile': () => apiError(500, 'The counts are not available.', 'Server Error'),
    });
    renderApp('/o/org-1/home');
    expect((await screen.findByTestId('home-tiles-error')).textContent).toBe(
      'The counts are not available.',
    );
    expect((await screen.findByTestId('home-organization-name')).textContent).toBe('Org 01 d.o.o.');
    expect(screen.getByText(en('home.placeholder'))).toBeTruthy();
  });
});
