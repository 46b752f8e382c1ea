import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, json } from '../../test/fake-api';
import { en } from '../../test/catalogue';
import {
  cellAt,
  listCalls,
  pagedRows,
  rateRows,
  rateSchema,
  renderGrid,
  rowTexts,
  waitForRows,
} from './grid-test-kit';
import { ROW_HEIGHT } from './grid-styles';

/** Lets real time pass (debounce, loading delay) with React's updates applied. */
const pause = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

const headerTexts = () =>
  screen.getAllByRole('columnheader').map((header) => header.textContent?.trim() ?? '');

describe('table grid', () => {
  it('shows the listed columns and the first 20 rows of a 300-row page, numbers with locale separators', async () => {
    const { calls } = renderGrid({
      handlers: { 'GET /api/cl/:name': pagedRows(rateRows(1, 700)) },
    });
    await waitForRows(20);
    // "note" is in the schema but not in the list rows: no column.
    expect(headerTexts()).toEqual(['', 'Code', 'Name', 'Rate', 'Valid from', 'Active']);
    expect(rowTexts()[0]).toEqual(['R0001', 'Rate 1', '1.001,50', '31.01.2024', '']);
    expect(rowTexts()[19]?.slice(0, 3)).toEqual(['R0020', 'Rate 20', '1.020,50']);
    expect(within(cellAt(1, 5)).getByTitle(en('grid.yes'))).toBeTruthy();
    expect(cellAt(0, 5).textContent).toBe('');
    expect(screen.getByTestId('grid-status').textContent).toBe(en('grid.rowCountMore', '300'));
    const first = listCalls(calls)[0];
    expect(first?.get('count')).toBe('300');
    expect(first?.has('cursor')).toBe(false);
  });

  it("shows a fixed item's translated label and a reference's text (<field>Cb) instead of the stored values", async () => {
    const schema = {
      ...rateSchema,
      fields: [
        ...rateSchema.fields,
        {
          name: 'status',
          dataType: 'text',
          inputType: 'select',
          labelText: 'Status',
          readonly: true,
          references: { items: [{ code: 'draft', labelId: 'work.status.draft' }] },
        },
        { name: 'partnerKey', dataType: 'text', inputType: 'combo', labelText: 'Partner' },
      ],
    };
    const rows = rateRows(1, 2).map((row, i) => ({
      ...row,
      status: i === 0 ? 'draft' : 'unheard',
      partnerKey: `key-${i}`,
      partnerKeyCb: i === 0 ? 'P1 – Elektro d.o.o.' : null,
    }));
    renderGrid({
      handlers: {
        'GET /api/cl/schema/:name': () => json(schema),
        'GET /api/cl/:name': pagedRows(rows),
      },
    });
    await waitForRows(2);
    expect(headerTexts().slice(-2)).toEqual(['Status', 'Partner']);
    expect(rowTexts().map((row) => row.slice(-2))).toEqual([
      [en('work.status.draft'), 'P1 – Elektro d.o.o.'],
      ['unheard', 'key-1'],
    ]);
  });

  it('marks the row the server flags isDefaultModel (the default VAT rate), and no other', async () => {
    const rows = rateRows(1, 3).map((row, i) => ({ ...row, isDefaultModel: i === 1 }));
    renderGrid({ handlers: { 'GET /api/cl/:name': pagedRows(rows) } });
    await waitForRows(3);
    const marks = screen.getAllByTestId('grid-default-row');
    expect(marks).toHaveLength(1);
    expect(marks[0]?.textContent).toBe(en('grid.defaultRow'));
    expect(cellAt(1, 1).contains(marks[0] ?? null)).toBe(true);
  });

  it('asks for the next page along the cursor when the focus reaches the end of the loaded rows', async () => {
    const { calls } = renderGrid({
      handlers: { 'GET /api/cl/:name': pagedRows(rateRows(1, 450)) },
    });
    await waitForRows(20);
    expect(listCalls(calls)).toHaveLength(1);
    fireEvent.keyDown(screen.getByTestId('grid-table'), { key: 'End' });
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    expect(listCalls(calls)[1]?.get('cursor')).toBe('300');
    await waitFor(() =>
      expect(screen.getByTestId('grid-status').textContent).toBe(en('grid.rowCount', '450')),
    );
  });

  it('renders only the rows in view while scrolling, and asks for the next page near the end', async () => {
    // jsdom has no layout: every box is 20 rows high and scrolls the height of 451 rows.
    const sizes = [
      vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(20 * ROW_HEIGHT),
      vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000),
      vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(451 * ROW_HEIGHT),
    ];
    try {
      const { calls } = renderGrid({
        handlers: { 'GET /api/cl/:name': pagedRows(rateRows(1, 450)) },
      });
      await waitFor(() => expect(rowTexts().length).toBeGreaterThan(0));
      const box = screen.getByTestId('grid-table').parentElement;
      if (!box) throw new Error('no scroll box');

      const codes = (from: number, count: number) => rateRows(from, count).map((row) => row.code);
      const shown = () => rowTexts().map((row) => row[0]);
      // A jump past the rows shown (a scrollbar drag): only the 20 rows in view.
      box.scrollTop = 100 * ROW_HEIGHT;
      fireEvent.scroll(box);
      await waitFor(() => expect(shown()).toEqual(codes(101, 20)));
      // Two rows further: the rows in view and 4 on each side; far from the end, no next page.
      box.scrollTop = 102 * ROW_HEIGHT;
      fireEvent.scroll(box);
      await waitFor(() => expect(shown()).toEqual(codes(99, 28)));
      expect(listCalls(calls)).toHaveLength(1);

      box.scrollTop = 240 * ROW_HEIGHT;
      fireEvent.scroll(box);
      await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
      expect(listCalls(calls)[1]?.get('cursor')).toBe('300');
      await waitFor(() =>
        expect(screen.getByTestId('grid-status').textContent).toBe(en('grid.rowCount', '450')),
      );
      expect(shown()).toEqual(codes(241, 20));
    } finally {
      for (const size of sizes) size.mockRestore();
    }
  });

  it('sends one search request once typing pauses', async () => {
    const { calls } = renderGrid();
    await waitForRows(20);
    await userEvent.type(screen.getByTestId('grid-search'), 'rate 7');
    await waitFor(() => expect(listCalls(calls).some((q) => q.has('search'))).toBe(true));
    await pause(400);
    expect(
      listCalls(calls)
        .filter((q) => q.has('search'))
        .map((q) => q.get('search')),
    ).toEqual(['rate 7']);
  });

  it('sends the search 300 ms after the last keystroke: none at 250 ms, one by 350 ms', async () => {
    const { calls } = renderGrid();
    await waitForRows(20);
    const searches = () =>
      listCalls(calls)
        .filter((q) => q.has('search'))
        .map((q) => q.get('search'));
    const box = screen.getByTestId('grid-search');
    vi.useFakeTimers();
    const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
    // Keystrokes 100 ms apart, each within the debounce of the one before.
    for (const text of ['r', 'ra', 'rat']) {
      fireEvent.change(box, { target: { value: text } });
      await wait(100);
    }
    await wait(150);
    expect(searches()).toEqual([]);
    await wait(100);
    expect(searches()).toEqual(['rat']);
  });

  it('shows the loading indicator only when an answer takes longer than 500 ms', async () => {
    let delay = 0;
    const { calls } = renderGrid({
      handlers: {
        'GET /api/cl/:name': async (call) => {
          await new Promise((resolve) => setTimeout(resolve, delay));
          return pagedRows(rateRows(1, 30))(call);
        },
      },
    });
    await waitForRows(20);

    // Answered 250 ms after the debounce: looked at while it runs and after, never shown.
    delay = 250;
    await userEvent.type(screen.getByTestId('grid-search'), 'a');
    await pause(450);
    expect(screen.queryByTestId('grid-loading')).toBeNull();
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('search')).toBe('a'));
    await pause(400);
    expect(screen.queryByTestId('grid-loading')).toBeNull();

    delay = 900;
    await userEvent.type(screen.getByTestId('grid-search'), 'b');
    await pause(500);
    expect(screen.queryByTestId('grid-loading')).toBeNull();
    expect(await screen.findByTestId('grid-loading')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('grid-loading')).toBeNull());
  });

  it('sorts by header clicks: asc, desc, off; shift-click adds a second column', async () => {
    const { calls } = renderGrid();
    await waitForRows(20);
    const lastSort = () => listCalls(calls).at(-1)?.get('sort') ?? null;
    const header = (name: string) => screen.getByTestId(`grid-header-${name}`);

    await userEvent.click(screen.getByTestId('grid-sort-code'));
    await waitFor(() => expect(lastSort()).toBe('code asc'));
    expect(header('code').getAttribute('aria-sort')).toBe('ascending');

    await userEvent.click(screen.getByTestId('grid-sort-code'));
    await waitFor(() => expect(lastSort()).toBe('code desc'));
    expect(header('code').getAttribute('aria-sort')).toBe('descending');

    const user = userEvent.setup();
    await user.keyboard('{Shift>}');
    await user.click(screen.getByTestId('grid-sort-name'));
    await user.keyboard('{/Shift}');
    await waitFor(() => expect(lastSort()).toBe('code desc,name asc'));
    expect(header('name').getAttribute('aria-sort')).toBe('ascending');

    await userEvent.click(screen.getByTestId('grid-sort-code'));
    await waitFor(() => expect(lastSort()).toBe('code asc'));
    await userEvent.click(screen.getByTestId('grid-sort-code'));
    await userEvent.click(screen.getByTestId('grid-sort-code'));
    await waitFor(() => expect(listCalls(calls).at(-1)?.has('sort')).toBe(false));
    expect(header('code').hasAttribute('aria-sort')).toBe(false);
  });

  it('sorts only by the columns the table declares as sort keys; other titles are plain', async () => {
    const { calls } = renderGrid({ rights: { sortKeys: ['name'] } });
    await waitForRows(20);
    expect(screen.queryByTestId('grid-sort-code')).toBeNull();
    expect(screen.queryByTestId('grid-sort-rate')).toBeNull();
    expect(screen.getByTestId('grid-header-code').textContent).toBe('Code');
    await userEvent.click(screen.getByTestId('grid-header-code'));
    await userEvent.click(screen.getByTestId('grid-sort-name'));
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('sort')).toBe('name asc'));
    expect(listCalls(calls).filter((q) => q.has('sort'))).toHaveLength(1);
  });

  it('shows the server message when a sort key is refused', async () => {
    const message = 'Sorting by "rate" is not possible; sort by one of: code, name.';
    renderGrid({
      handlers: {
        'GET /api/cl/:name': (call) =>
          call.path.includes('sort=rate')
            ? apiError(400, message)
            : pagedRows(rateRows(1, 30))(call),
      },
    });
    await waitForRows(20);
    await userEvent.click(screen.getByTestId('grid-sort-rate'));
    expect((await screen.findByTestId('grid-error')).textContent).toBe(message);
    await userEvent.click(screen.getByRole('button', { name: en('grid.clearSort') }));
    await waitFor(() => expect(screen.queryByTestId('grid-error')).toBeNull());
    await waitForRows(20);
  });

  it('clamps a dragged column width to 10..300 px and keeps it on the server for the user', async () => {
    const app = renderGrid();
    await waitForRows(20);
    const handle = screen.getByTestId('grid-resize-name');
    const width = () => screen.getByTestId('grid-header-name').style.width;
    const drag = (from: number, to: number) => {
      fireEvent.pointerDown(handle, { clientX: from });
      fireEvent.pointerMove(window, { clientX: to });
      fireEvent.pointerUp(window, { clientX: to });
    };
    const initial = parseInt(width(), 10);
    drag(100, 130);
    expect(width()).toBe(`${initial + 30}px`);
    drag(100, 2000);
    expect(width()).toBe('300px');
    drag(500, 0);
    expect(width()).toBe('10px');
    drag(0, 75);
    expect(width()).toBe('85px');
    expect(handle.getAttribute('aria-valuenow')).toBe('85');

    // Saved on the server at the end of each drag, so it follows the user to another browser.
    const saves = app.calls.filter((call) => call.method === 'PUT');
    expect(saves.map((call) => call.path)).toEqual(Array(4).fill('/api/gridPreference/vatRate'));
    expect(saves.at(-1)?.body).toEqual({ columns: null, widths: { name: 85 } });

    await act(() => app.router.navigate('/other'));
    expect(screen.queryByTestId('table-grid')).toBeNull();
    await act(() => app.router.navigate('/grid'));
    await waitForRows(20);
    expect(screen.getByTestId('grid-header-name').style.width).toBe('85px');
  });

  it('moves the focus with the arrow keys and opens the focused row with Enter', async () => {
    const { dialogs } = renderGrid();
    await waitForRows(20);
    const grid = screen.getByRole('grid');
    grid.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(grid.getAttribute('aria-activedescendant')).toBe(
      screen.getAllByTestId('grid-row')[1]?.id,
    );
    await userEvent.keyboard('{Enter}');
    expect(dialogs.openEdit).toHaveBeenCalledWith({ table: 'vatRate', key: 'key-2' });
  });

  it('toggles the focused row with space and opens a row on double-click through onOpen', async () => {
    const opened: string[] = [];
    renderGrid({ props: { onOpen: (row) => opened.push(row.key) } });
    await waitForRows(20);
    const rows = screen.getAllByTestId('grid-row');
    await userEvent.click(cellAt(2, 1));
    await userEvent.keyboard(' ');
    expect(rows[2]?.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('grid-delete-selected').textContent).toBe(
      en('grid.deleteSelected', '1'),
    );
    await userEvent.dblClick(cellAt(4, 2));
    expect(opened).toEqual(['key-5']);
  });

  it('hides add and import when the table takes no new records, and delete when it allows none', async () => {
    const first = renderGrid({ rights: { canCreate: false } });
    await waitForRows(20);
    expect(screen.queryByTestId('grid-add')).toBeNull();
    expect(screen.queryByTestId('grid-import')).toBeNull();
    await userEvent.click(cellAt(0, 1));
    await userEvent.keyboard(' ');
    expect(screen.getByTestId('grid-delete-selected')).toBeTruthy();
    first.unmount();

    renderGrid({ rights: { canDelete: false } });
    await waitForRows(20);
    expect(screen.getByTestId('grid-add')).toBeTruthy();
    expect(screen.getByTestId('grid-import')).toBeTruthy();
    await userEvent.click(cellAt(0, 1));
    await userEvent.keyboard(' {Delete}');
    expect(screen.getAllByTestId('grid-row')[0]?.getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByTestId('grid-delete-selected')).toBeNull();
    expect(screen.queryByTestId('grid-delete-dialog')).toBeNull();
  });

  it('treats a table the user may not change as read-only, and opens its rows locked', async () => {
    const { dialogs } = renderGrid({
      rights: { canWrite: false, canCreate: false, canDelete: false },
    });
    await waitForRows(20);
    expect(screen.queryByTestId('grid-add')).toBeNull();
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

  it('shows no add, delete or import in a read-only grid, and the add button opens a new record', async () => {
    const first = renderGrid({ props: { readonly: true } });
    await waitForRows(20);
    expect(screen.queryByTestId('grid-add')).toBeNull();
    expect(screen.queryByTestId('grid-import')).toBeNull();
    expect(screen.getByTestId('grid-export')).toBeTruthy();
    first.unmount();

    const second = renderGrid({
      handlers: { 'GET /api/cl/:name': () => json({ items: [], nextCursor: null }) },
    });
    expect((await screen.findByTestId('grid-empty')).textContent).toBe(en('grid.empty'));
    await userEvent.click(screen.getByTestId('grid-add'));
    expect(second.dialogs.openEdit).toHaveBeenCalledWith({ table: 'vatRate' });
  });
});
