import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInput } from './input-harness';

describe('button input', () => {
  it('emits a click with the field name', async () => {
    const { onClick } = await renderInput(
      { name: 'recalculate', inputType: 'btn' },
      { label: 'Recalculate' },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Recalculate' }));
    expect(onClick).toHaveBeenCalledWith('recalculate');
  });

  it('is disabled when read-only', async () => {
    const { control, onClick } = await renderInput(
      { name: 'recalculate', inputType: 'btn' },
      { readonly: true },
    );
    expect((control as HTMLButtonElement).disabled).toBe(true);
    // A user cannot even try: the pointer goes through a disabled control.
    await userEvent.setup({ pointerEventsCheck: 0 }).click(control);
    expect(onClick).not.toHaveBeenCalled();
  });
});
