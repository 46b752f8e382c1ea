import type { RouteObject } from 'react-router';
import { screen } from '@testing-library/react';
import { vi } from 'vitest';
import type { EntityInfo, TableRecord } from '@listina/contract';
import type { SchemaInput } from '@listina/forms';
import { OrganizationRoute, RootLayout } from '../../app/guard';
import { json, organizations, signedIn, type Handler } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { Contexts, fakeDialogs, fakeUndo } from '../../schema-ui/grid/grid-test-kit';
import { PaymentsPage } from './payments-page';

/** Test data and the page's render for the payments component tests (not a test file). */

const entity = (name: string, canWrite: boolean): EntityInfo => ({
  name,
  labelId: `${name}.title`,
  label: name === 'payOrder' ? 'Payment orders' : 'Payment packages',
  canWrite,
  canCreate: canWrite && name === 'payOrder',
  canDelete: canWrite && name === 'payOrder',
  sortKeys: ['executionDate'],
  root: true,
});

const orderSchema: SchemaInput = {
  id: 'payOrder',
  labelId: 'payOrder.title',
  fields: [
    { name: 'recipientIdCb', dataType: 'text', inputType: 'text', labelText: 'Recipient name' },
    { name: 'amount', dataType: 'decimal', inputType: 'currency', labelText: 'Amount' },
    { name: 'state', dataType: 'text', inputType: 'text', labelText: 'State' },
  ],
};
const packageSchema: SchemaInput = {
  id: 'payPackage',
  labelId: 'payPackage.title',
  fields: [
    { name: 'code', dataType: 'text', inputType: 'text', labelText: 'Package' },
    { name: 'state', dataType: 'text', inputType: 'text', labelText: 'State' },
  ],
};

export const orderRows: TableRecord[] = [
  {
    id: 1,
    key: 'o-1',
    version: 1,
    displayTitle: 'Alpe d.o.o. 120.50',
    recipientIdCb: 'Alpe d.o.o.',
    amount: '120.50',
    state: 'draft',
  },
  {
    id: 2,
    key: 'o-2',
    version: 1,
    displayTitle: 'Lipa d.o.o. 80.00',
    recipientIdCb: 'Lipa d.o.o.',
    amount: '80.00',
    state: 'ready',
  },
];
export const packageRows: TableRecord[] = [
  { id: 5, key: 'p-5', version: 1, displayTitle: 'P-000005', code: 'P-000005', state: 'open' },
];

interface RenderOptions {
  handlers?: Record<string, Handler>;
  canWrite?: boolean;
}

/** The payments page under the organisation route, with fake dialogs and undo. */
export function renderPayments(path: string, options: RenderOptions = {}) {
  const canWrite = options.canWrite ?? true;
  const calls = signedIn(organizations(1), {
    'GET /api/cl': () =>
      json({ items: [entity('payOrder', canWrite), entity('payPackage', canWrite)] }),
    'GET /api/cl/schema/:name': ({ path: url }) =>
      json(url.endsWith('/payOrder') ? orderSchema : packageSchema),
    'GET /api/payOrder': () => json({ items: orderRows, nextCursor: null }),
    'GET /api/payPackage': () => json({ items: packageRows, nextCursor: null }),
    ...options.handlers,
  });
  const dialogs = fakeDialogs();
  const undo = fakeUndo();
  const page = (
    <Contexts dialogs={dialogs} undo={undo}>
      <PaymentsPage />
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
            { path: 'payments', element: page },
            { path: 'payments/:view', element: page },
          ],
        },
      ],
    },
  ];
  return { ...renderApp(path, routes), calls, dialogs, undo };
}

/** Records the names of the files handed to the browser as downloads. */
export function captureDownloads() {
  const saved: string[] = [];
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:payments-test');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
  return saved;
}

/** A file answer with its content-disposition name. */
export const fileAnswer = (body: string, filename: string, type: string) =>
  new Response(body, {
    status: 200,
    headers: { 'content-type': type, 'content-disposition': `attachment; filename="${filename}"` },
  });

export const rowCheckbox = (title: string) =>
  screen.getByRole('checkbox', { name: new RegExp(title) });
