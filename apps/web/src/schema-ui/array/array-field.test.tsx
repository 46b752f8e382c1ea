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

describe('nested array field from the keyboard (spec §9: arrows, Enter opens, Delete marks)', () => {
  const IBAN_3 = 'SI56031001234567890';
  const tabStops = () => visibleRows().map((row) => row.tabIndex);
  const focusedRow = () => visibleRows().indexOf(document.activeElement as HTMLElement);

  it('moves the focus between rows with the arrows, Home and End, one row in the tab order', async () => {
    const { user } = await renderGrid({
      bankAccounts: [
        { id: 1, code: IBAN_1 },
        { id: 2, code: IBAN_2 },
        { id: 3, code: IBAN_3 },
      ],
    });
    expect(screen.getByRole('grid', { name: 'Bank accounts' })).toBeTruthy();
    expect(tabStops()).toEqual([0, -1, -1]);
    // From the name field, Tab reaches the first row.
    await user.click(screen.getByLabelText('Name'));
    await user.tab();
    expect(focusedRow()).toBe(0);
    await user.keyboard('{ArrowDown}');
    expect(focusedRow()).toBe(1);
    expect(tabStops()).toEqual([-1, 0, -1]);
    await user.keyboard('{End}');
    expect(focusedRow()).toBe(2);
    await user.keyboard('{ArrowDown}');
    expect(focusedRow()).toBe(2);
    await user.keyboard('{Home}');
    expect(focusedRow()).toBe(0);
    await user.keyboard('{ArrowUp}');
    expect(focusedRow()).toBe(0);
  });

  it("opens the focused row's edit with Enter", async () => {
    const { user } = await renderGrid({
      bankAccounts: [
        { id: 1, code: IBAN_1 },
        { id: 2, code: IBAN_2 },
      ],
    });
    (visibleRows()[0] as HTMLElement).focus();
    await user.keyboard('{ArrowDown}{Enter}');
    const second = visibleRows()[1] as HTMLElement;
    const edit = within(second).getByRole('button', { name: en('schemaForm.array.edit') });
    expect(edit.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByLabelText<HTMLInputElement>(en('bankAccount.code')).value).toBe(IBAN_2);
  });

  it('marks an existing row for delete with Delete, drops a new one, and keeps the focus on the rows', async () => {
    const { last, user } = await renderGrid({
      bankAccounts: [
        { id: 7, code: IBAN_1 },
        { id: 8, code: IBAN_2 },
      ],
    });
    await user.click(screen.getByRole('button', { name: en('bankAccount.add') }));
    await user.type(screen.getByLabelText(en('bankAccount.code')), IBAN_3);
    await user.click(screen.getByRole('button', { name: en('schemaForm.array.done') }));
    expect(last().map((row) => row.id)).toEqual([7, 8, -1]);

    // The new row goes; the focus moves to the row now last.
    (visibleRows()[2] as HTMLElement).focus();
    await user.keyboard('{Delete}');
    expect(last().map((row) => row.id)).toEqual([7, 8]);
    expect(focusedRow()).toBe(1);
    // An existing row is only marked; the focus stays in its place, on the next row.
    await user.keyboard('{Home}{Delete}');
    expect(last()).toEqual([
      { id: 7, code: IBAN_1, markForDelete: true },
      { id: 8, code: IBAN_2 },
    ]);
    expect(visibleRows()).toHaveLength(1);
    expect(focusedRow()).toBe(0);
    expect(within(visibleRows()[0] as HTMLElement).getByText(IBAN_2)).toBeTruthy();
    // The last row gone, the grid itself holds the focus.
    await user.keyboard('{Delete}');
    expect(visibleRows()).toHaveLength(0);
    expect(document.activeElement).toBe(screen.getByRole('grid', { name: 'Bank accounts' }));
  });

  it('leaves the Delete key alone on a button inside a row', async () => {
    const { last, user } = await renderGrid({ bankAccounts: [{ id: 7, code: IBAN_1 }] });
    const row = visibleRows()[0] as HTMLElement;
    within(row)
      .getByRole('button', { name: en('schemaForm.array.edit') })
      .focus();
    await user.keyboard('{Delete}');
    expect(last()).toEqual([{ id: 7, code: IBAN_1 }]);
    expect(visibleRows()).toHaveLength(1);
  });

  it('moves the focus but neither opens nor deletes in a read-only grid', async () => {
    const models: Model[] = [];
    await renderGrid(
      {
        bankAccounts: [
          { id: 1, code: IBAN_1 },
          { id: 2, code: IBAN_2 },
        ],
      },
      { schema: partnerSchema({ readonly: true }), onModel: (model) => models.push(model) },
    );
    const user = userEvent.setup();
    (visibleRows()[0] as HTMLElement).focus();
    await user.keyboard('{ArrowDown}{Enter}{Delete}');
    expect(focusedRow()).toBe(1);
    expect(visibleRows()).toHaveLength(2);
    expect(screen.queryByLabelText(en('bankAccount.code'))).toBeNull();
    expect(models).toEqual([]);
  });
});
