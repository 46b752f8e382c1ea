import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { en } from '../../test/catalogue';
import { apiError, json } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { docRow, workApi } from './work-test-kit';

const rows = [docRow(1, 'archived'), docRow(2, 'archived')];

const checkbox = (title: string) =>
  screen.getByRole('checkbox', { name: en('grid.selectRow', title) });

const order = (n: number) => ({
  id: n,
  key: `o-${n}`,
  version: 1,
  displayTitle: `Order ${n}`,
});

describe('payment orders from the selected documents', () => {
  it('asks the grouping, continues past warnings when told, and links to the orders', async () => {
    const calls = workApi(
      {
        'POST /api/payOrder/fromDocuments': ({ path }) =>
          path.includes('ignoreWarnings=true')
            ? json({ items: [order(1)], undoId: 'u-orders' })
            : json(
                {
                  error: [],
                  warning: [{ msg: 'R-000001 is due before the execution date.', parameters: [] }],
                },
                400,
              ),
      },
      rows,
    );
    const app = renderApp('/o/org-1/work/index');
    await waitFor(() => expect(screen.getAllByTestId('grid-row')).toHaveLength(2));
    await userEvent.click(checkbox(String(rows[0]?.displayTitle)));
    await userEvent.click(checkbox(String(rows[1]?.displayTitle)));
    await userEvent.click(screen.getByTestId('work-create-payment-orders'));

    const dialog = await screen.findByTestId('work-payment-orders-dialog');
    await userEvent.click(within(dialog).getByLabelText(en('work.payments.supplier')));
    await userEvent.click(within(dialog).getByTestId('work-payment-orders-confirm'));

    const warnings = await screen.findByTestId('work-payment-orders-warnings');
    expect(within(warnings).getByTestId('work-payment-orders-warnings-text').textContent).toContain(
      'R-000001 is due before the execution date.',
    );
    await userEvent.click(within(warnings).getByTestId('work-payment-orders-warnings-confirm'));

    const created = await screen.findByTestId('work-payment-orders-created');
    expect(created.textContent).toContain(en('work.payments.created', 1));
    const sent = calls.filter((call) => call.path.startsWith('/api/payOrder/fromDocuments'));
    expect(sent.map((call) => call.path)).toEqual([
      '/api/payOrder/fromDocuments',
      '/api/payOrder/fromDocuments?ignoreWarnings=true',
    ]);
    expect(sent[1]?.body).toEqual({ documentKeys: ['d-1', 'd-2'], grouping: 'supplier' });

    await userEvent.click(within(created).getByTestId('work-payment-orders-open'));
    await waitFor(() => expect(app.location()).toBe('/o/org-1/payments'));
  });

  it("shows the server's refusal and makes nothing", async () => {
    workApi(
      {
        'POST /api/payOrder/fromDocuments': () =>
          apiError(409, 'R-000001 already has a payment order.'),
      },
      rows,
    );
    renderApp('/o/org-1/work/index');
    await waitFor(() => expect(screen.getAllByTestId('grid-row')).toHaveLength(2));
    await userEvent.click(checkbox(String(rows[0]?.displayTitle)));
    await userEvent.click(screen.getByTestId('work-create-payment-orders'));
    await userEvent.click(await screen.findByTestId('work-payment-orders-confirm'));
    expect((await screen.findByTestId('work-payment-orders-error')).textContent).toContain(
      'R-000001 already has a payment order.',
    );
    expect(screen.queryByTestId('work-payment-orders-created')).toBeNull();
  });
});
