import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { en } from '../../test/catalogue';
import { renderInput } from './input-harness';

const input = (element: HTMLElement) => element as HTMLInputElement;

describe('time input', () => {
  it('pads "9" to 09:00 when the field is left', async () => {
    const { control, value } = await renderInput({ name: 'startTime', dataType: 'time' });
    await userEvent.type(control, '9');
    await userEvent.tab();
    expect(value()).toBe('09:00');
    expect(input(control).value).toBe('09:00');
  });

  it('pads minutes: "9:5" is 09:05 and "930" is 09:30', async () => {
    const { control, value } = await renderInput({ name: 'startTime', inputType: 'time' });
    await userEvent.type(control, '9:5');
    await userEvent.tab();
    expect(value()).toBe('09:05');
    await userEvent.clear(control);
    await userEvent.type(control, '930');
    await userEvent.tab();
    expect(value()).toBe('09:30');
  });

  it('offers the times of the day in 15-minute steps', async () => {
    const { control } = await renderInput({ name: 'startTime', inputType: 'time' });
    await userEvent.click(control);
    await userEvent.keyboard('{ArrowDown}');
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(96);
    expect(options.slice(0, 3).map((option) => option.textContent)).toEqual([
      '00:00',
      '00:15',
      '00:30',
    ]);
    expect(options.at(-1)?.textContent).toBe('23:45');
  });

  it('narrows the options to the typed hour and stores the one chosen', async () => {
    const { control, value } = await renderInput({ name: 'startTime', inputType: 'time' });
    await userEvent.type(control, '14');
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      '14:00',
      '14:15',
      '14:30',
      '14:45',
    ]);
    await userEvent.click(screen.getByRole('option', { name: '14:30' }));
    expect(value()).toBe('14:30');
    expect(input(control).value).toBe('14:30');
  });

  it('flags an impossible time and keeps the model', async () => {
    const { control, value } = await renderInput(
      { name: 'startTime', inputType: 'time' },
      { value: '08:00' },
    );
    await userEvent.clear(control);
    await userEvent.type(control, '25:00');
    await userEvent.tab();
    expect(screen.getByText(en('input.time.invalid'))).toBeTruthy();
    expect(value()).toBe('08:00');
  });
});
