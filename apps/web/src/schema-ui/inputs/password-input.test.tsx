import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FieldSchema } from '@listina/forms';
import { en } from '../../test/catalogue';
import { gridColumns, formatCell } from '../grid/columns';
import { renderInput } from './input-harness';
import { displayText } from './text-input';

const input = (element: HTMLElement) => element as HTMLInputElement;
const SEALED = 'sealed:v1:aaaa.bbbb.cccc';

describe('password input (issue 25)', () => {
  it('masks what is typed and shows it on the eye, then hides it again', async () => {
    const { control, value } = await renderInput(
      { name: 'password', inputType: 'password', maxLength: 8 },
      { label: 'Password' },
    );
    expect(screen.getByLabelText('Password')).toBe(control);
    expect(input(control).type).toBe('password');
    await userEvent.type(control, 'geslo-123456');
    expect(value()).toBe('geslo-12');

    await userEvent.click(screen.getByRole('button', { name: en('input.password.show') }));
    expect(input(control).type).toBe('text');
    await userEvent.click(screen.getByRole('button', { name: en('input.password.hide') }));
    expect(input(control).type).toBe('password');
  });

  it('never reveals the stored value, and typing replaces it', async () => {
    const { control, value } = await renderInput(
      { name: 'password', inputType: 'password' },
      { value: SEALED },
    );
    expect(input(control).type).toBe('password');
    expect(screen.queryByRole('button', { name: en('input.password.show') })).toBeNull();

    await userEvent.click(control);
    await userEvent.keyboard('new-secret');
    expect(value()).toBe('new-secret');
    expect(screen.getByRole('button', { name: en('input.password.show') })).toBeTruthy();
  });

  it('stays masked and offers no eye when read-only', async () => {
    const { control } = await renderInput(
      { name: 'password', inputType: 'password' },
      { value: SEALED, readonly: true },
    );
    expect(input(control).type).toBe('password');
    expect(input(control).disabled).toBe(true);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows only dots in a grid cell or a read-only text, and nothing when empty', () => {
    const field = FieldSchema.parse({ name: 'password', inputType: 'password' });
    const schema = { id: 'mailbox', fields: [field] };
    const [column] = gridColumns(
      schema,
      'password',
      (key) => key,
      () => false,
    );
    if (!column) throw new Error('no column');
    expect(formatCell(column, SEALED, {})).toBe('••••');
    expect(formatCell(column, '', {})).toBe('');
    expect(formatCell(column, null, {})).toBe('');
    expect(displayText(field, SEALED)).toBe('••••');
    expect(displayText(field, '')).toBe('');
  });
});
