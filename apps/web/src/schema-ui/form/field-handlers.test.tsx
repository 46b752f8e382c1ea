import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Model } from '@listina/forms';
import { en } from '../../test/catalogue';
import { fakeApi } from '../../test/fake-api';
import { FormHarness, renderInShell, schemaOf } from '../dialogs/test-support';
import type { FieldHandlers } from '../types';

const banks = [
  { code: '02010', name: 'NLB', bic: 'LJBASI2X' },
  { code: '03100', name: 'SKB', bic: 'SKBASI2X' },
];

const paymentSchema = (inputType: 'combo' | 'select', onSelect = 'fillBic') =>
  schemaOf({
    id: 'payment',
    fields: [
      {
        name: 'bankCode',
        inputType,
        labelText: 'Bank',
        references: { items: banks, onSelect },
      },
      { name: 'bic', inputType: 'text', labelText: 'BIC' },
    ],
  });

/** The form's handler: the chosen bank fills the BIC (spec §3 references.onSelect). */
const handlers: FieldHandlers = {
  fillBic: ({ model, item }) => ({ ...model, bic: item?.bic }),
};

async function renderPayment(inputType: 'combo' | 'select', onSelect?: string) {
  fakeApi();
  const models: Model[] = [];
  renderInShell(
    <FormHarness
      schema={paymentSchema(inputType, onSelect)}
      initial={{ bankCode: null, bic: '' }}
      handlers={handlers}
      onModel={(model) => models.push(model)}
    />,
  );
  await screen.findByTestId('schema-form');
  return { models, user: userEvent.setup() };
}

const bic = () => screen.getByTestId<HTMLInputElement>('field-bic');

describe('references.onSelect (spec §3): the form handler gets the chosen item', () => {
  it('fills the BIC when a bank is chosen in a combo', async () => {
    const { models, user } = await renderPayment('combo');
    await user.click(screen.getByRole('button', { name: en('input.combo.open') }));
    await user.click(screen.getByRole('option', { name: '03100 – SKB' }));
    expect(bic().value).toBe('SKBASI2X');
    expect(models.at(-1)).toEqual({ bankCode: '03100', bic: 'SKBASI2X' });
  });

  it('fills the BIC when a bank is chosen in a select', async () => {
    const { models, user } = await renderPayment('select');
    await user.selectOptions(screen.getByTestId('field-bankCode'), '02010 – NLB');
    expect(bic().value).toBe('LJBASI2X');
    expect(models.at(-1)).toEqual({ bankCode: '02010', bic: 'LJBASI2X' });
  });

  it('stores the value alone when the form has no handler of that name', async () => {
    const { models, user } = await renderPayment('combo', 'nowhere');
    await user.click(screen.getByRole('button', { name: en('input.combo.open') }));
    await user.click(screen.getByRole('option', { name: '02010 – NLB' }));
    expect(models.at(-1)).toEqual({ bankCode: '02010', bic: '' });
  });
});
