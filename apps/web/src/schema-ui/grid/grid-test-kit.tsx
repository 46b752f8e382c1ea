import type { ReactNode } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { screen, waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';
import type { EntityInfo, GridPreference, TableRecord } from '@listina/contract';
import type { SchemaInput } from '@listina/forms';
import { RootLayout } from '../../app/guard';
import {
  json,
  organizations,
  signedIn,
  type Handler,
  type RecordedCall,
} from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { DialogsContext, type Dialogs } from '../dialogs/dialog-context';
import { UndoContext, type Undo } from '../undo/undo-context';
import { TableGrid, type TableGridProps } from './table-grid';

/** Test doubles and data for the grid's component tests (not a test file itself). */

/** A vatRate-like table: a text code and name, a decimal, a date, a flag and a nested grid. */
export const rateSchema: SchemaInput = {
  id: 'vatRate',
  labelId: 'vatRate.title',
  fields: [
    { name: 'code', dataType: 'text', inputType: 'text', labelText: 'Code', maxLength: 10 },
    { name: 'name', dataType: 'text', inputType: 'text', labelText: 'Name' },
    { name: 'rate', dataType: 'decimal', inputType: 'decimal', labelText: 'Rate' },
    { name: 'validFrom', dataType: 'date', inputType: 'date', labelText: 'Valid from' },
    { name: 'isActive', dataType: 'bool', inputType: 'checkbox', labelText: 'Active' },
    // Not in the list rows: no column.
    { name: 'note', dataType: 'text', inputType: 'memo', labelText: 'Note' },
  ],
};

export function rateRow(n: number): TableRecord {
  const code = `R${String(n).padStart(4, '0')}`;
  return {
    id: n,
    key: `key-${n}`,
    version: 1,
    displayTitle: `${code} - Rate ${n}`,
    code,
    name: `Rate ${n}`,
    rate: `${1000 + n}.5`,
    validFrom: '2024-01-31',
    isActive: n % 2 === 0,
  };
}

/** GET /api/cl's item for the table: every right, sorted by code, name and rate. */
export const rateEntity: EntityInfo = {
  name: 'vatRate',
  labelId: 'vatRate.title',
  label: 'VAT rates',
  canWrite: true,
  canCreate: true,
  canDelete: true,
  sortKeys: ['code', 'name', 'rate'],
  root: false,
};

export const rateRows = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => rateRow(from + i));

/** A list handler answering pages of `rows` along a numeric cursor. */
export function pagedRows(rows: TableRecord[]): Handler {
  return ({ path }) => {
    const query = new URL(path, 'http://localhost').searchParams;
    const start = Number(query.get('cursor') ?? 0);
    const count = Number(query.get('count') ?? 300);
    const items = rows.slice(start, start + count);
    const next = start + count < rows.length ? String(start + count) : null;
    return json({ items, nextCursor: next });
  };
}

export function fakeDialogs(): Dialogs {
  return {
    openEdit: vi.fn(async () => ({})),
    openGrid: vi.fn(async () => undefined),
  };
}

export function fakeUndo(): Undo {
  return { offer: vi.fn() };
}

/**
 * GET, PUT and DELETE /api/gridPreference/:table answered from one stored preference, as the
 * server keeps it for the signed-in user (issue 24).
 */
export function gridPreferenceHandlers(table = 'vatRate'): Record<string, Handler> {
  const none: GridPreference = { table, columns: null, widths: {}, updatedAt: null };
  let stored = none;
  return {
    'GET /api/gridPreference/:table': () => json(stored),
    'PUT /api/gridPreference/:table': ({ body }) => {
      stored = { ...none, ...(body as object), updatedAt: '2026-11-28T09:00:00.000Z' };
      return json(stored);
    },
    'DELETE /api/gridPreference/:table': () => json((stored = none)),
  };
}

interface RenderGridOptions {
  handlers?: Record<string, Handler>;
  /** Overrides of the table's rights in GET /api/cl. */
  rights?: Partial<EntityInfo>;
  props?: Partial<TableGridProps>;
  dialogs?: Dialogs;
  undo?: Undo;
}

/** Renders a TableGrid of "vatRate" for a signed-in user, with fake dialogs and undo. */
export function renderGrid(options: RenderGridOptions = {}) {
  const dialogs = options.dialogs ?? fakeDialogs();
  const undo = options.undo ?? fakeUndo();
  const calls = signedIn(organizations(1), {
    'GET /api/cl': () => json({ items: [{ ...rateEntity, ...options.rights }] }),
    'GET /api/cl/schema/:name': () => json(rateSchema),
    'GET /api/cl/:name': pagedRows(rateRows(1, 30)),
    ...gridPreferenceHandlers(),
    ...options.handlers,
  });
  const routes: RouteObject[] = [
    {
      element: <RootLayout />,
      children: [
        {
          path: '/grid',
          element: (
            <Contexts dialogs={dialogs} undo={undo}>
              <TableGrid table="vatRate" {...options.props} />
            </Contexts>
          ),
        },
        { path: '/other', element: <Outlet /> },
      ],
    },
  ];
  const app = renderApp('/grid', routes);
  return { ...app, calls, dialogs, undo };
}

/** The dialog and undo seams, as the app's providers would give them. */
export function Contexts({
  dialogs,
  undo,
  children,
}: {
  dialogs: Dialogs;
  undo: Undo;
  children: ReactNode;
}) {
  return (
    <DialogsContext value={dialogs}>
      <UndoContext value={undo}>{children}</UndoContext>
    </DialogsContext>
  );
}

/** The list calls made so far, as URL search parameters. */
export function listCalls(calls: RecordedCall[]) {
  return calls
    .filter((call) => call.method === 'GET' && /^\/api\/cl\/vatRate(\?|$)/.test(call.path))
    .map((call) => new URL(call.path, 'http://localhost').searchParams);
}

/** The texts of the rendered body rows, one array of cell texts per row. */
export function rowTexts(): string[][] {
  return screen
    .queryAllByTestId('grid-row')
    .map((row) => [...row.querySelectorAll('td')].slice(1).map((cell) => cell.textContent ?? ''));
}

/** A body cell by row index and column (0 is the selection checkbox). */
export function cellAt(row: number, column: number): HTMLElement {
  const cell = screen.getAllByTestId('grid-row')[row]?.querySelectorAll('td')[column];
  if (!cell) throw new Error(`No cell ${column} in row ${row}`);
  return cell;
}

export async function waitForRows(count: number) {
  await waitFor(() => expect(screen.queryAllByTestId('grid-row')).toHaveLength(count));
}
