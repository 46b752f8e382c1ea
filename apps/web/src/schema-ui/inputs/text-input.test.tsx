import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInput } from './input-harness';

const input = (element: HTMLElement) => element as HTMLInputElement;

describe('text input', () => {
  it('stops at the maxLength of the schema', async () => {
    const { control, value } = await renderInput({ name: 'code', inputType: 'text', maxLength: 5 });
    await userEvent.type(control, 'ABCDEFGH');
    expect(input(control).value).toBe('ABCDE');
    expect(value()).toBe('ABCDE');
  });

  it('cuts pasted text to the maxLength counted in characters', async () => {
    const { control, value } = await renderInput({ name: 'code', dataType: 'text', maxLength: 3 });
    await userEvent.click(control);
    await userEvent.paste('ščž€x');
    expect(value()).toBe('ščž');
  });

  it('stores null when emptied', async () => {
    const { control, value } = await renderInput({ name: 'code' }, { value: 'A' });
    await userEvent.clear(control);
    expect(value()).toBeNull();
  });

  it('is labelled and disabled when read-only', async () => {
    const { control } = await renderInput(
      { name: 'code', inputType: 'text' },
      { value: 'SI', readonly: true, label: 'Code' },
    );
    expect(screen.getByLabelText('Code')).toBe(control);
    expect(input(control).disabled).toBe(true);
  });
});

describe('memo input', () => {
  it('takes several lines', async () => {
    const { control, value } = await renderInput({ name: 'notes', inputType: 'memo' });
    expect(control.tagName).toBe('TEXTAREA');
    await userEvent.type(control, 'one{Enter}two');
    expect(value()).toBe('one\ntwo');
  });
});

describe('label input', () => {
  it('shows the value read-only, a number in the locale format', async () => {
    const { control } = await renderInput(
      { name: 'total', inputType: 'label', dataType: 'decimal' },
      { value: '1234.5', label: 'Total' },
    );
    expect(input(control).value).toBe('1.234,50');
    expect(input(control).readOnly).toBe(true);
    expect(screen.getByLabelText('Total')).toBe(control);
  });
});

describe('divmemo input', () => {
  it('shows the text as a block that keeps its lines, under its label', async () => {
    const { control } = await renderInput(
      { name: 'summary', inputType: 'divmemo' },
      { value: 'first\nsecond', label: 'Summary' },
    );
    expect(control.textContent).toBe('first\nsecond');
    expect(screen.getByRole('region', { name: 'Summary' })).toContain(control);
  });
});
