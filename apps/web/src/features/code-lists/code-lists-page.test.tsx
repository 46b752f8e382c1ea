import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { OrganizationRoute, RootLayout } from '../../app/guard';
import { en } from '../../test/catalogue';
import { json, organizations, signedIn, type Handler } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { CodeListsPage } from './code-lists-page';
import {
  cellAt,
  Contexts,
  fakeDialogs,
  fakeUndo,
  pagedRows,
  rateRows,
  rateSchema,
  rowTexts,
} from '../../schema-ui/grid/grid-test-kit';

const entities = [
  {
    name: 'currency',
    labelId: 'currency.title',
    label: 'Currencies',
    canWrite: true,
    canCreate: true,
    canDelete: true,
    sortKeys: ['code'],
    root: false,
  },
  {
    name: 'vatRate',
    labelId: 'vatRate.title',
    label: 'VAT rates',
    canWrite: false,
    canCreate: false,
    canDelete: false,
    sortKeys: ['code', 'name'],
    root: false,
  },
];

const currencySchema = {
  id: 'currency',
  labelId: 'currency.title',
  fields: [
    { name: 'code', dataType: 'text', inputType: 'text', labelText: 'Code' },
    { name: 'minorUnits', dataType: 'int', inputType: 'int', labelText: 'Minor units' },
  ],
};
const currencyRows = [
  { id: 1, key: 'c-eur', version: 1, displayTitle: 'EUR', code: 'EUR', minorUnits: 2 },
  { id: 2, key: 'c-jpy', version: 1, displayTitle: 'JPY', code: 'JPY', minorUnits: 1000 },
];

/**
 * The page under the app's guard and organisation route at a path, with the code-list calls
 * answered and fake dialogs and undo (the main layout's real ones have their own tests).
 */
function renderPage(path: string) {
  const calls = signedIn(organizations(1), {
    'GET /api/cl': () => json({ items: entities }),
    'GET /api/cl/schema/:name': ({ path: url }) =>
      json(url.endsWith('/currency') ? currencySchema : rateSchema),
    'GET /api/cl/:name': ((call) =>
      call.path.startsWith('/api/cl/currency')
        ? json({ items: currencyRows, nextCursor: null })
        : pagedRows(rateRows(1, 25))(call)) satisfies Handler,
  });
  const dialogs = fakeDialogs();
  const page = (
    <Contexts dialogs={dialogs} undo={fakeUndo()}>
      <CodeListsPage />
    </Contexts>
  );
  const routes: RouteObject[] = [
    {
      element: <RootLayout />,
      children: [
        {
          path: '/o/:organizationId',
          element: <OrganizationRoute />,
          children: [
            { path: 'cl', element: page },
            { path: 'cl/:cl', element: page },
          ],
        },
      ],
    },
  ];
  return { ...renderApp(path, routes), calls, dialogs };
}

describe('code-list browser', () => {
  it('lists the tables in the sidebar, opens the first, and shows another after a click', async () => {
    const app = renderPage('/o/org-1/cl');
    await waitFor(() => expect(app.location()).toBe('/o/org-1/cl/currency'));
    const sidebar = await screen.findByTestId('code-lists-sidebar');
    expect(
      within(sidebar)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Currencies', 'VAT rates']);
    expect(screen.getByTestId('code-list-title').textContent).toBe('Currencies');
    await waitFor(() =>
      expect(rowTexts()).toEqual([
        ['EUR', '2'],
        ['JPY', '1.000'],
      ]),
    );
    expect(
      within(sidebar).getByRole('link', { name: 'Currencies' }).getAttribute('aria-current'),
    ).toBe('page');

    await userEvent.click(within(sidebar).getByRole('link', { name: 'VAT rates' }));
    await waitFor(() => expect(app.location()).toBe('/o/org-1/cl/vatRate'));
    expect(screen.getByTestId('code-list-title').textContent).toBe('VAT rates');
    await waitFor(() => expect(rowTexts()[0]?.[0]).toBe('R0001'));
    expect(screen.getAllByTestId('grid-row')).toHaveLength(20);
  });

  it('is reached through the app routes, inside the main layout', async () => {
    signedIn(organizations(1), {
      'GET /api/cl': () => json({ items: entities }),
      'GET /api/cl/schema/:name': () => json(currencySchema),
      'GET /api/cl/:name': () => json({ items: currencyRows, nextCursor: null }),
    });
    const app = renderApp('/o/org-1/cl');
    await waitFor(() => expect(app.location()).toBe('/o/org-1/cl/currency'));
    await waitFor(() =>
      expect(rowTexts()).toEqual([
        ['EUR', '2'],
        ['JPY', '1.000'],
      ]),
    );
    expect(screen.getByRole('navigation', { name: en('codeLists.title') })).toBeTruthy();
  });

  it('opens a row of a writable table in the edit dialog', async () => {
    const { dialogs } = renderPage('/o/org-1/cl/currency');
    await waitFor(() => expect(rowTexts()).toHaveLength(2));
    expect(screen.getByTestId('grid-add')).toBeTruthy();
    await userEvent.dblClick(cellAt(1, 1));
    expect(dialogs.openEdit).toHaveBeenCalledWith({ table: 'currency', key: 'c-jpy' });
  });

  it('shows a table the user may not change read-only, and opens rows locked', async () => {
    const { dialogs } = renderPage('/o/org-1/cl/vatRate');
    await waitFor(() => expect(screen.getAllByTestId('grid-row')).toHaveLength(20));
    expect(screen.getByTestId('code-list-readonly').textContent).toBe(en('codeLists.readonly'));
    expect(screen.queryByTestId('grid-add')).toBeNull();
    expect(screen.queryByTestId('grid-import')).toBeNull();
    screen.getByRole('grid').focus();
    await userEvent.keyboard('{Enter}');
    expect(dialogs.openEdit).toHaveBeenCalledWith({
      table: 'vatRate',
      key: 'key-1',
      canUnlock: false,
      canAddMore: false,
      canDelete: false,
    });
  });

  it('says so when the code list does not exist, and keeps the sidebar', async () => {
    const { calls } = renderPage('/o/org-1/cl/nonsense');
    expect((await screen.findByTestId('code-list-unknown')).textContent).toBe(
      en('codeLists.unknown', 'nonsense'),
    );
    expect(within(screen.getByTestId('code-lists-sidebar')).getAllByRole('link')).toHaveLength(2);
    expect(calls.some((call) => call.path.startsWith('/api/cl/nonsense'))).toBe(false);
  });
});
