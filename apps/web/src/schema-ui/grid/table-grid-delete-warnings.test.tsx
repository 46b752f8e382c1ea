import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { en } from '../../test/catalogue';
import { json, type Handler, type RecordedCall } from '../../test/fake-api';
import { pagedRows, rateRows, renderGrid, rowTexts, waitForRows } from './grid-test-kit';

const WARNING = 'Cost centre C1 is the default of 2 partners.';

/** spec §8 shape: warnings only, refused until repeated with ignoreWarnings=true. */
function warningDelete(onDeleted: (keys: string[]) => void): Handler {
  return ({ path, body }) => {
    if (!path.includes('ignoreWarnings=true')) {
      return json({ error: [], warning: [{ msg: WARNING, parameters: [] }] }, 400);
    }
    const keys = (body as { keys: string[] }).keys;
    onDeleted(keys);
    return json({ deleted: keys.length, undoId: 'undo-w' });
  };
}

const deletes = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'DELETE').map((call) => [call.path, call.body]);

describe('table grid delete answered with warnings only (spec §4, §8)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('asks in the Error dialog and on Continue anyway deletes the selection ignoring warnings', async () => {
    let rows = rateRows(1, 30);
    const { calls, undo } = renderGrid({
      handlers: {
        'GET /api/cl/:name': (call) => pagedRows(rows)(call),
        'DELETE /api/cl/:name': warningDelete((keys) => {
          rows = rows.filter((row) => !keys.includes(row.key));
        }),
      },
    });
    await waitForRows(20);
    await userEvent.click(
      screen.getByRole('checkbox', { name: en('grid.selectRow', 'R0001 - Rate 1') }),
    );
    await userEvent.click(
      screen.getByRole('checkbox', { name: en('grid.selectRow', 'R0003 - Rate 3') }),
    );
    await userEvent.click(screen.getByTestId('grid-delete-selected'));
    await userEvent.click(await screen.findByTestId('grid-delete-confirm'));

    const question = await screen.findByTestId('grid-delete-warnings');
    expect(
      within(question).getByRole('heading', { name: en('schemaForm.dialog.errorTitle') }),
    ).toBeTruthy();
    expect(within(question).getByTestId('grid-delete-warnings-text').textContent).toBe(
      `${en('common.error.infoPrefix')} ${WARNING}`,
    );
    expect(undo.offer).not.toHaveBeenCalled();
    await userEvent.click(
      within(question).getByRole('button', { name: en('schemaForm.dialog.continueAnyway') }),
    );

    await waitFor(() => expect(rowTexts()[0]?.[0]).toBe('R0002'), { timeout: 3000 });
    expect(rowTexts()[1]?.[0]).toBe('R0004');
    expect(deletes(calls)).toEqual([
      ['/api/cl/vatRate', { keys: ['key-1', 'key-3'] }],
      ['/api/cl/vatRate?ignoreWarnings=true', { keys: ['key-1', 'key-3'] }],
    ]);
    expect(undo.offer).toHaveBeenCalledWith({
      undoIds: ['undo-w'],
      kind: 'delete',
      count: 2,
      tables: ['vatRate'],
    });
    await waitFor(() => expect(screen.queryByTestId('grid-delete-dialog')).toBeNull());
  });

  it('deletes nothing when the Error dialog of a Delete-key delete is cancelled', async () => {
    const deleted: string[][] = [];
    const { calls, undo } = renderGrid({
      handlers: { 'DELETE /api/cl/:name': warningDelete((keys) => deleted.push(keys)) },
    });
    await waitForRows(20);
    screen.getByRole('grid').focus();
    await userEvent.keyboard('{ArrowDown}{Delete}');
    await userEvent.click(await screen.findByTestId('grid-delete-confirm'));
    const question = await screen.findByTestId('grid-delete-warnings');
    await userEvent.click(
      within(question).getByRole('button', { name: en('schemaForm.dialog.cancel') }),
    );

    await waitFor(() => expect(screen.queryByTestId('grid-delete-warnings')).toBeNull());
    expect(screen.queryByTestId('grid-delete-dialog')).toBeNull();
    expect(deletes(calls)).toEqual([['/api/cl/vatRate', { keys: ['key-2'] }]]);
    expect(deleted).toEqual([]);
    expect(undo.offer).not.toHaveBeenCalled();
    expect(rowTexts()[1]?.[0]).toBe('R0002');
  });
});
