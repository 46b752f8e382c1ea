import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Model, SchemaInput } from '@listina/forms';
import { en } from '../../test/catalogue';
import { apiError, fakeApi, json, type Handler } from '../../test/fake-api';
import { FormHarness, renderInShell, schemaOf } from '../dialogs/test-support';

const OWN = 'SI56191000000123438';
const SAVINGS = 'SI56191000000410170';
const OTHER_BANK = 'SI56020100012345678';

function ownerSchema(id: 'partner' | 'organization') {
  const input: SchemaInput = {
    id,
    fields: [
      { name: 'name', inputType: 'text', labelText: 'Name' },
      { name: 'vatId', inputType: 'text', labelText: 'VAT ID' },
      {
        name: 'bankAccounts',
        inputType: 'grid',
        labelText: 'Bank accounts',
        schema: {
          id: `${id}BankAccount`,
          fields: [
            { name: 'code', inputType: 'text', labelId: 'bankAccount.code' },
            { name: 'bic', inputType: 'text', labelId: 'bankAccount.bic' },
            { name: 'displayText', inputType: 'text', labelId: 'bankAccount.displayText' },
            { name: 'isDefault', inputType: 'checkbox', labelId: 'bankAccount.isDefault' },
          ],
        },
      },
    ],
  };
  return schemaOf(input);
}

const account = (key: string, code: string, extra: Model = {}) => ({
  id: 1,
  key,
  displayTitle: code,
  code,
  bic: 'LJBASI2X',
  displayText: 'Main',
  isDefault: true,
  isActive: true,
  ...extra,
});

/** The partner p-1 as saved, and p-2, the same company typed twice (same VAT ID). */
const accountsOf: Record<string, object[]> = {
  'p-1': [account('a1', OWN), account('a2', SAVINGS, { displayText: 'Savings', isDefault: false })],
  'p-2': [
    account('a3', 'SI56 1910 0000 0123 438'),
    account('a4', OTHER_BANK, { bic: 'SKBASI2X', displayText: 'SKB' }),
  ],
};

const api: Record<string, Handler> = {
  'GET /api/cl/partner/:vatId/:iban/:name': () =>
    json({
      items: [
        {
          id: 2,
          key: 'p-2',
          code: 'P2',
          name: 'Šumi d.o.o.',
          vatId: 'SI12345678',
          matchedBy: 'vatId',
          score: 1,
          bankAccountKey: null,
        },
      ],
    }),
  'GET /api/cl/:name': ({ path }) => {
    const customerKey = new URL(path, 'http://localhost').searchParams.get('customerKey') ?? '';
    return json({ items: accountsOf[customerKey] ?? [], nextCursor: null });
  },
};

async function renderOwner(owner: 'partner' | 'organization', handlers = api) {
  const calls = fakeApi(handlers);
  const models: Model[] = [];
  // A saved partner whose savings account was removed in this form (marked for delete).
  const initial: Model = {
    key: 'p-1',
    code: 'P1',
    name: 'Šumi',
    vatId: 'si 1234 5678',
    bankAccounts: [
      { id: 1, code: OWN, isDefault: true },
      { id: 2, code: SAVINGS, markForDelete: true },
    ],
  };
  renderInShell(
    <FormHarness
      schema={ownerSchema(owner)}
      initial={initial}
      onModel={(model) => models.push(model)}
    />,
  );
  await screen.findByTestId('array-bankAccounts');
  const rows = () => (models.at(-1)?.bankAccounts ?? initial.bankAccounts) as Model[];
  return { calls, rows, user: userEvent.setup() };
}

const searchButton = () =>
  screen.queryByRole('button', { name: en('schemaForm.array.searchAccounts') });
const offeredCodes = async () => {
  const list = await screen.findByRole('list', { name: en('schemaForm.array.knownAccounts') });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');
};

