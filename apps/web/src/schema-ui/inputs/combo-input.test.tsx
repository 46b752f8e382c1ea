import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TableRecord } from '@listina/contract';
import { en } from '../../test/catalogue';
import { json, type RecordedCall } from '../../test/fake-api';
import type { Dialogs } from '../dialogs/dialog-context';
import { renderInput } from './input-harness';

const countries = [
  { code: 'SI', name: 'Slovenia' },
  { code: 'AT', name: 'Austria' },
  { code: 'YU', name: 'Yugoslavia', isActive: false },
];

const record = (index: number, code: string, name: string): TableRecord => ({
  id: index,
  key: `key-${index}`,
  displayTitle: name,
  code,
  name,
});

const queryOf = (call: RecordedCall) => new URL(call.path, 'http://localhost').searchParams;
const listCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.path.startsWith('/api/cl/country'));
const optionTexts = () => screen.queryAllByRole('option').map((option) => option.textContent);
const input = (element: HTMLElement) => element as HTMLInputElement;

function fakeDialogs(saved?: TableRecord, picked?: TableRecord): Dialogs {
  return {
    openEdit: vi.fn(async () => ({ saved })),
    openGrid: vi.fn(async () => picked),
  };
}

describe('combo input with fixed items', () => {
  it('hides inactive items, searches as typed and stores the chosen code', async () => {
    const { control, value } = await renderInput(
      { name: 'country', inputType: 'combo', references: { items: countries } },
      { label: 'Country' },
    );
    await userEvent.click(screen.getByRole('button', { name: en('input.combo.open') }));
    expect(optionTexts()).toEqual(['AT – Austria', 'SI – Slovenia']);
    await userEvent.type(control, 'slo');
    expect(optionTexts()).toEqual(['SI – Slovenia']);
    await userEvent.click(screen.getByRole('option', { name: 'SI – Slovenia' }));
    expect(value()).toBe('SI');
    expect(input(control).value).toBe('SI – Slovenia');
  });

  it('shows the text the model keeps beside a value no loaded item has (spec §3 ...Cb)', async () => {
    const { control } = await renderInput(
      {
        name: 'recipientAccountId',
        inputType: 'combo',
        references: { itemsProp: 'accounts', field: 'id', displayFields: ['code', 'displayText'] },
      },
      { value: 15, model: { recipientAccountId: 15, recipientAccountIdCb: 'Main account' } },
    );
    expect(input(control).value).toBe('Main account');
  });

  it('keeps the given order with noSort', async () => {
    await renderInput({
      name: 'country',
      inputType: 'combo',
      references: { items: countries, noSort: true },
    });
    await userEvent.click(screen.getByRole('button', { name: en('input.combo.open') }));
    expect(optionTexts()).toEqual(['SI – Slovenia', 'AT – Austria']);
  });

  it('shows a stored value by its display fields, an inactive one too', async () => {
    const { control } = await renderInput(
      { name: 'country', inputType: 'combo', references: { items: countries } },
      { value: 'YU' },
    );
    expect(input(control).value).toBe('YU – Yugoslavia');
  });

  it('is disabled when read-only', async () => {
    const { control } = await renderInput(
      { name: 'country', inputType: 'combo', references: { items: countries } },
      { value: 'SI', readonly: true },
    );
    expect(input(control).disabled).toBe(true);
    expect(input(control).value).toBe('SI – Slovenia');
  });
});

describe('combo input soft filters (spec §3: applied by default, the user may remove them)', () => {
  it('narrows the list until the user turns the filter off, and again when on', async () => {
    await renderInput(
      {
        name: 'country',
        inputType: 'combo',
        references: { items: countries, softFilters: { code: 'SI' } },
      },
      { label: 'Country' },
    );
    const toggle = screen.getByRole('button', { name: en('input.combo.softFilters', 'Country') });
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: en('input.combo.open') }));
    expect(optionTexts()).toEqual(['SI – Slovenia']);

    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(screen.getByRole('button', { name: en('input.combo.open') }));
    expect(optionTexts()).toEqual(['AT – Austria', 'SI – Slovenia']);

    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole('button', { name: en('input.combo.open') }));
    expect(optionTexts()).toEqual(['SI – Slovenia']);
  });

  it('offers no filter toggle without softFilters', async () => {
    await renderInput(
      { name: 'country', inputType: 'combo', references: { items: countries } },
      { label: 'Country' },
    );
    expect(
      screen.queryByRole('button', { name: en('input.combo.softFilters', 'Country') }),
    ).toBeNull();
  });
});

