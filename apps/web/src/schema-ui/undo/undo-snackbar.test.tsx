import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { en } from '../../test/catalogue';
import { apiError, fakeApi, json, type Handler } from '../../test/fake-api';
import { lookupApiQueryKey, tableQueryKey } from '../api';
import { FormHarness, renderInShell, schemaOf } from '../dialogs/test-support';
import { useUndo, type UndoOffer } from './undo-context';

function Offer({ offer }: { offer: UndoOffer }) {
  const undo = useUndo();
  return (
    <button type="button" onClick={() => undo.offer(offer)}>
      offer
    </button>
  );
}

const deleteOffer: UndoOffer = { undoIds: ['u-1'], kind: 'delete', tables: ['partner'] };

async function renderOffer(offer: UndoOffer, handlers: Record<string, Handler> = {}) {
  const calls = fakeApi({
    'POST /api/undo/:id': () => json({ ok: true, tables: ['partner', 'partnerBankAccount'] }),
    ...handlers,
  });
  const view = renderInShell(<Offer offer={offer} />);
  const button = await screen.findByRole('button', { name: 'offer' });
  return { ...view, calls, button };
}

describe('undo snackbar (spec §2, §4)', () => {
  it('offers undo of a delete and of a save with different texts', async () => {
    const { button, unmount } = await renderOffer(deleteOffer);
    fireEvent.click(button);
    expect((await screen.findByTestId('undo-snackbar')).textContent).toContain(
      en('schemaForm.undo.deleted'),
    );
    unmount();
    const other = await renderOffer({ ...deleteOffer, kind: 'other' });
    fireEvent.click(other.button);
    expect((await screen.findByTestId('undo-snackbar')).textContent).toContain(
      en('schemaForm.undo.saved'),
    );
  });

  it('undoes through the server and reloads the offered and the returned tables and the lookups', async () => {
    const { button, calls, queryClient } = await renderOffer(deleteOffer);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const user = userEvent.setup();
    await user.click(button);
    await user.click(await screen.findByRole('button', { name: en('schemaForm.undo.undo') }));
    await waitFor(() => expect(invalidate).toHaveBeenCalledTimes(3));
    expect(calls.find((call) => call.method === 'POST')?.path).toBe('/api/undo/u-1');
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey);
    expect(keys).toEqual([
      tableQueryKey('partner'),
      tableQueryKey('partnerBankAccount'),
      lookupApiQueryKey(),
    ]);
    await waitFor(() => expect(screen.queryByTestId('undo-snackbar')).toBeNull());
  });

  it('loads a lookup of another call (references.api) on screen again after an undo', async () => {
    // The undone action renamed the bank back: the lookup must show the name as it is now.
    let bankName = 'NLB';
    const calls = fakeApi({
      'GET /api/banks': () => json([{ code: 'LJBA', name: bankName }]),
      'POST /api/undo/:id': () => {
        bankName = 'Nova Ljubljanska banka';
        return json({ ok: true, tables: ['bank'] });
      },
    });
    const schema = schemaOf({
      id: 'partner',
      fields: [
        { name: 'bic', inputType: 'combo', labelText: 'Bank', references: { api: '/api/banks' } },
      ],
    });
    renderInShell(
      <>
        <FormHarness schema={schema} initial={{ bic: 'LJBA' }} />
        <Offer offer={{ undoIds: ['u-1'], kind: 'other', tables: ['bank'] }} />
      </>,
    );
    const bank = await screen.findByTestId<HTMLInputElement>('field-bic');
    await waitFor(() => expect(bank.value).toBe('LJBA – NLB'));
    const bankCalls = () => calls.filter((call) => call.path === '/api/banks');
    expect(bankCalls()).toHaveLength(1);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'offer' }));
    await user.click(await screen.findByRole('button', { name: en('schemaForm.undo.undo') }));
    await waitFor(() => expect(bank.value).toBe('LJBA – Nova Ljubljanska banka'));
    expect(bankCalls()).toHaveLength(2);
  });

  it('says how many records a bulk delete removed and undoes its calls last first', async () => {
    const { button, calls } = await renderOffer({
      undoIds: ['u-1', 'u-2', 'u-3'],
      kind: 'delete',
      count: 2500,
      tables: ['partner'],
    });
    const user = userEvent.setup();
    await user.click(button);
    expect((await screen.findByTestId('undo-snackbar')).textContent).toContain(
      en('schemaForm.undo.deletedMany', '2500'),
    );
    await user.click(screen.getByRole('button', { name: en('schemaForm.undo.undo') }));
    await waitFor(() => expect(screen.queryByTestId('undo-snackbar')).toBeNull());
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/undo/u-3',
      '/api/undo/u-2',
      '/api/undo/u-1',
    ]);
  });

  it('shows the server message when the undo is refused', async () => {
    const { button } = await renderOffer(deleteOffer, {
      'POST /api/undo/:id': () =>
        apiError(409, 'The records were changed since; this action can no longer be undone.'),
    });
    const user = userEvent.setup();
    await user.click(button);
    await user.click(await screen.findByRole('button', { name: en('schemaForm.undo.undo') }));
    expect((await screen.findByTestId('undo-error')).textContent).toContain(
      'can no longer be undone',
    );
  });

  it('disappears after 8 seconds: still shown at 7,900 ms, gone after 8,100 ms', async () => {
    const { button } = await renderOffer(deleteOffer);
    vi.useFakeTimers();
    fireEvent.click(button);
    expect(screen.getByTestId('undo-snackbar')).toBeTruthy();
    await act(async () => {
      vi.advanceTimersByTime(7_900);
    });
    expect(screen.getByTestId('undo-snackbar')).toBeTruthy();
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByTestId('undo-snackbar')).toBeNull();
  });

  it('hides when the route changes', async () => {
    const { button, router } = await renderOffer(deleteOffer);
    fireEvent.click(button);
    expect(await screen.findByTestId('undo-snackbar')).toBeTruthy();
    await act(() => router.navigate('/o/org-1/home'));
    await waitFor(() => expect(screen.queryByTestId('undo-snackbar')).toBeNull());
  });
});
