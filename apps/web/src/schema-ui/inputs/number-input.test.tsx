import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { en } from '../../test/catalogue';
import { renderInput } from './input-harness';

const input = (element: HTMLElement) => element as HTMLInputElement;

describe('decimal input', () => {
  it('reads "1.234,5" as 1234.50 and shows it with locale separators after leaving', async () => {
    const { control, value } = await renderInput({ name: 'price', inputType: 'decimal' });
    await userEvent.type(control, '1.234,5');
    expect(value()).toBe('1234.50');
    expect(input(control).value).toBe('1.234,5');
    await userEvent.tab();
    expect(input(control).value).toBe('1.234,50');
  });

  it('shows a stored value with thousands dot and decimal comma, unchanged on focus', async () => {
    const { control, value } = await renderInput(
      { name: 'price', dataType: 'decimal' },
      { value: '-1234567.5' },
    );
    expect(input(control).value).toBe('-1.234.567,50');
    await userEvent.click(control);
    expect(input(control).value).toBe('-1.234.567,50');
    await userEvent.tab();
    expect(value()).toBe('-1234567.5');
  });

  it('replaces the whole value when it is selected and typed over', async () => {
    const { control, value } = await renderInput(
      { name: 'price', inputType: 'decimal' },
      { value: '1234.50' },
    );
    await userEvent.tripleClick(control);
    await userEvent.keyboard('7');
    expect(value()).toBe('7.00');
  });

  it('moves a trailing minus to the front', async () => {
    const { control, value } = await renderInput({ name: 'price', inputType: 'decimal' });
    await userEvent.type(control, '12,50-');
    await userEvent.tab();
    expect(value()).toBe('-12.50');
    expect(input(control).value).toBe('-12,50');
  });

  it('guesses a dot as the decimal separator when it comes last', async () => {
    const { control, value } = await renderInput({ name: 'price', inputType: 'decimal' });
    await userEvent.type(control, '1,234.5');
    expect(value()).toBe('1234.50');
  });

  it('rounds too many places and says so', async () => {
    const { control, value } = await renderInput({ name: 'price', inputType: 'decimal' });
    await userEvent.type(control, '2,345');
    await userEvent.tab();
    expect(value()).toBe('2.35');
    expect(input(control).value).toBe('2,35');
    expect(screen.getByText(`* ${en('input.number.tooManyPlaces', 2)}`)).toBeTruthy();
  });

  it('clamps to the maximum of the field and says so', async () => {
    const { control, value } = await renderInput({
      name: 'price',
      inputType: 'decimal',
      validation: { min: 0, max: 100 },
    });
    await userEvent.type(control, '150');
    await userEvent.tab();
    expect(value()).toBe('100.00');
    expect(input(control).value).toBe('100,00');
    expect(screen.getByText(`* ${en('input.number.aboveMax', '100,00')}`)).toBeTruthy();
  });

  it('clamps to the minimum of the field', async () => {
    const { control, value } = await renderInput({
      name: 'price',
      inputType: 'decimal',
      validation: { min: '0.5' },
    });
    await userEvent.type(control, '-3');
    await userEvent.tab();
    expect(value()).toBe('0.50');
    expect(screen.getByText(`* ${en('input.number.belowMin', '0,50')}`)).toBeTruthy();
  });

  it('flags text that is not a number, keeps it and leaves the model alone', async () => {
    const { control, value, onChange } = await renderInput(
      { name: 'price', inputType: 'decimal' },
      { value: '5.00' },
    );
    await userEvent.tripleClick(control);
    await userEvent.paste('1-2');
    await userEvent.tab();
    expect(screen.getByText(en('input.number.invalid'))).toBeTruthy();
    expect(input(control).value).toBe('1-2');
    expect(onChange).not.toHaveBeenCalled();
    expect(value()).toBe('5.00');
  });

  it('keeps letters as typed and says a number is wanted, leaving the amount as it was', async () => {
    const { control, value } = await renderInput(
      { name: 'price', inputType: 'currency' },
      { value: '427.00' },
    );
    await userEvent.tripleClick(control);
    await userEvent.keyboard('abc');
    expect(input(control).value).toBe('abc');
    expect(value()).toBe('427.00');
    expect(screen.getByText(en('input.number.invalid'))).toBeTruthy();
    await userEvent.tab();
    expect(input(control).value).toBe('abc');
    expect(screen.getByText(en('input.number.invalid'))).toBeTruthy();
  });

  it('flags a letter among digits instead of dropping it', async () => {
    const { control, value } = await renderInput(
      { name: 'price', inputType: 'decimal' },
      { value: '5.00' },
    );
    await userEvent.clear(control);
    await userEvent.type(control, '4a2');
    expect(input(control).value).toBe('4a2');
    expect(value()).toBe('4.00');
    expect(screen.getByText(en('input.number.invalid'))).toBeTruthy();
  });

  it('takes a pasted amount with spaces and a euro sign', async () => {
    const { control, value } = await renderInput({ name: 'price', inputType: 'currency' });
    await userEvent.click(control);
    await userEvent.paste('1 234,50 €');
    expect(value()).toBe('1234.50');
  });

  it('stores null when the text is cleared', async () => {
    const { control, value } = await renderInput(
      { name: 'price', inputType: 'decimal' },
      { value: '7.00' },
    );
    await userEvent.clear(control);
    expect(value()).toBeNull();
  });
});

describe('int input', () => {
  it('stores a number and reads "1.234" as one thousand two hundred and thirty-four', async () => {
    const { control, value } = await renderInput({ name: 'quantity', dataType: 'int' });
    await userEvent.type(control, '1.234');
    await userEvent.tab();
    expect(value()).toBe(1234);
    expect(input(control).value).toBe('1.234');
  });

  it('rounds a fraction to a whole number and says so', async () => {
    const { control, value } = await renderInput({ name: 'quantity', inputType: 'int' });
    await userEvent.type(control, '2,5');
    await userEvent.tab();
    expect(value()).toBe(3);
    expect(screen.getByText(`* ${en('input.number.notWhole')}`)).toBeTruthy();
  });
});

describe('currency input', () => {
  it('shows the euro sign and two decimals', async () => {
    const { control, value } = await renderInput({ name: 'amount', inputType: 'currency' });
    expect(screen.getByText('€')).toBeTruthy();
    await userEvent.type(control, '99,9');
    await userEvent.tab();
    expect(value()).toBe('99.90');
    expect(input(control).value).toBe('99,90');
  });

  it('shows the record’s currency when it is not the euro', async () => {
    await renderInput(
      { name: 'amount', inputType: 'currency' },
      { value: '801.78', model: { currencyCode: 'DKK' } },
    );
    expect(screen.getByText('DKK')).toBeTruthy();
    expect(screen.queryByText('€')).toBeNull();
  });

  it('shows the euro sign for a record in euros', async () => {
    await renderInput(
      { name: 'amount', inputType: 'currency' },
      { value: '801.78', model: { currencyCode: 'EUR' } },
    );
    expect(screen.getByText('€')).toBeTruthy();
  });

  it('is disabled when read-only', async () => {
    const { control } = await renderInput(
      { name: 'amount', inputType: 'currency' },
      { value: '10', readonly: true },
    );
    expect(input(control).disabled).toBe(true);
    expect(input(control).value).toBe('10,00');
  });
});
