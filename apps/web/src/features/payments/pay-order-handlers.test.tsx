import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Model } from '@listina/forms';
import { en } from '../../test/catalogue';
import { json, fakeApi } from '../../test/fake-api';
import { FormHarness, renderInShell, schemaOf } from '../../schema-ui/dialogs/test-support';
import { payOrderHandlers } from './pay-order-handlers';

/** The payOrder fields the handlers touch, as the server's schema declares them. */
const orderSchema = schemaOf({
  id: 'payOrder',
  fields: [
    {
      name: 'recipientId',
      inputType: 'combo',
      dataType: 'int',
      labelText: 'Recipient',
      references: {
        items: [
          { id: 7, key: 'partner-7', code: 'P7', name: 'Čebela d.o.o.' },
          { id: 8, key: 'partner-8', code: 'P8', name: 'Žito d.d.' },
        ],
        field: 'id',
        displayFields: ['code', 'name'],
        onSelect: 'payOrder.recipientSelected',
      },
    },
    { name: 'recipientIdCb', inputType: 'text', labelText: 'Recipient name' },
    { name: 'recipientTown', inputType: 'text', labelText: 'Town' },
    {
      name: 'recipientAccountId',
      inputType: 'combo',
      dataType: 'int',
      labelText: 'Account',
      references: {
        itemsProp: 'recipientAccounts',
        field: 'id',
        displayFields: ['code', 'displayText'],
        onSelect: 'payOrder.accountSelected',
      },
    },
    {
      name: 'recipientIBAN',
      inputType: 'text',
      labelText: 'IBAN',
      partnerSuggestions: {
        by: 'iban',
        idField: 'recipientId',
        onSelect: 'payOrder.recipientSelected',
      },
    },
    { name: 'recipientBIC', inputType: 'text', labelText: 'BIC' },
    {
      name: 'paymentType',
      inputType: 'select',
      labelText: 'Payment type',
      references: {
        items: [
          { code: 'SEPA_SI', name: 'SEPA SI' },
          { code: 'NONSEPA', name: 'Other' },
        ],
      },
      onChange: 'payOrder.paymentTypeChanged',
    },
    { name: 'recipientReferenceType', inputType: 'text', labelText: 'Reference type' },
    { name: 'recipientModel', inputType: 'text', labelText: 'Model' },
    {
      name: 'recipientReference',
      inputType: 'text',
      labelText: 'Reference',
      validation: { check: 'paymentReference' },
      onChange: 'payOrder.referenceChanged',
    },
  ],
});

const accounts = [
  {
    id: 31,
    key: 'a-31',
    displayTitle: 'Main',
    code: 'SI56191000000123438',
    bic: 'BAKOSI2X',
    displayText: 'Main',
    isDefault: false,
    isActive: true,
  },
  {
    id: 32,
    key: 'a-32',
    displayTitle: 'Savings',
    code: 'SI56020100001234567',
    bic: 'LJBASI2X',
    displayText: 'Savings',
    isDefault: true,
    isActive: true,
  },
];

function renderOrderForm(initial: Model = {}) {
  const calls = fakeApi({
    'GET /api/cl/partner/:key': () =>
      json({
        id: 7,
        key: 'partner-7',
        version: 1,
        displayTitle: 'P7',
        name: 'Čebela d.o.o.',
        address: 'Cesta 1',
        town: 'Kranj',
        countryCode: 'SI',
      }),
    'GET /api/cl/partnerBankAccount': () => json({ items: accounts, nextCursor: null }),
    'GET /api/cl/partner/:vatId/:iban/:name': () =>
      json({
        items: [
          {
            id: 7,
            key: 'partner-7',
            code: 'P7',
            name: 'Čebela d.o.o.',
            vatId: null,
            matchedBy: 'iban',
            score: 0.95,
            bankAccountKey: 'a-31',
          },
        ],
      }),
  });
  const models: Model[] = [];
  renderInShell(
    <FormHarness
      schema={orderSchema}
      initial={{
        recipientId: null,
        recipientIdCb: '',
        recipientIBAN: '',
        paymentType: 'SEPA_SI',
        recipientReferenceType: 'SI',
        recipientModel: 'SI99',
        ...initial,
      }}
      handlers={payOrderHandlers}
      onModel={(model) => models.push(model)}
    />,
  );
  return { calls, models, user: userEvent.setup() };
}

const input = (name: string) => screen.getByTestId<HTMLInputElement>(`field-${name}`);
const openCombo = (index: number) =>
  screen.getAllByRole('button', { name: en('input.combo.open') })[index] as HTMLElement;