describe('combo input on a code-list table', () => {
  it('debounces the search: typing fast sends one search request', async () => {
    const { control, calls } = await renderInput(
      { name: 'country', inputType: 'combo', references: { table: 'country' } },
      {
        handlers: {
          'GET /api/cl/:name': (call) => {
            const search = queryOf(call).get('search') ?? '';
            const items = [record(1, 'SI', 'Slovenia'), record(2, 'AT', 'Austria')].filter((item) =>
              String(item.name).toLowerCase().includes(search.toLowerCase()),
            );
            return json({ items, nextCursor: null });
          },
        },
      },
    );
    await userEvent.type(control, 'slo');
    await waitFor(() => expect(optionTexts()).toEqual(['SI – Slovenia']));
    const searches = listCalls(calls).map((call) => queryOf(call).get('search'));
    expect(searches.filter((search) => search !== null)).toEqual(['slo']);
    expect(queryOf(listCalls(calls)[0] as RecordedCall).get('mode')).toBe('dropdown');
  });

  it('sends the search 300 ms after the last keystroke: none at 250 ms, one by 350 ms', async () => {
    const { control, calls } = await renderInput(
      { name: 'country', inputType: 'combo', references: { table: 'country' } },
      { handlers: { 'GET /api/cl/:name': () => json({ items: [], nextCursor: null }) } },
    );
    const searches = () =>
      listCalls(calls)
        .map((call) => queryOf(call).get('search'))
        .filter((search) => search !== null);
    control.focus();
    vi.useFakeTimers();
    const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
    // Keystrokes 100 ms apart, each within the debounce of the one before.
    for (const text of ['s', 'sl', 'slo']) {
      fireEvent.change(control, { target: { value: text } });
      await wait(100);
    }
    await wait(150);
    expect(searches()).toEqual([]);
    await wait(100);
    expect(searches()).toEqual(['slo']);
  });

  it('hides inactive rows the server sends', async () => {
    await renderInput(
      { name: 'country', inputType: 'combo', references: { table: 'country' } },
      {
        handlers: {
          'GET /api/cl/:name': () =>
            json({
              items: [
                record(1, 'SI', 'Slovenia'),
                { ...record(2, 'YU', 'Yugoslavia'), isActive: false },
              ],
              nextCursor: null,
            }),
        },
      },
    );
    await userEvent.click(screen.getByRole('button', { name: en('input.combo.open') }));
    await waitFor(() => expect(optionTexts()).toEqual(['SI – Slovenia']));
  });

  it('loads 20 more items when the list is scrolled to its end', async () => {
    const page = (from: number) =>
      Array.from({ length: 20 }, (_, index) =>
        record(from + index, `C${from + index}`, `Country ${from + index}`),
      );
    const { calls } = await renderInput(
      { name: 'country', inputType: 'combo', references: { table: 'country' } },
      {
        handlers: {
          'GET /api/cl/:name': (call) =>
            queryOf(call).get('cursor') === 'after-20'
              ? json({ items: page(21), nextCursor: null })
              : json({ items: page(1), nextCursor: 'after-20' }),
        },
      },
    );
    await userEvent.click(screen.getByRole('button', { name: en('input.combo.open') }));
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(20));
    const listbox = screen.getByRole('listbox');
    Object.defineProperty(listbox, 'scrollHeight', { configurable: true, value: 1000 });
    Object.defineProperty(listbox, 'clientHeight', { configurable: true, value: 300 });
    Object.defineProperty(listbox, 'scrollTop', { configurable: true, value: 700 });
    fireEvent.scroll(listbox);
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(40));
    const second = queryOf(listCalls(calls).at(-1) as RecordedCall);
    expect(second.get('cursor')).toBe('after-20');
    expect(second.get('count')).toBe('20');
  });

  it('adds a record in a stacked dialog (addScheme) and selects it', async () => {
    const saved = record(9, 'NL', 'Newland');
    const dialogs = fakeDialogs(saved);
    const { control, value } = await renderInput(
      {
        name: 'country',
        inputType: 'combo',
        references: { table: 'country', addScheme: 'country' },
      },
      {
        dialogs,
        handlers: { 'GET /api/cl/:name': () => json({ items: [], nextCursor: null }) },
      },
    );
    await userEvent.type(control, 'Newl');
    await userEvent.click(await screen.findByRole('option', { name: en('input.combo.add') }));
    expect(dialogs.openEdit).toHaveBeenCalledWith({
      table: 'country',
      initialModel: { name: 'Newl' },
    });
    await waitFor(() => expect(value()).toBe('NL'));
    expect(input(control).value).toBe('NL – Newland');
  });

  it('picks from the whole table (viewAll)', async () => {
    const dialogs = fakeDialogs(undefined, record(5, 'HR', 'Croatia'));
    const { value, control } = await renderInput(
      { name: 'country', inputType: 'combo', references: { table: 'country', viewAll: true } },
      {
        dialogs,
        label: 'Country',
        handlers: { 'GET /api/cl/:name': () => json({ items: [], nextCursor: null }) },
      },
    );
    await userEvent.click(
      screen.getByRole('button', { name: en('input.combo.viewAll', 'Country') }),
    );
    expect(dialogs.openGrid).toHaveBeenCalledWith({
      table: 'country',
      title: 'Country',
      pick: true,
    });
    await waitFor(() => expect(value()).toBe('HR'));
    expect(input(control).value).toBe('HR – Croatia');
  });

  it('opens the chosen record for editing (editKey)', async () => {
    const dialogs = fakeDialogs(record(1, 'SI', 'Slovenija'));
    const { control } = await renderInput(
      {
        name: 'country',
        inputType: 'combo',
        references: { table: 'country', editKey: 'countryKey' },
      },
      {
        dialogs,
        value: 'SI',
        label: 'Country',
        model: { countryKey: 'key-1' },
        handlers: {
          'GET /api/cl/:name': () =>
            json({ items: [record(1, 'SI', 'Slovenia')], nextCursor: null }),
        },
      },
    );
    await waitFor(() => expect(input(control).value).toBe('SI – Slovenia'));
    await userEvent.click(screen.getByRole('button', { name: en('input.combo.edit', 'Country') }));
    expect(dialogs.openEdit).toHaveBeenCalledWith({ table: 'country', key: 'key-1' });
  });
});