describe('bank account search of a partner (spec §5)', () => {
  it('offers the accounts known for the partner and its namesakes that the list lacks', async () => {
    const { calls, user } = await renderOwner('partner');
    await user.click(searchButton() as HTMLElement);
    const offered = await offeredCodes();
    expect(offered).toHaveLength(2);
    expect(offered[0]).toContain(SAVINGS);
    expect(offered[0]).toContain('Savings · P1 – Šumi');
    expect(offered[1]).toContain(OTHER_BANK);
    expect(offered[1]).toContain('SKBASI2X · SKB · P2 – Šumi d.o.o.');
    const paths = calls.map((call) => call.path).filter((path) => path.startsWith('/api/cl/'));
    expect(paths).toEqual([
      `/api/cl/partner/SI12345678/-/${encodeURIComponent('Šumi')}`,
      '/api/cl/partnerBankAccount?customerKey=p-1&mode=dropdown&count=100',
      '/api/cl/partnerBankAccount?customerKey=p-2&mode=dropdown&count=100',
    ]);
  });

  it('narrows the offer by the typed text, ignoring spaces and case', async () => {
    const { user } = await renderOwner('partner');
    await user.click(searchButton() as HTMLElement);
    await offeredCodes();
    await user.type(screen.getByLabelText(en('schemaForm.array.findAccounts')), 'si56 0201');
    const offered = await offeredCodes();
    expect(offered).toHaveLength(1);
    expect(offered[0]).toContain(OTHER_BANK);
  });

  it('adds a chosen account with a temporary id, not as default, and stops offering it', async () => {
    const { rows, user } = await renderOwner('partner');
    await user.click(searchButton() as HTMLElement);
    await offeredCodes();
    await user.click(
      screen.getByRole('button', { name: en('schemaForm.array.addKnownAccount', OTHER_BANK) }),
    );
    expect(rows().at(-1)).toEqual({
      id: -1,
      code: OTHER_BANK,
      bic: 'SKBASI2X',
      displayText: 'SKB',
      isDefault: false,
    });
    const offered = await offeredCodes();
    expect(offered).toHaveLength(1);
    expect(offered[0]).toContain(SAVINGS);
  });

  it('adds all offered accounts at once, each with its own negative id', async () => {
    const { rows, user } = await renderOwner('partner');
    await user.click(searchButton() as HTMLElement);
    await offeredCodes();
    await user.click(
      screen.getByRole('button', { name: en('schemaForm.array.addAllKnownAccounts', '2') }),
    );
    expect(rows().map((row) => [row.id, row.code, row.markForDelete ?? false])).toEqual([
      [1, OWN, false],
      [2, SAVINGS, true],
      [-1, SAVINGS, false],
      [-2, OTHER_BANK, false],
    ]);
    expect(await screen.findByText(en('schemaForm.array.noKnownAccounts'))).toBeTruthy();
  });

  it('shows why the search failed', async () => {
    const { user } = await renderOwner('partner', {
      ...api,
      'GET /api/cl/partner/:vatId/:iban/:name': () => apiError(500, 'The search is down.'),
    });
    await user.click(searchButton() as HTMLElement);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('search is down'));
  });

  it('still adds pasted IBANs, reporting those already present', async () => {
    const { rows, user } = await renderOwner('partner');
    await user.type(
      screen.getByLabelText(en('schemaForm.array.findAccounts')),
      `si56 1910 0000 0123 438; ${OTHER_BANK}{Enter}`,
    );
    expect(rows().at(-1)).toMatchObject({ id: -1, code: OTHER_BANK });
    expect(screen.getByText(en('schemaForm.array.accountsPresent', OWN))).toBeTruthy();
  });

  it('offers no search for an organisation, only the pasted IBANs', async () => {
    const { calls } = await renderOwner('organization');
    expect(searchButton()).toBeNull();
    expect(screen.getByLabelText(en('schemaForm.array.findAccounts'))).toBeTruthy();
    expect(calls.some((call) => call.path.startsWith('/api/cl/'))).toBe(false);
  });
});
