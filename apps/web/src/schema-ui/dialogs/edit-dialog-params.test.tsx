import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { TableRecord } from '@listina/contract';
import { en } from '../../test/catalogue';
import { tableQueryKey } from '../api';
import { openDialog, partnerApi, result, saveButton } from './edit-dialog-test-kit';

const field = (name: string) => screen.getByTestId<HTMLInputElement>(`field-${name}`);

describe('edit dialog params (spec §2, §4)', () => {
  it('creates despite a key when append is set: default model, Add title, POST', async () => {
    const calls = partnerApi();
    const { user, dialog } = await openDialog({ table: 'partner', key: 'k1', append: true });
    expect(within(dialog).getByRole('heading', { name: en('schemaForm.dialog.add') })).toBeTruthy();
    expect(field('code').value).toBe('');
    expect(field('code').disabled).toBe(false);
    const reads = calls.filter((call) => call.method === 'GET').map((call) => call.path);
    expect(reads).toContain('/api/cl/default.model/partner');
    expect(reads).not.toContain('/api/cl/partner/k1');

    await user.type(field('code'), 'P9');
    await user.type(field('name'), 'Lipa');
    await user.click(saveButton());
    await waitFor(() => expect(result()).not.toBe(''));
    const writes = calls.filter((call) => call.method === 'POST' || call.method === 'PUT');
    expect(writes.map((call) => `${call.method} ${call.path}`)).toEqual(['POST /api/cl/partner']);
    expect(writes[0]?.body).toEqual({ code: 'P9', name: 'Lipa' });
  });

  it('hides add another when canAddMore is false, even with every right on the table', async () => {
    partnerApi();
    await openDialog({ table: 'partner', key: 'k1', canAddMore: false });
    // The rights have arrived: the lock and delete that they allow are there.
    expect(await screen.findByTestId('edit-dialog-lock')).toBeTruthy();
    expect(screen.getByTestId('edit-dialog-delete')).toBeTruthy();
    expect(screen.queryByTestId('edit-dialog-add-another')).toBeNull();
  });

  it('offers add another with every right when canAddMore is not given', async () => {
    partnerApi();
    await openDialog({ table: 'partner', key: 'k1' });
    expect(await screen.findByTestId('edit-dialog-add-another')).toBeTruthy();
  });

  it('opens unlocked with writeable: fields editable at once, the toggle offers Lock', async () => {
    const calls = partnerApi();
    const { user } = await openDialog({ table: 'partner', key: 'k1', writeable: true });
    expect(field('name').disabled).toBe(false);
    const lock = await screen.findByRole('button', { name: en('schemaForm.dialog.lock') });
    expect(lock.getAttribute('aria-pressed')).toBe('true');
    await user.type(field('name'), ' d.o.o.');
    await user.click(saveButton());
    await waitFor(() => expect(result()).not.toBe(''));
    expect(calls.find((call) => call.method === 'PUT')?.path).toBe('/api/cl/partner/k1');
  });

  it('hands its handlers to the form: a chosen item fills another field (references.onSelect)', async () => {
    partnerApi(
      {},
      {
        schema: {
          id: 'partner',
          fields: [
            {
              name: 'countryCode',
              inputType: 'combo',
              labelText: 'Country',
              references: {
                items: [{ code: 'SI', name: 'Slovenia', vatPrefix: 'SI' }],
                onSelect: 'fillVatPrefix',
              },
            },
            { name: 'vatId', inputType: 'text', labelText: 'VAT ID' },
          ],
        },
      },
    );
    const { user } = await openDialog({
      table: 'partner',
      handlers: { fillVatPrefix: ({ model, item }) => ({ ...model, vatId: item?.vatPrefix }) },
    });
    await user.click(screen.getByRole('button', { name: en('input.combo.open') }));
    await user.click(screen.getByRole('option', { name: 'SI – Slovenia' }));
    expect(field('vatId').value).toBe('SI');
  });

  it('opens locked without writeable', async () => {
    partnerApi();
    await openDialog({ table: 'partner', key: 'k1' });
    expect(field('name').disabled).toBe(true);
    expect(
      await screen.findByRole('button', { name: en('schemaForm.dialog.unlock') }),
    ).toBeTruthy();
  });
});

describe('edit dialog save success (spec §4: cache refreshed, closed, saved and confirm raised)', () => {
  it('refreshes the table, closes, then raises saved and confirm with the record', async () => {
    partnerApi();
    const events: string[] = [];
    const onSaved = vi.fn((record: TableRecord) => events.push(`saved ${String(record.code)}`));
    const onConfirm = vi.fn((record: TableRecord) => events.push(`confirm ${String(record.code)}`));
    const { user, queryClient } = await openDialog({ table: 'partner', onSaved, onConfirm });
    const listKey = tableQueryKey('partner', 'list', {});
    queryClient.setQueryData(listKey, { items: [], nextCursor: null });

    await user.type(field('code'), 'P9');
    await user.click(saveButton());
    await waitFor(() => expect(result()).not.toBe(''));
    expect(screen.queryByTestId('edit-dialog')).toBeNull();
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true);
    expect(events).toEqual(['saved P9', 'confirm P9']);
    expect(JSON.parse(result())).toMatchObject({ confirmed: true, saved: { code: 'P9' } });
  });

  it('raises saved for each add-another save but no confirm when then closed', async () => {
    partnerApi();
    const onSaved = vi.fn();
    const onConfirm = vi.fn();
    const { user } = await openDialog({ table: 'partner', onSaved, onConfirm });
    await user.type(field('code'), 'P9');
    await user.click(screen.getByRole('button', { name: en('schemaForm.dialog.addAnother') }));
    await waitFor(() => expect(field('code').value).toBe(''));
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ code: 'P9' }));
    expect(onConfirm).not.toHaveBeenCalled();

    await user.click(screen.getByTestId('edit-dialog-close'));
    await waitFor(() => expect(result()).not.toBe(''));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(JSON.parse(result())).toMatchObject({ confirmed: false, saved: { code: 'P9' } });
  });

  it('raises neither when the dialog is cancelled', async () => {
    partnerApi();
    const onSaved = vi.fn();
    const onConfirm = vi.fn();
    const { user } = await openDialog({ table: 'partner', key: 'k1', onSaved, onConfirm });
    await user.click(screen.getByTestId('edit-dialog-cancel'));
    await waitFor(() => expect(result()).not.toBe(''));
    expect(onSaved).not.toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
