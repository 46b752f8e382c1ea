import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Model, SchemaInput } from '@listina/forms';
import { ApiRequestError } from '../../api/api-error';
import { en } from '../../test/catalogue';
import { fakeApi } from '../../test/fake-api';
import { FormHarness, renderInShell, schemaOf } from '../dialogs/test-support';

function partnerSchema(options: { allowEmptyArray?: boolean; readonly?: boolean } = {}) {
  const input: SchemaInput = {
    id: 'partner',
    fields: [
      { name: 'name', inputType: 'text', labelText: 'Name' },
      {
        name: 'bankAccounts',
        inputType: 'grid',
        labelText: 'Bank accounts',
        schema: {
          id: 'partnerBankAccount',
          addLabelId: 'bankAccount.add',
          ...options,
          fields: [
            { name: 'code', inputType: 'text', labelId: 'bankAccount.code' },
            { name: 'isDefault', inputType: 'checkbox', labelId: 'bankAccount.isDefault' },
          ],
        },
      },
    ],
  };
  return schemaOf(input);
}

const IBAN_1 = 'SI56191000000123438';
const IBAN_2 = 'SI56020100012345678';

async function renderGrid(initial: Model, props: Partial<Parameters<typeof FormHarness>[0]> = {}) {
  fakeApi();
  const models: Model[] = [initial];
  renderInShell(
    <FormHarness
      schema={partnerSchema()}
      initial={initial}
      onModel={(model) => models.push(model)}
      {...props}
    />,
  );
  const grid = await screen.findByTestId('array-bankAccounts');
  const last = () => (models.at(-1)?.bankAccounts ?? []) as Model[];
  return { grid, last, user: userEvent.setup() };
}

const visibleRows = () => screen.queryAllByTestId('array-bankAccounts-row');

describe('nested array field (spec §4 array items)', () => {
  it('adds rows with temporary ids -1, -2 and opens the new row for editing', async () => {
    const { last, user } = await renderGrid({ bankAccounts: [] });
    expect(screen.getByText(en('schemaForm.array.empty'))).toBeTruthy();
    await user.click(screen.getByRole('button', { name: en('bankAccount.add') }));
    await user.type(screen.getByLabelText(en('bankAccount.code')), IBAN_1);
    await user.click(screen.getByRole('button', { name: en('bankAccount.add') }));
    expect(last().map((row) => row.id)).toEqual([-1, -2]);
    expect(last()[0]?.code).toBe(IBAN_1);
    expect(visibleRows()).toHaveLength(2);
    expect(within(visibleRows()[0] as HTMLElement).getByText(IBAN_1)).toBeTruthy();
  });

  it('marks an existing row for delete and hides it, and drops a new row outright', async () => {
    const { last, user } = await renderGrid({ bankAccounts: [{ id: 7, code: IBAN_1 }] });
    await user.click(screen.getByRole('button', { name: en('bankAccount.add') }));
    const deleteButtons = () =>
      screen.getAllByRole('button', { name: en('schemaForm.array.delete') });
    await user.click(deleteButtons()[1] as HTMLElement);
    await user.click(deleteButtons()[0] as HTMLElement);
    expect(last()).toEqual([{ id: 7, code: IBAN_1, markForDelete: true }]);
    expect(visibleRows()).toHaveLength(0);
    expect(screen.queryByText(IBAN_1)).toBeNull();
  });

  it('adds a blank row when the list empties and allowEmptyArray is false', async () => {
    const { last, user } = await renderGrid(
      { bankAccounts: [{ id: 7, code: IBAN_1 }] },
      { schema: partnerSchema({ allowEmptyArray: false }) },
    );
    await user.click(screen.getByRole('button', { name: en('schemaForm.array.delete') }));
    expect(last()).toEqual([
      { id: 7, code: IBAN_1, markForDelete: true },
      { id: -1, isDefault: false },
    ]);
    expect(visibleRows()).toHaveLength(1);
  });

  it('clears the other defaults when a row is made the default', async () => {
    const { last, user } = await renderGrid({
      bankAccounts: [
        { id: 1, code: IBAN_1, isDefault: true },
        { id: 2, code: IBAN_2, isDefault: false },
      ],
    });
    const second = visibleRows()[1] as HTMLElement;
    await user.click(within(second).getByRole('button', { name: en('schemaForm.array.edit') }));
    await user.click(screen.getByLabelText(en('bankAccount.isDefault')));
    expect(last().map((row) => row.isDefault)).toEqual([false, true]);
  });

  it('adds searched accounts only when not present, ignoring spaces and case', async () => {
    const { last, user } = await renderGrid({ bankAccounts: [{ id: 1, code: IBAN_1 }] });
    await user.type(
      screen.getByLabelText(en('schemaForm.array.findAccounts')),
      'si56 1910 0000 0123 438; SI56 0201 0001 2345 678{Enter}',
    );
    expect(last().map((row) => [row.id, row.code])).toEqual([
      [1, IBAN_1],
      [-1, IBAN_2],
    ]);
    expect(screen.getByText(en('schemaForm.array.accountsPresent', IBAN_1))).toBeTruthy();
  });

  it('shows a server message on a row field in that row', async () => {
    const error = new ApiRequestError({
      kind: 'response',
      status: 400,
      statusText: 'Bad Request',
      data: {
        error: [
          { msg: 'The IBAN check digits are wrong.', parameters: [], field: 'bankAccounts.1.code' },
        ],
        warning: [],
      },
    });
    await renderGrid(
      {
        bankAccounts: [
          { id: 1, code: IBAN_1 },
          { id: -1, code: 'SI00' },
        ],
      },
      { serverError: error },
    );
    const [first, second] = visibleRows() as [HTMLElement, HTMLElement];
    expect(within(second).getByText('The IBAN check digits are wrong.')).toBeTruthy();
    expect(within(first).queryByText('The IBAN check digits are wrong.')).toBeNull();
  });

  it('hides add, edit and delete in a read-only grid', async () => {
    await renderGrid(
      { bankAccounts: [{ id: 1, code: IBAN_1 }] },
      { schema: partnerSchema({ readonly: true }) },
    );
    expect(screen.getByText(IBAN_1)).toBeTruthy();
    expect(screen.queryByRole('button', { name: en('schemaForm.array.edit') })).toBeNull();
    expect(screen.queryByRole('button', { name: en('schemaForm.array.delete') })).toBeNull();
    expect(screen.queryByRole('button', { name: en('bankAccount.add') })).toBeNull();
  });
});