describe('payOrder form handlers (spec §3 Payment order)', () => {
  it('fills the recipient from the chosen partner and takes its default account', async () => {
    const { calls, models, user } = renderOrderForm();
    await screen.findByTestId('schema-form');
    await user.click(openCombo(0));
    await user.click(screen.getByRole('option', { name: 'P7 – Čebela d.o.o.' }));
    expect(input('recipientIdCb').value).toBe('Čebela d.o.o.');

    await waitFor(() => expect(input('recipientIBAN').value).toBe('SI56020100001234567'));
    expect(input('recipientBIC').value).toBe('LJBASI2X');
    expect(input('recipientTown').value).toBe('Kranj');
    expect(models.at(-1)).toMatchObject({
      recipientId: 7,
      recipientAccountId: 32,
      recipientAccountIdCb: 'Savings',
      recipientAddress: 'Cesta 1',
      recipientCountryCode: 'SI',
    });
    const accountCall = calls.find((call) => call.path.startsWith('/api/cl/partnerBankAccount'));
    const query = new URL(accountCall?.path ?? '', 'http://localhost').searchParams;
    expect(query.get('customerKey')).toBe('partner-7');
    expect(query.get('mode')).toBe('dropdown');

    // The partner's other account, chosen from the list the handler loaded.
    await user.click(openCombo(1));
    await user.click(screen.getByRole('option', { name: 'SI56191000000123438 – Main' }));
    expect(input('recipientIBAN').value).toBe('SI56191000000123438');
    expect(models.at(-1)).toMatchObject({
      recipientAccountId: 31,
      recipientBIC: 'BAKOSI2X',
      recipientAccountIdCb: 'Main',
    });
  });

  it('fills the recipient from a partner the typed IBAN belongs to, with that account (spec §7)', async () => {
    const { models, user } = renderOrderForm();
    await user.type(await screen.findByTestId('field-recipientIBAN'), 'SI56191000000123438');
    const list = await screen.findByTestId('partner-suggestions-recipientIBAN');
    await user.click(
      within(list).getByRole('button', {
        name: en('schemaForm.partnerSuggestions.use', 'P7 – Čebela d.o.o.'),
      }),
    );
    await waitFor(() => expect(models.at(-1)).toMatchObject({ recipientAccountId: 31 }));
    expect(models.at(-1)).toMatchObject({
      recipientId: 7,
      recipientIdCb: 'Čebela d.o.o.',
      recipientIBAN: 'SI56191000000123438',
      recipientBIC: 'BAKOSI2X',
      recipientTown: 'Kranj',
    });
  });

  it('sets the reference type and model from the payment type', async () => {
    const { models, user } = renderOrderForm();
    await screen.findByTestId('schema-form');
    await user.selectOptions(input('paymentType'), 'NONSEPA – Other');
    expect(models.at(-1)).toMatchObject({ recipientReferenceType: 'NRC', recipientModel: '' });
    await user.selectOptions(input('paymentType'), 'SEPA_SI – SEPA SI');
    expect(models.at(-1)).toMatchObject({ recipientReferenceType: 'SI', recipientModel: 'SI99' });
  });

  it('flags a reference whose check digit is wrong before saving', async () => {
    renderOrderForm({ recipientModel: 'SI12' });
    await screen.findByTestId('schema-form');
    fireEvent.change(input('recipientReference'), { target: { value: '1234567890125' } });
    fireEvent.blur(input('recipientReference'));
    expect(await screen.findByText(en('validation.reference.checkDigit'))).toBeTruthy();
    fireEvent.change(input('recipientReference'), { target: { value: '1234567890120' } });
    await waitFor(() =>
      expect(screen.queryByText(en('validation.reference.checkDigit'))).toBeNull(),
    );
  });

  it('splits a whole reference pasted into the reference field into model and reference', async () => {
    const { models } = renderOrderForm();
    await screen.findByTestId('schema-form');
    fireEvent.change(input('recipientReference'), { target: { value: 'SI12 1234567890 9' } });
    expect(input('recipientModel').value).toBe('SI12');
    expect(input('recipientReference').value).toBe('12345678909');
    fireEvent.change(input('recipientReference'), { target: { value: 'RF18 5390 0754 7034' } });
    expect(models.at(-1)).toMatchObject({
      recipientReferenceType: 'RF',
      recipientModel: null,
      recipientReference: 'RF18539007547034',
    });
  });

  it("keeps a chosen bank country's name beside its code", () => {
    const handler = payOrderHandlers['payOrder.countrySelected'];
    const field = { name: 'recipientBankCountryCode' } as Parameters<
      NonNullable<typeof handler>
    >[0]['field'];
    const later = () => undefined;
    expect(
      handler?.({
        field,
        value: 'DE',
        model: { a: 1 },
        item: { code: 'DE', name: 'Germany' },
        later,
      }),
    ).toEqual({
      a: 1,
      recipientBankCountryCodeCb: 'Germany',
    });
  });
});
