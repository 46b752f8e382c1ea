import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SchemaInput } from '@listina/forms';
import { json } from '../../test/fake-api';
import { en } from '../../test/catalogue';
import { cellAt, rateSchema, renderGrid, waitForRows } from './grid-test-kit';

/** The vatRate-like schema with the server's default column set: code, name, rate. */
const schemaWithColumns: SchemaInput = {
  ...rateSchema,
  gridColumns: [
    { name: 'code', width: 90 },
    { name: 'name', width: 200, shrink: true },
    { name: 'rate', width: 90 },
    { name: 'validFrom', hidden: true },
    { name: 'isActive', hidden: true },
  ],
};

// The open dialog hides the page from the accessibility tree (MUI's modal): headers are
// read with hidden ones too.
const headerTexts = () =>
  screen
    .getAllByRole('columnheader', { hidden: true })
    .map((header) => header.textContent?.trim() ?? '');

function renderWithColumns(stored: object | null = null) {
  return renderGrid({
    handlers: {
      'GET /api/cl/schema/:name': () => json(schemaWithColumns),
      ...(stored
        ? {
            'GET /api/gridPreference/:table': () =>
              json({ table: 'vatRate', widths: {}, updatedAt: null, ...stored }),
          }
        : {}),
    },
  });
}

const lastSave = (calls: { method: string; body: unknown }[]) =>
  calls.filter((call) => call.method === 'PUT').at(-1)?.body;

describe('grid columns (issue 24)', { timeout: 30_000 }, () => {
  it('shows the default set the schema names with rows, each full text on hover', async () => {
    renderWithColumns();
    await waitForRows(20);
    expect(headerTexts()).toEqual(['', 'Code', 'Name', 'Rate']);
    // A column that gives way on a narrow screen cuts its texts: the full ones are titles.
    const header = screen.getByTestId('grid-header-name');
    expect(header.querySelector('[title]')?.getAttribute('title')).toBe('Name');
    expect(cellAt(0, 2).getAttribute('title')).toBe('Rate 1');
  });

  it('shows the same default set in a new organisation without rows, not every field', async () => {
    renderGrid({
      handlers: {
        'GET /api/cl/schema/:name': () => json(schemaWithColumns),
        'GET /api/cl/:name': () => json({ items: [], nextCursor: null }),
      },
    });
    await screen.findByTestId('grid-empty');
    expect(headerTexts()).toEqual(['', 'Code', 'Name', 'Rate']);
  });

  it('shows the user’s saved columns in their order', async () => {
    renderWithColumns({ columns: ['rate', 'validFrom', 'code'] });
    await waitForRows(20);
    expect(headerTexts()).toEqual(['', 'Rate', 'Valid from', 'Code']);
  });

  it('shows, hides and moves columns from the toolbar’s chooser and saves each change', async () => {
    const { calls } = renderWithColumns();
    await waitForRows(20);
    await userEvent.click(screen.getByRole('button', { name: en('grid.columns') }));
    const dialog = await screen.findByRole('dialog', { name: en('grid.columns.title') });

    // Every column offered, the hidden ones unticked.
    const boxes = within(dialog).getAllByRole('checkbox');
    expect(boxes.map((box) => (box as HTMLInputElement).checked)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Active' }));
    await waitFor(() => expect(headerTexts()).toEqual(['', 'Code', 'Name', 'Rate', 'Active']));
    expect(lastSave(calls)).toEqual({ columns: ['code', 'name', 'rate', 'isActive'], widths: {} });

    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Name' }));
    await waitFor(() => expect(headerTexts()).toEqual(['', 'Code', 'Rate', 'Active']));

    // Moved up by keyboard: the button keeps the focus, so it can move again.
    const up = within(dialog).getByRole('button', { name: en('grid.columns.moveUp', 'Rate') });
    up.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(headerTexts()).toEqual(['', 'Rate', 'Code', 'Active']));
    expect(document.activeElement?.getAttribute('aria-label')).toBe(
      en('grid.columns.moveUp', 'Rate'),
    );
    expect(lastSave(calls)).toEqual({ columns: ['rate', 'code', 'isActive'], widths: {} });
  });

  it('keeps at least one column shown', async () => {
    renderWithColumns({ columns: ['code'] });
    await waitForRows(20);
    await userEvent.click(screen.getByRole('button', { name: en('grid.columns') }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Code' }));
    expect(within(dialog).getByTestId('grid-columns-last').textContent).toBe(
      en('grid.columns.atLeastOne'),
    );
    expect(headerTexts()).toEqual(['', 'Code']);
  });

  it('resets to the default set and widths', async () => {
    const { calls } = renderWithColumns({ columns: ['isActive'], widths: { isActive: 200 } });
    await waitForRows(20);
    expect(headerTexts()).toEqual(['', 'Active']);
    expect(screen.getByTestId('grid-header-isActive').style.width).toBe('200px');
    await userEvent.click(screen.getByRole('button', { name: en('grid.columns') }));
    await userEvent.click(await screen.findByRole('button', { name: en('grid.columns.reset') }));
    await waitFor(() => expect(headerTexts()).toEqual(['', 'Code', 'Name', 'Rate']));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
    expect(screen.getByTestId('grid-header-name').style.width).toBe('200px');
    await userEvent.click(screen.getByRole('button', { name: en('grid.columns.done') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
