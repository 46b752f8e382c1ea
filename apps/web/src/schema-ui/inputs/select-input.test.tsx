import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { en } from '../../test/catalogue';
import { json } from '../../test/fake-api';
import { renderInput } from './input-harness';

const priorities = [
  { code: 'low', name: 'Low' },
  { code: 'high', name: 'High' },
  { code: 'old', name: 'Old', isActive: false },
];

const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('select input', () => {
  it('offers the active items sorted by their text, and stores the chosen code', async () => {
    const { control, value } = await renderInput(
      { name: 'priority', inputType: 'select', references: { items: priorities } },
      { label: 'Priority' },
    );
    expect(screen.getByLabelText('Priority')).toBe(control);
    expect(optionTexts(control)).toEqual([en('input.select.none'), 'high – High', 'low – Low']);
    await userEvent.selectOptions(control, 'low – Low');
    expect(value()).toBe('low');
    await userEvent.selectOptions(control, en('input.select.none'));
    expect(value()).toBeNull();
  });

  it('shows the displayFields and stores the reference field', async () => {
    const { control, value } = await renderInput({
      name: 'priority',
      inputType: 'select',
      references: { items: priorities, field: 'name', displayFields: ['name'] },
    });
    expect(optionTexts(control)).toEqual([en('input.select.none'), 'High', 'Low']);
    await userEvent.selectOptions(control, 'High');
    expect(value()).toBe('High');
  });

  it('takes its items from a model property (itemsProp)', async () => {
    const { control } = await renderInput(
      { name: 'account', inputType: 'select', references: { itemsProp: 'accounts', noSort: true } },
      { model: { accounts: [{ code: 'B' }, { code: 'A' }] } },
    );
    expect(optionTexts(control)).toEqual([en('input.select.none'), 'B', 'A']);
  });

  it('reads the items of a code-list table', async () => {
    const { control, calls } = await renderInput(
      { name: 'country', inputType: 'select', references: { table: 'country' } },
      {
        value: 'SI',
        handlers: {
          'GET /api/cl/:name': () =>
            json({
              items: [{ id: 1, key: 'k1', displayTitle: 'SI', code: 'SI', name: 'Slovenia' }],
              nextCursor: null,
            }),
        },
      },
    );
    await waitFor(() =>
      expect((control as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('SI – Slovenia'),
    );
    const call = calls.find((one) => one.path.startsWith('/api/cl/country'));
    expect(call?.path).toContain('mode=dropdown');
  });

  it('keeps showing a stored value that is no longer offered', async () => {
    const { control } = await renderInput(
      { name: 'priority', inputType: 'select', references: { items: priorities } },
      { value: 'old' },
    );
    expect((control as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('old – Old');
  });

  it('is disabled when read-only', async () => {
    const { control } = await renderInput(
      { name: 'priority', inputType: 'select', references: { items: priorities } },
      { value: 'low', readonly: true },
    );
    expect((control as HTMLSelectElement).disabled).toBe(true);
  });
});
