import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, json } from '../../test/fake-api';
import { useDialogs } from './dialog-context';
import { renderInShell } from './test-support';

const rows = [
  { id: 1, key: 'k1', displayTitle: 'SI Slovenia', code: 'SI', name: 'Slovenia' },
  { id: 2, key: 'k2', displayTitle: 'AT Austria', code: 'AT', name: 'Austria' },
];

function Picker() {
  const dialogs = useDialogs();
  const [picked, setPicked] = useState('');
  const open = () =>
    void dialogs
      .openGrid({ table: 'country', pick: true })
      .then((row) => setPicked(row ? String(row.code) : 'nothing'));
  return (
    <>
      <button type="button" onClick={open}>
        view all
      </button>
      <output data-testid="picked">{picked}</output>
    </>
  );
}

describe('grid dialog (spec §2)', () => {
  it('shows the table under its label and closes with the row picked', async () => {
    fakeApi({
      'GET /api/cl/schema/:name': () =>
        json({
          id: 'country',
          labelText: 'Countries',
          fields: [
            { name: 'code', inputType: 'text', labelText: 'Code' },
            { name: 'name', inputType: 'text', labelText: 'Name' },
          ],
        }),
      'GET /api/cl/:name': () => json({ items: rows, nextCursor: null }),
    });
    const user = userEvent.setup();
    renderInShell(<Picker />);
    await user.click(await screen.findByRole('button', { name: 'view all' }));
    const dialog = await screen.findByTestId('grid-dialog');
    expect(await within(dialog).findByRole('heading', { name: 'Countries' })).toBeTruthy();
    const austria = (await within(dialog).findAllByTestId('grid-row'))[1] as HTMLElement;
    await user.dblClick(austria);
    await waitFor(() => expect(screen.getByTestId('picked').textContent).toBe('AT'));
    expect(screen.queryByTestId('grid-dialog')).toBeNull();
  });
});
