import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { SchemaInput } from '@listina/forms';
import { en } from '../../test/catalogue';
import { fakeApi } from '../../test/fake-api';
import { FormHarness, renderInShell, schemaOf } from '../dialogs/test-support';

const schema: SchemaInput = {
  id: 'partner',
  fields: [
    {
      name: 'bankAccounts',
      inputType: 'grid',
      labelText: 'Bank accounts',
      schema: {
        id: 'partnerBankAccount',
        fields: [
          { name: 'code', inputType: 'text', labelId: 'bankAccount.code' },
          { name: 'isDefault', inputType: 'checkbox', labelId: 'bankAccount.isDefault' },
        ],
      },
    },
  ],
};

describe('the default row of a grid (spec §3 isDefaultModel, issue 24)', () => {
  it('shows "Default" beside the first value of the row the server marks, and of no other', async () => {
    fakeApi();
    renderInShell(
      <FormHarness
        schema={schemaOf(schema)}
        initial={{
          bankAccounts: [
            { id: 1, code: 'SI56191000000123438', isDefault: false },
            { id: 2, code: 'SI56020100012345678', isDefault: true, isDefaultModel: true },
          ],
        }}
      />,
    );
    await screen.findByTestId('array-bankAccounts');
    const [first, second] = screen.getAllByTestId('array-bankAccounts-row');
    expect(within(first as HTMLElement).queryByTestId('grid-default-row')).toBeNull();
    const marker = within(second as HTMLElement).getByTestId('grid-default-row');
    expect(marker.textContent).toBe(en('grid.defaultRow'));
    // The marker sits in the first column, with the account it marks.
    expect(marker.closest('td')?.textContent).toContain('SI56020100012345678');
  });
});
