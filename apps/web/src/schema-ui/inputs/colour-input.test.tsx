import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { en } from '../../test/catalogue';
import { renderInput } from './input-harness';

const input = (element: HTMLElement) => element as HTMLInputElement;
const swatch = () => screen.getByTestId('field-colour-swatch');

describe('colour picker', () => {
  it('shows the default #EEEEEE with black text when empty', async () => {
    await renderInput({ name: 'colour', inputType: 'colorpicker' });
    expect(swatch().textContent).toBe('#EEEEEE');
    expect(swatch().style.backgroundColor).toMatch(/#eeeeee|rgb\(238, 238, 238\)/i);
    expect(swatch().style.color).toMatch(/#000000|rgb\(0, 0, 0\)/i);
  });

  it('stores a valid colour in upper case and writes white on a dark one', async () => {
    const { control, value } = await renderInput({ name: 'colour', inputType: 'colorpicker' });
    await userEvent.type(control, '#1a237e');
    expect(value()).toBe('#1A237E');
    expect(swatch().textContent).toBe('#1A237E');
    expect(swatch().style.color).toMatch(/#ffffff|rgb\(255, 255, 255\)/i);
  });

  it('writes black on a colour just brighter than 186 and white on one just darker', async () => {
    const { control } = await renderInput({ name: 'colour', inputType: 'colorpicker' });
    // 0.299·187 + 0.587·187 + 0.114·187 = 187 > 186
    await userEvent.type(control, '#BBBBBB');
    expect(swatch().style.color).toMatch(/#000000|rgb\(0, 0, 0\)/i);
    await userEvent.clear(control);
    // 186 is not above 186
    await userEvent.type(control, '#BABABA');
    expect(swatch().style.color).toMatch(/#ffffff|rgb\(255, 255, 255\)/i);
  });

  it('flags text that is not #RRGGBB and keeps the stored colour', async () => {
    const { control, value } = await renderInput(
      { name: 'colour', inputType: 'colorpicker' },
      { value: '#FF0000' },
    );
    await userEvent.tripleClick(control);
    await userEvent.paste('#12345G');
    await userEvent.tab();
    expect(screen.getByText(en('input.colour.invalid'))).toBeTruthy();
    expect(value()).toBe('#FF0000');
    expect(input(control).value).toBe('#12345G');
  });

  it('picks a valid random colour with its button', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const { value, control } = await renderInput({ name: 'colour', inputType: 'colorpicker' });
    await userEvent.click(screen.getByRole('button', { name: en('input.colour.random') }));
    vi.restoreAllMocks();
    expect(value()).toBe('#800000');
    expect(input(control).value).toBe('#800000');
    expect(swatch().textContent).toBe('#800000');
  });

  it('gives a #RRGGBB colour on every random pick', async () => {
    const { value } = await renderInput({ name: 'colour', inputType: 'colorpicker' });
    const button = screen.getByRole('button', { name: en('input.colour.random') });
    for (let pick = 0; pick < 5; pick += 1) {
      await userEvent.click(button);
      expect(value()).toMatch(/^#[0-9A-F]{6}$/);
    }
  });

  it('is disabled with its button when read-only', async () => {
    const { control } = await renderInput(
      { name: 'colour', inputType: 'colorpicker' },
      { value: '#00FF00', readonly: true },
    );
    expect(input(control).disabled).toBe(true);
    const random = screen.getByRole('button', { name: en('input.colour.random') });
    expect((random as HTMLButtonElement).disabled).toBe(true);
  });
});
