import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { en } from '../../test/catalogue';
import { apiError, json, type RecordedCall } from '../../test/fake-api';
import { listCalls, pagedRows, rateRows, renderGrid, rowTexts, waitForRows } from './grid-test-kit';

const checkbox = (title: string) =>
  screen.getByRole('checkbox', { name: en('grid.selectRow', title) });

/** Records the names of the files the grid hands to the browser as downloads. */
function captureDownloads() {
  const saved: string[] = [];
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:grid-test');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
  return saved;
}

describe('table grid actions', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('deletes the selected rows after a confirm, offers undo and reloads the rows', async () => {
    let rows = rateRows(1, 30);
    const { calls, undo } = renderGrid({
      handlers: {
        'GET /api/cl/:name': (call) => pagedRows(rows)(call),
        'DELETE /api/cl/:name': ({ body }) => {
          const keys = (body as { keys: string[] }).keys;
          rows = rows.filter((row) => !keys.includes(row.key));
          return json({ deleted: keys.length, undoId: 'undo-7' });
        },
      },
    });
    await waitForRows(20);
    await userEvent.click(checkbox('R0001 - Rate 1'));
    await userEvent.click(checkbox('R0003 - Rate 3'));
    await userEvent.click(screen.getByTestId('grid-delete-selected'));
    const dialog = await screen.findByTestId('grid-delete-dialog');
    expect(within(dialog).getByText(en('grid.delete.many', '2'))).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await userEvent.click(within(dialog).getByTestId('grid-delete-confirm'));
    // Delete, then the reload of the rows: two answers in a row.
    await waitFor(() => expect(rowTexts()[0]?.[0]).toBe('R0002'), { timeout: 3000 });
    expect(rowTexts()[1]?.[0]).toBe('R0004');
    const deleteCall = calls.find((call) => call.method === 'DELETE');
    expect(deleteCall?.path).toBe('/api/cl/vatRate');
    expect(deleteCall?.body).toEqual({ keys: ['key-1', 'key-3'] });
    expect(undo.offer).toHaveBeenCalledWith({
      undoIds: ['undo-7'],
      kind: 'delete',
      count: 2,
      tables: ['vatRate'],
    });
    expect(listCalls(calls)).toHaveLength(2);
    expect(screen.queryByTestId('grid-delete-selected')).toBeNull();
  });

  it('deletes more rows than one call takes in calls of 1,000 after one confirm, with one undo', async () => {
    const rows = rateRows(1, 2500);
    const deleted: string[][] = [];
    const { undo } = renderGrid({
      handlers: {
        // One page holding every row, so that select-all selects 2,500.
        'GET /api/cl/:name': () => json({ items: rows, nextCursor: null }),
        'DELETE /api/cl/:name': ({ body }) => {
          const keys = (body as { keys: string[] }).keys;
          deleted.push(keys);
          return json({ deleted: keys.length, undoId: `undo-${deleted.length}` });
        },
      },
    });
    await waitForRows(20);
    await userEvent.click(screen.getByRole('checkbox', { name: en('grid.selectAll') }));
    await userEvent.click(screen.getByTestId('grid-delete-selected'));
    const dialog = await screen.findByTestId('grid-delete-dialog');
    expect(within(dialog).getByText(en('grid.delete.many', '2500'))).toBeTruthy();
    await userEvent.click(within(dialog).getByTestId('grid-delete-confirm'));

    await waitFor(() => expect(undo.offer).toHaveBeenCalledTimes(1));
    expect(deleted.map((keys) => keys.length)).toEqual([1000, 1000, 500]);
    expect(deleted.flat()).toEqual(rows.map((row) => row.key));
    expect(undo.offer).toHaveBeenCalledWith({
      undoIds: ['undo-1', 'undo-2', 'undo-3'],
      kind: 'delete',
      count: 2500,
      tables: ['vatRate'],
    });
    await waitFor(() => expect(screen.queryByTestId('grid-delete-dialog')).toBeNull());
  });

  it('keeps what a bulk delete removed before a refusal undoable, and asks about the rest', async () => {
    const rows = rateRows(1, 1200);
    let attempts = 0;
    const { undo } = renderGrid({
      handlers: {
        'GET /api/cl/:name': () => json({ items: rows, nextCursor: null }),
        'DELETE /api/cl/:name': ({ body }) => {
          attempts += 1;
          if (attempts === 2) return apiError(409, 'The rate is used by 3 invoices.');
          const keys = (body as { keys: string[] }).keys;
          return json({ deleted: keys.length, undoId: `undo-${attempts}` });
        },
      },
    });
    await waitForRows(20);
    await userEvent.click(screen.getByRole('checkbox', { name: en('grid.selectAll') }));
    await userEvent.click(screen.getByTestId('grid-delete-selected'));
    const dialog = await screen.findByTestId('grid-delete-dialog');
    await userEvent.click(within(dialog).getByTestId('grid-delete-confirm'));

    expect((await within(dialog).findByTestId('grid-delete-error')).textContent).toBe(
      'The rate is used by 3 invoices.',
    );
    expect(within(dialog).getByText(en('grid.delete.many', '200'))).toBeTruthy();
    expect(undo.offer).toHaveBeenCalledWith({
      undoIds: ['undo-1'],
      kind: 'delete',
      count: 1000,
      tables: ['vatRate'],
    });
    expect(screen.getByTestId('grid-delete-selected').textContent).toBe(
      en('grid.deleteSelected', '200'),
    );
  });

  it('asks to delete the focused row with the Delete key, naming it, and shows a refusal', async () => {
    renderGrid({
      handlers: {
        'DELETE /api/cl/:name': () =>
          json(
            { error: [{ msg: 'The rate is used by 3 invoices.', parameters: [] }], warning: [] },
            409,
          ),
      },
    });
    await waitForRows(20);
    screen.getByRole('grid').focus();
    await userEvent.keyboard('{ArrowDown}{Delete}');
    const dialog = await screen.findByTestId('grid-delete-dialog');
    expect(within(dialog).getByText(en('grid.delete.one', 'R0002 - Rate 2'))).toBeTruthy();
    await userEvent.click(within(dialog).getByTestId('grid-delete-confirm'));
    expect((await within(dialog).findByTestId('grid-delete-error')).textContent).toBe(
      'The rate is used by 3 invoices.',
    );
  });

  it('exports the selected rows with the visible headers and saves the file under the server name', async () => {
    const saved = captureDownloads();
    const { calls } = renderGrid({
      handlers: {
        'POST /api/cl/:name/export': () =>
          new Response('code;name', {
            headers: {
              'content-type': 'text/csv; charset=utf-8',
              'content-disposition': `attachment; filename="Stopnje DDV.csv"; filename*=UTF-8''%C5%A0ifrant%20DDV.csv`,
            },
          }),
      },
    });
    await waitForRows(20);
    await userEvent.click(checkbox('R0004 - Rate 4'));
    await userEvent.click(checkbox('R0002 - Rate 2'));
    await userEvent.click(screen.getByTestId('grid-export'));
    const dialog = await screen.findByTestId('grid-export-dialog');
    expect(within(dialog).getByLabelText(en('grid.export.selected', '2'))).toHaveProperty(
      'checked',
      true,
    );
    await userEvent.click(within(dialog).getByLabelText(en('grid.export.csv')));
    await userEvent.click(within(dialog).getByTestId('grid-export-submit'));

    await waitFor(() => expect(saved).toEqual(['Šifrant DDV.csv']));
    const call = calls.find((c: RecordedCall) => c.path.startsWith('/api/cl/vatRate/export'));
    expect(call?.path).toBe('/api/cl/vatRate/export?format=csv');
    expect(call?.headers.get('organization-id')).toBe('org-1');
    expect(call?.body).toEqual({
      keys: ['key-2', 'key-4'],
      headers: [
        { field: 'code', label: 'Code' },
        { field: 'name', label: 'Name' },
        { field: 'rate', label: 'Rate' },
        { field: 'validFrom', label: 'Valid from' },
        { field: 'isActive', label: 'Active' },
      ],
    });
    await waitFor(() => expect(screen.queryByTestId('grid-export-dialog')).toBeNull());
  });

  it('exports all rows as xlsx by default', async () => {
    const saved = captureDownloads();
    const { calls } = renderGrid({
      handlers: { 'POST /api/cl/:name/export': () => new Response('xlsx') },
    });
    await waitForRows(20);
    await userEvent.click(screen.getByTestId('grid-export'));
    await userEvent.click(await screen.findByTestId('grid-export-submit'));
    await waitFor(() => expect(saved).toEqual(['vatRate.xlsx']));
    const call = calls.find((c) => c.path.startsWith('/api/cl/vatRate/export'));
    expect(call?.path).toBe('/api/cl/vatRate/export?format=xlsx');
    expect(call?.body).not.toHaveProperty('keys');
  });

  it('reports row errors of the dry run, then imports a good file on confirm and offers undo', async () => {
    const importedNames: string[] = [];
    const { calls, undo } = renderGrid({
      handlers: {
        'POST /api/cl/:name/import': ({ path }) => {
          if (importedNames.at(-1) === 'bad.csv') {
            return json(
              {
                error: [
                  { msg: 'field is required', parameters: [], field: 'rows.3.name' },
                  { msg: 'Not a number.', parameters: [], field: 'rows.5.rate' },
                ],
                warning: [],
              },
              400,
            );
          }
          const dryRun = path.includes('dryRun=true');
          return json({
            created: 2,
            updated: 1,
            unchanged: 4,
            dryRun,
            undoId: dryRun ? null : 'undo-9',
          });
        },
      },
    });
    const input = () => screen.getByTestId<HTMLInputElement>('grid-import-file');
    const choose = (name: string) => {
      importedNames.push(name);
      fireEvent.change(input(), {
        target: { files: [new File(['code;name'], name, { type: 'text/csv' })] },
      });
    };
    await waitForRows(20);

    choose('bad.csv');
    const errors = await screen.findByTestId('grid-import-errors');
    const cells = within(errors)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(cells).toEqual([
      ['3', 'Name', 'field is required'],
      ['5', 'Rate', 'Not a number.'],
    ]);
    expect(screen.getByText(en('grid.import.hasErrors'))).toBeTruthy();
    expect(screen.queryByTestId('grid-import-confirm')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: en('grid.close') }));

    choose('good.csv');
    const counts = await screen.findByTestId('grid-import-counts');
    expect(within(counts).getByTestId('grid-import-created').textContent).toBe(
      `${en('grid.import.created')}2`,
    );
    expect(within(counts).getByTestId('grid-import-unchanged').textContent).toBe(
      `${en('grid.import.unchanged')}4`,
    );
    const importCalls = () =>
      calls.filter((call) => call.path.startsWith('/api/cl/vatRate/import'));
    expect(importCalls().map((call) => call.path)).toEqual([
      '/api/cl/vatRate/import?dryRun=true',
      '/api/cl/vatRate/import?dryRun=true',
    ]);

    await userEvent.click(screen.getByTestId('grid-import-confirm'));
    await waitFor(() =>
      expect(undo.offer).toHaveBeenCalledWith({
        undoIds: ['undo-9'],
        kind: 'other',
        tables: ['vatRate'],
      }),
    );
    expect(importCalls().at(-1)?.path).toBe('/api/cl/vatRate/import');
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2), { timeout: 3000 });
    await waitFor(() => expect(screen.queryByTestId('grid-import-dialog')).toBeNull());
  });
});
