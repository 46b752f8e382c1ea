import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { en } from '../../test/catalogue';
import { renderPayments } from './payments-test-kit';

/** The filters of the orders list calls. */
const listFilters = (calls: { method: string; path: string }[]) =>
  calls
    .filter((call) => call.method === 'GET' && /^\/api\/payOrder(\?|$)/.test(call.path))
    .map((call) => new URL(call.path, 'http://localhost').searchParams.getAll('filter'));

const FILTERS = [
  'state:rejected',
  'returnedOn:2026-01-01..2026-11-30',
  'returnReason:AC04',
  'currencyCode:EUR',
];
const address = (filters: string[]) =>
  `/o/org-1/payments?${new URLSearchParams(filters.map((f) => ['filter', f])).toString()}`;

describe('payment orders from the address (issue 27)', { timeout: 30_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists the orders of the address’s filters and shows each in words, removable', async () => {
    const app = renderPayments(address(FILTERS));
    const { calls } = app;
    await waitFor(() => expect(listFilters(calls).at(-1)).toEqual(FILTERS));
    const chips = await screen.findByTestId('payments-filters');
    expect(
      within(chips)
        .getAllByTestId('payments-filters-chip')
        .map((chip) => chip.textContent),
    ).toEqual([
      en('filters.fieldValue', en('payOrder.state'), en('payOrder.stateValue.rejected')),
      en('payments.filters.returnedOn', en('filters.range.between', '01.01.2026', '30.11.2026')),
      en('payments.filters.returnReason', en('payOrder.returnReason.AC04')),
      en('filters.fieldValue', en('payOrder.currencyCode'), 'EUR'),
    ]);
    const reason = within(chips).getByRole('button', {
      name: en(
        'filters.remove',
        en('payments.filters.returnReason', en('payOrder.returnReason.AC04')),
      ),
    });
    reason.focus();
    await userEvent.keyboard('{Delete}');
    const rest = FILTERS.filter((filter) => !filter.startsWith('returnReason'));
    await waitFor(() => expect(app.location()).toBe(address(rest)));
    await waitFor(() => expect(listFilters(calls).at(-1)).toEqual(rest));
  });

  it('says "without a reason" for an empty reason, and lists with it', async () => {
    const { calls } = renderPayments(address(['returnReason:']));
    const chips = await screen.findByTestId('payments-filters');
    expect(chips.textContent).toBe(
      en('payments.filters.returnReason', en('payments.returnedWithoutReason')),
    );
    await waitFor(() => expect(listFilters(calls).at(-1)).toEqual(['returnReason:']));
  });
});
