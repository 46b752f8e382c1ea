import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Model } from '@listina/forms';
import { en } from '../../test/catalogue';
import { fakeApi, json, type RecordedCall } from '../../test/fake-api';
import { FormHarness, renderInShell, schemaOf } from '../dialogs/test-support';
import type { FieldHandlers } from '../types';

const schema = schemaOf({
  id: 'payOrder',
  fields: [
    { name: 'recipientId', inputType: 'int', labelText: 'Recipient', visible: false },
    {
      name: 'recipientIdCb',
      inputType: 'text',
      labelText: 'Name',
      partnerSuggestions: { by: 'name', idField: 'recipientId', onSelect: 'order.recipient' },
    },
    {
      name: 'recipientIBAN',
      inputType: 'text',
      labelText: 'IBAN',
      partnerSuggestions: { by: 'iban', idField: 'recipientId', onSelect: 'order.recipient' },
    },
  ],
});

const sumi = {
  id: 2,
  key: 'p-2',
  code: 'P2',
  name: 'Šumi d.o.o.',
  vatId: 'SI12345678',
  matchedBy: 'name',
  score: 0.8,
  bankAccountKey: null,
};

function renderOrder(initial: Model = { recipientId: null, recipientIdCb: '', recipientIBAN: '' }) {
  const calls: RecordedCall[] = fakeApi({
    'GET /api/cl/partner/:vatId/:iban/:name': ({ path }) => {
      const [, iban = '', name = ''] = path.split('/').slice(-3).map(decodeURIComponent);
      return json({
        items:
          iban === 'SI56192001234567892'
            ? [{ ...sumi, matchedBy: 'iban', score: 0.95, bankAccountKey: 'a-9' }]
            : name.toLowerCase().startsWith('šum')
              ? [sumi]
              : [],
      });
    },
  });
  const models: Model[] = [];
  const selected: Record<string, unknown>[] = [];
  const handlers: FieldHandlers = {
    'order.recipient': ({ model, item }) => {
      if (item) selected.push(item);
      return { ...model, recipientIdCb: item?.name ?? model.recipientIdCb };
    },
  };
  renderInShell(
    <FormHarness
      schema={schema}
      initial={initial}
      handlers={handlers}
      onModel={(model) => models.push(model)}
    />,
  );
  return { calls, models, selected, user: userEvent.setup() };
}

describe('spec §7: a recipient typed by name or IBAN offers the partners it may be', () => {
  it('offers a partner by a similar name, and using it chooses it as the lookup would', async () => {
    const { calls, models, selected, user } = renderOrder();
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Šumi');
    const list = await screen.findByTestId('partner-suggestions-recipientIdCb');
    expect(within(list).getByText(en('schemaForm.partnerSuggestions.matchedBy.name'))).toBeTruthy();
    // Asked by the name only, once typing paused.
    const asked = calls.filter((call) => call.path.startsWith('/api/cl/partner/'));
    expect(asked.at(-1)?.path).toBe(`/api/cl/partner/-/-/${encodeURIComponent('Šumi')}`);
    await user.click(
      within(list).getByRole('button', {
        name: en('schemaForm.partnerSuggestions.use', 'P2 – Šumi d.o.o.'),
      }),
    );
    await waitFor(() => expect(models.at(-1)?.recipientId).toBe(2));
    expect(models.at(-1)?.recipientIdCb).toBe('Šumi d.o.o.');
    expect(selected).toEqual([expect.objectContaining({ id: 2, key: 'p-2' })]);
    // The chosen partner is not offered again.
    await waitFor(() =>
      expect(screen.queryByTestId('partner-suggestions-recipientIdCb')).toBeNull(),
    );
  });

  it('offers the partner with the typed IBAN, bringing that account', async () => {
    const { selected, user } = renderOrder();
    await user.type(
      await screen.findByRole('textbox', { name: 'IBAN' }),
      'SI56 1920 0123 4567 892',
    );
    const list = await screen.findByTestId('partner-suggestions-recipientIBAN');
    expect(within(list).getByText(en('schemaForm.partnerSuggestions.matchedBy.iban'))).toBeTruthy();
    await user.click(within(list).getByRole('button'));
    expect(selected).toEqual([expect.objectContaining({ id: 2, bankAccountKey: 'a-9' })]);
  });

  it('asks nothing for fewer than three letters and shows nothing when none match', async () => {
    const { calls, user } = renderOrder();
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.type(name, 'Šu');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(calls.some((call) => call.path.startsWith('/api/cl/partner/'))).toBe(false);
    await user.type(name, 'x Holdings');
    await waitFor(() =>
      expect(calls.some((call) => call.path.startsWith('/api/cl/partner/'))).toBe(true),
    );
    expect(screen.queryByTestId('partner-suggestions-recipientIdCb')).toBeNull();
  });
});
