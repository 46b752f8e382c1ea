import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INPUT_TYPES } from '@listina/forms';
import { en } from '../../test/catalogue';
import { fakeApi } from '../../test/fake-api';
import { renderApp } from '../../test/render';

const input = (element: HTMLElement) => element as HTMLInputElement;
const shownModel = () =>
  JSON.parse(screen.getByTestId('playground-model').textContent) as Record<string, unknown>;

// The page draws some forty inputs at once: slow in happy-dom on a busy machine.
describe('playground', { timeout: 20_000 }, () => {
  it('shows the sample form to a signed-out visitor with the model updating live', async () => {
    fakeApi();
    const app = renderApp('/playground');
    const price = await screen.findByLabelText(en('playground.field.price'));
    expect(app.location()).toBe('/playground');
    expect(input(price).value).toBe('1.234,50');
    await userEvent.clear(price);
    await userEvent.type(price, '99,5');
    await userEvent.tab();
    expect(shownModel().price).toBe('99.50');
    expect(input(price).value).toBe('99,50');
  });

  it('lays out a labelled input for every sample field, the grid included', async () => {
    fakeApi();
    renderApp('/playground');
    const form = await screen.findByTestId('playground-form');
    for (const name of ['code', 'quantity', 'amount', 'dueDate', 'startTime', 'colour']) {
      expect(within(form).getByLabelText(en(`playground.field.${name}`))).toBeTruthy();
    }
    expect(
      within(form).getByRole('checkbox', { name: en('playground.field.isActive') }),
    ).toBeTruthy();
    expect(
      within(form).getByRole('textbox', { name: en('playground.field.description') }),
    ).toBeTruthy();
    expect(within(form).getByText(en('playground.field.lines'))).toBeTruthy();
  });

  it('reports a button click', async () => {
    fakeApi();
    renderApp('/playground');
    await userEvent.click(
      await screen.findByRole('button', { name: en('playground.field.action') }),
    );
    expect(screen.getByTestId('playground-clicked').textContent).toBe(
      en('playground.clicked', en('playground.field.action')),
    );
  });

  it('offers the fixed countries without the inactive one', async () => {
    fakeApi();
    renderApp('/playground');
    const country = await screen.findByLabelText(en('playground.field.country'));
    expect(input(country).value).toBe(`SI – ${en('playground.country.SI')}`);
    await userEvent.clear(country);
    await userEvent.type(country, 'a');
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toContain(`AT – ${en('playground.country.AT')}`);
    expect(options.join()).not.toContain(en('playground.country.YU'));
    await userEvent.click(
      screen.getByRole('option', { name: `HR – ${en('playground.country.HR')}` }),
    );
    expect(shownModel().country).toBe('HR');
  });

  it('lists every input type enabled and read-only on /playground/playground_input', async () => {
    fakeApi();
    const app = renderApp('/playground/playground_input');
    await screen.findByTestId('playground-inputs');
    expect(app.location()).toBe('/playground/playground_input');
    const listed = screen.getAllByTestId('gallery-input-type').map((cell) => cell.textContent);
    expect(new Set(listed)).toEqual(new Set(INPUT_TYPES.filter((type) => type !== 'grid')));
    const row = screen.getByTestId('gallery-row-price');
    const enabled = within(row).getByTestId('field-price');
    const readonly = within(row).getByTestId('field-priceReadonly');
    expect(input(enabled).disabled).toBe(false);
    expect(input(readonly).disabled).toBe(true);
    await userEvent.clear(enabled);
    await userEvent.type(enabled, '12,5');
    expect(input(readonly).value).toBe('12,50');
    const label = en('playground.readonlyLabel', en('playground.field.price'));
    expect(screen.getByLabelText(label)).toBe(readonly);
  });

  it('moves between its two sections', async () => {
    fakeApi();
    const app = renderApp('/playground');
    await userEvent.click(await screen.findByTestId('playground-tab-inputs'));
    await waitFor(() => expect(app.location()).toBe('/playground/playground_input'));
    await userEvent.click(screen.getByTestId('playground-tab-form'));
    await waitFor(() => expect(app.location()).toBe('/playground'));
    expect(await screen.findByTestId('playground-form')).toBeTruthy();
  });
});
