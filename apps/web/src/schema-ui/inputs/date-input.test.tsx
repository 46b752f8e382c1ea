import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { en } from '../../test/catalogue';
import { renderInput } from './input-harness';

const input = (element: HTMLElement) => element as HTMLInputElement;

describe('date input', () => {
  it('reads free text "1.2.24" as 1 February 2024 when the field is left', async () => {
    const { control, value } = await renderInput({ name: 'dueDate', dataType: 'date' });
    await userEvent.type(control, '1.2.24');
    expect(value()).toBeUndefined();
    await userEvent.tab();
    expect(value()).toBe('2024-02-01');
    expect(input(control).value).toBe('01.02.2024');
  });

  it('shows a stored date in the locale format', async () => {
    const { control } = await renderInput(
      { name: 'dueDate', inputType: 'date' },
      { value: '2025-12-31' },
    );
    expect(input(control).value).toBe('31.12.2025');
  });

  it('flags text that is not a date and keeps the model', async () => {
    const { control, value } = await renderInput(
      { name: 'dueDate', inputType: 'date' },
      { value: '2024-05-05' },
    );
    await userEvent.clear(control);
    await userEvent.type(control, '31.2.2024{Enter}');
    expect(screen.getByText(en('input.date.invalid'))).toBeTruthy();
    expect(value()).toBe('2024-05-05');
    expect(input(control).value).toBe('31.2.2024');
  });

  it('refuses a date of birth in the future', async () => {
    const { control, value } = await renderInput({ name: 'birthDate', inputType: 'date' });
    await userEvent.type(control, '1.1.2999');
    await userEvent.tab();
    expect(screen.getByText(en('input.date.future'))).toBeTruthy();
    expect(value()).toBeUndefined();
  });

  it('accepts a date of birth in the past, reading a two-digit year as already lived', async () => {
    const { control, value } = await renderInput({ name: 'birthDate', inputType: 'date' });
    await userEvent.type(control, '3.4.90');
    await userEvent.tab();
    expect(value()).toBe('1990-04-03');
  });

  it('opens a month picker whose week starts on Monday', async () => {
    const { value } = await renderInput(
      { name: 'dueDate', inputType: 'date' },
      { value: '2024-02-01', label: 'Due' },
    );
    await userEvent.click(screen.getByRole('button', { name: en('input.date.openPicker', 'Due') }));
    const picker = await screen.findByTestId('date-picker');
    const headers = within(picker).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual([
      'Mon',
      'Tue',
      'Wed',
      'Thu',
      'Fri',
      'Sat',
      'Sun',
    ]);
    // 1 February 2024 was a Thursday: the fourth column of the first week.
    const firstWeek = within(picker).getAllByRole('row')[1];
    const cells = within(firstWeek as HTMLElement).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual(['', '', '', '1', '2', '3', '4']);
    await userEvent.click(within(picker).getByRole('button', { name: '15.02.2024' }));
    expect(value()).toBe('2024-02-15');
    await waitFor(() => expect(screen.queryByTestId('date-picker')).toBeNull());
  });

  it('moves the picker by month', async () => {
    await renderInput({ name: 'dueDate', inputType: 'date' }, { value: '2024-12-10' });
    await userEvent.click(screen.getByTestId('field-dueDate-picker'));
    const picker = await screen.findByTestId('date-picker');
    expect(picker.textContent).toContain('December 2024');
    await userEvent.click(within(picker).getByRole('button', { name: en('input.date.nextMonth') }));
    expect(picker.textContent).toContain('January 2025');
  });

  it('offers no future day for a date of birth', async () => {
    await renderInput({ name: 'birthDate', inputType: 'date' });
    await userEvent.click(screen.getByTestId('field-birthDate-picker'));
    const picker = await screen.findByTestId('date-picker');
    await userEvent.click(within(picker).getByRole('button', { name: en('input.date.nextMonth') }));
    const days = within(picker).getAllByRole('button', { name: /^\d\d\.\d\d\.\d{4}$/ });
    expect(days.every((day) => (day as HTMLButtonElement).disabled)).toBe(true);
  });

  it('is disabled with its picker when read-only', async () => {
    const { control } = await renderInput(
      { name: 'dueDate', inputType: 'date' },
      { value: '2024-02-01', readonly: true },
    );
    expect(input(control).disabled).toBe(true);
    expect(screen.getByTestId<HTMLButtonElement>('field-dueDate-picker').disabled).toBe(true);
  });
});

describe('datetime input', () => {
  it('joins a typed date and time into one ISO datetime', async () => {
    const { control, value } = await renderInput({ name: 'meetingAt', dataType: 'datetime' });
    await userEvent.type(control, '1.2.24');
    await userEvent.tab();
    expect(value()).toBe(new Date(2024, 1, 1, 0, 0).toISOString());
    const time = screen.getByTestId('field-meetingAt-time');
    expect(input(time).value).toBe('00:00');
    await userEvent.clear(time);
    await userEvent.type(time, '9');
    await userEvent.tab();
    expect(value()).toBe(new Date(2024, 1, 1, 9, 0).toISOString());
  });

  it('shows a stored datetime as local date and time', async () => {
    const stored = new Date(2024, 6, 15, 14, 45).toISOString();
    const { control } = await renderInput(
      { name: 'meetingAt', inputType: 'datetime' },
      { value: stored },
    );
    expect(input(control).value).toBe('15.07.2024');
    expect(input(screen.getByTestId('field-meetingAt-time')).value).toBe('14:45');
  });
});
