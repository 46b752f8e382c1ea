import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInput } from './input-harness';

describe('checkbox input', () => {
  it('stores true and false as it is ticked and cleared', async () => {
    const { value } = await renderInput(
      { name: 'isActive', dataType: 'bool' },
      { label: 'Active' },
    );
    const checkbox = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Active' });
    expect(checkbox.checked).toBe(false);
    await userEvent.click(checkbox);
    expect(value()).toBe(true);
    expect(checkbox.checked).toBe(true);
    await userEvent.click(screen.getByText('Active'));
    expect(value()).toBe(false);
  });

  it('cannot be changed when read-only', async () => {
    const { control, onChange } = await renderInput(
      { name: 'isActive', inputType: 'checkbox' },
      { value: true, readonly: true },
    );
    expect((control as HTMLInputElement).disabled).toBe(true);
    // A user cannot even try: the pointer goes through a disabled control.
    await userEvent.setup({ pointerEventsCheck: 0 }).click(control);
    expect(onChange).not.toHaveBeenCalled();
  });
});
