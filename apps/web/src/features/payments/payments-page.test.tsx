import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { en } from '../../test/catalogue';
import { apiError, json } from '../../test/fake-api';
import { rowTexts } from '../../schema-ui/grid/grid-test-kit';
import {
  captureDownloads,
  fileAnswer,
  orderRows,
  packageRows,
  renderPayments,
  rowCheckbox,
} from './payments-test-kit';

const ordersShown = () => waitFor(() => expect(rowTexts()).toHaveLength(2));

describe('payments page', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('marks the selected orders ready, offers undo and says how many', async () => {
    const { calls, undo } = renderPayments('/o/org-1/payments', {
      handlers: {
        'POST /api/payOrder/mark': () =>
          json({ items: [{ ...orderRows[0], state: 'ready' }], undoId: 'undo-m' }),
      },
    });
    await ordersShown();
    await userEvent.click(rowCheckbox('Alpe'));
    await userEvent.click(screen.getByTestId('payments-mark'));
    await userEvent.click(await screen.findByTestId('payments-mark-ready'));

    expect(await screen.findByTestId('payments-notice')).toHaveProperty(
      'textContent',
      en('payments.done.marked', 1, en('payOrder.stateValue.ready')),
    );
    expect(calls.find((call) => call.path === '/api/payOrder/mark')?.body).toEqual({
      keys: ['o-1'],
      state: 'ready',
    });
    expect(undo.offer).toHaveBeenCalledWith({
      undoIds: ['undo-m'],
      kind: 'other',
      tables: ['payOrder', 'payPackage'],
    });
  });

  it("shows a refused transition's message above the grid", async () => {
    renderPayments('/o/org-1/payments', {
      handlers: {
        'POST /api/payOrder/mark': () =>
          apiError(400, 'Payment order Alpe cannot go from draft to paid.'),
      },
    });
    await ordersShown();
    await userEvent.click(rowCheckbox('Alpe'));
    await userEvent.click(screen.getByTestId('payments-mark'));
    await userEvent.click(await screen.findByTestId('payments-mark-paid'));
    expect((await screen.findByTestId('payments-error')).textContent).toContain(
      'cannot go from draft to paid',
    );
  });

  it("splits an order, showing the server's refusal under the amount", async () => {
    let answers = 0;
    const { calls, undo } = renderPayments('/o/org-1/payments', {
      handlers: {
        'POST /api/payOrder/:key/split': () =>
          ++answers === 1
            ? apiError(400, 'The part must be above 0 and below 120.50.')
            : json({ items: orderRows, undoId: 'undo-s' }),
      },
    });
    await ordersShown();
    await userEvent.click(rowCheckbox('Alpe'));
    await userEvent.click(screen.getByTestId('payments-split'));
    const dialog = await screen.findByTestId('payments-split-dialog');
    await userEvent.type(within(dialog).getByTestId('payments-split-amount'), '500');
    await userEvent.click(within(dialog).getByTestId('payments-split-confirm'));
    expect(
      await within(dialog).findByText('The part must be above 0 and below 120.50.'),
    ).toBeTruthy();

    await userEvent.clear(within(dialog).getByTestId('payments-split-amount'));
    await userEvent.type(within(dialog).getByTestId('payments-split-amount'), '20,50');
    await userEvent.click(within(dialog).getByTestId('payments-split-confirm'));
    await waitFor(() => expect(screen.queryByTestId('payments-split-dialog')).toBeNull());
    const splits = calls.filter((call) => call.path === '/api/payOrder/o-1/split');
    expect(splits.map((call) => call.body)).toEqual([
      { splitVal: '500.00', version: 1 },
      { splitVal: '20.50', version: 1 },
    ]);
    expect(undo.offer).toHaveBeenCalledWith(expect.objectContaining({ undoIds: ['undo-s'] }));
  });

  it('pays the selected orders and saves the pain.001 file under its name', async () => {
    const saved = captureDownloads();
    const { calls } = renderPayments('/o/org-1/payments', {
      handlers: {
        'POST /api/payOrder/pay': () =>
          fileAnswer('<Document/>', 'pain.001-MSG1.xml', 'application/xml'),
      },
    });
    await ordersShown();
    await userEvent.click(rowCheckbox('Lipa'));
    await userEvent.click(screen.getByTestId('payments-pay'));
    await waitFor(() => expect(saved).toEqual(['pain.001-MSG1.xml']));
    expect(calls.find((call) => call.path === '/api/payOrder/pay')?.body).toEqual({
      keys: ['o-2'],
    });
    expect((await screen.findByTestId('payments-notice')).textContent).toBe(
      en('payments.done.paid', 'pain.001-MSG1.xml'),
    );
  });

  it('builds a package, exports the XML and prints the UPN of the selected order', async () => {
    const saved = captureDownloads();
    const { calls } = renderPayments('/o/org-1/payments', {
      handlers: {
        'POST /api/payPackage/build': () => json({ items: packageRows, undoId: 'u' }),
        'POST /api/payOrder/exportXML': () => fileAnswer('<x/>', 'export.xml', 'application/xml'),
        'GET /api/payOrder/:key/upn': () => fileAnswer('%PDF', 'upn-o-2.pdf', 'application/pdf'),
      },
    });
    await ordersShown();
    await userEvent.click(rowCheckbox('Lipa'));
    await userEvent.click(screen.getByTestId('payments-export'));
    await waitFor(() => expect(saved).toEqual(['export.xml']));
    await userEvent.click(screen.getByTestId('payments-upn'));
    await waitFor(() => expect(saved).toEqual(['export.xml', 'upn-o-2.pdf']));
    await userEvent.click(screen.getByTestId('payments-build'));
    expect((await screen.findByTestId('payments-notice')).textContent).toBe(
      en('payments.done.built', 1),
    );
    expect(calls.find((call) => call.path === '/api/payPackage/build')?.body).toEqual({
      keys: ['o-2'],
    });
  });

  it('imports a bank statement and lists the entries that matched no order', async () => {
    const { calls } = renderPayments('/o/org-1/payments', {
      handlers: {
        'POST /api/payOrder/statement': () =>
          json({
            entries: 3,
            paid: [{ ...orderRows[1], state: 'paid' }],
            rejected: [],
            unmatched: [
              {
                endToEndId: 'E2E-UNKNOWN',
                amount: '10.00',
                currency: 'EUR',
                reference: 'SI00 1',
                reason: 'noOrder',
              },
            ],
            undoId: 'undo-st',
          }),
      },
    });
    await ordersShown();
    const file = new File(['<Document/>'], 'camt053.xml', { type: 'application/xml' });
    await userEvent.upload(screen.getByTestId('payments-statement-input'), file);
    const result = await screen.findByTestId('payments-file-result');
    expect(within(result).getByTestId('payments-file-summary').textContent).toBe(
      en('payments.statementResult', 3, 1, 0, 1),
    );
    expect(within(result).getByText('E2E-UNKNOWN')).toBeTruthy();
    expect(within(result).getByText(en('payments.unmatchedReason.noOrder'))).toBeTruthy();
    const form = calls.find((call) => call.path === '/api/payOrder/statement')?.form;
    expect((form?.get('file') as File | null)?.name).toBe('camt053.xml');
  });

  it('lists the orders a statement returned with the bank’s reason in words', async () => {
    renderPayments('/o/org-1/payments', {
      handlers: {
        'POST /api/payOrder/statement': () =>
          json({
            entries: 4,
            paid: [],
            rejected: [
              { ...orderRows[0], state: 'rejected', bankMessage: 'AC04' },
              { ...orderRows[1], state: 'rejected', bankMessage: 'XY99' },
              { ...orderRows[1], key: 'o-3', state: 'rejected', bankMessage: null },
            ],
            unmatched: [
              {
                endToEndId: 'E2E-CUT',
                amount: '85.00',
                currency: 'EUR',
                reference: null,
                reason: 'amountDiffers',
                bankReason: 'AM04',
              },
            ],
            undoId: 'undo-st',
          }),
      },
    });
    await ordersShown();
    const file = new File(['<Document/>'], 'camt054.xml', { type: 'application/xml' });
    await userEvent.upload(screen.getByTestId('payments-statement-input'), file);
    const result = await screen.findByTestId('payments-file-result');
    expect(within(result).getByTestId('payments-file-summary').textContent).toBe(
      en('payments.statementResult', 4, 0, 3, 1),
    );
    const rows = within(within(result).getByTestId('payments-rejected')).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      `${en('payments.column.recipient')}${en('payments.column.amount')}${en('payments.column.reason')}`,
      'Alpe d.o.o.120,50AC04 – Account closed',
      'Lipa d.o.o.80,00XY99',
      `Lipa d.o.o.80,00${en('payments.returnedWithoutReason')}`,
    ]);
    // A return that matched no order says what the bank said.
    expect(within(result).getByText('E2E-CUT')).toBeTruthy();
    expect(
      within(result).getByText(
        `${en('payments.unmatchedReason.amountDiffers')} ${en('payments.returnedBecause', 'AM04 – Insufficient funds')}`,
      ),
    ).toBeTruthy();
  });

  it('uploads order files after a warning only when asked to continue, and lists the rows', async () => {
    const { calls } = renderPayments('/o/org-1/payments', {
      handlers: {
        'POST /api/payOrder/upload': ({ path }) =>
          path.includes('ignoreWarnings=true')
            ? json({
                rows: [{ file: 'orders.csv', row: 1, recipient: 'Alpe', amount: '5.00', key: 'n' }],
                created: 1,
                dryRun: false,
                undoId: 'undo-u',
              })
            : json(
                {
                  error: [],
                  warning: [{ msg: 'A possible duplicate of order Alpe.', parameters: [] }],
                },
                400,
              ),
      },
    });
    await ordersShown();
    const file = new File(['a;b'], 'orders.csv', { type: 'text/csv' });
    await userEvent.upload(screen.getByTestId('payments-upload-input'), file);
    const warnings = await screen.findByTestId('payments-warnings');
    expect(within(warnings).getByTestId('payments-warnings-text').textContent).toContain(
      'A possible duplicate of order Alpe.',
    );
    await userEvent.click(within(warnings).getByTestId('payments-warnings-confirm'));
    const result = await screen.findByTestId('payments-file-result');
    expect(within(result).getByTestId('payments-file-summary').textContent).toBe(
      en('payments.uploadResult', 1),
    );
    expect(within(result).getByText('orders.csv')).toBeTruthy();
    const uploads = calls.filter((call) => call.path.startsWith('/api/payOrder/upload'));
    expect(uploads.map((call) => call.path)).toEqual([
      '/api/payOrder/upload',
      '/api/payOrder/upload?ignoreWarnings=true',
    ]);
  });

  it('offers only the files for a user who may not change orders', async () => {
    renderPayments('/o/org-1/payments', { canWrite: false });
    await ordersShown();
    expect(screen.getByTestId('payments-readonly').textContent).toBe(en('payments.readonly'));
    expect(screen.queryByTestId('payments-upload')).toBeNull();
    await userEvent.click(rowCheckbox('Alpe'));
    expect(screen.getByTestId('payments-export')).toBeTruthy();
    expect(screen.queryByTestId('payments-mark')).toBeNull();
    expect(screen.queryByTestId('payments-pay')).toBeNull();
  });

  it('opens an order in the edit dialog with the payOrder handlers', async () => {
    const { dialogs } = renderPayments('/o/org-1/payments');
    await ordersShown();
    await userEvent.dblClick(screen.getAllByTestId('grid-row')[0] as HTMLElement);
    expect(dialogs.openEdit).toHaveBeenCalledWith(
      expect.objectContaining({
        table: 'payOrder',
        key: 'o-1',
        handlers: expect.objectContaining({
          'payOrder.recipientSelected': expect.any(Function),
        }) as unknown,
      }),
    );
  });

  it('marks packages and pays them on the packages tab', async () => {
    const saved = captureDownloads();
    const { calls, undo } = renderPayments('/o/org-1/payments/packages', {
      handlers: {
        'POST /api/payPackage/mark': () => json({ items: packageRows, undoId: 'u-p' }),
        'POST /api/payOrder/pay': () => fileAnswer('<x/>', 'pain-p.xml', 'application/xml'),
      },
    });
    await waitFor(() => expect(rowTexts()).toHaveLength(1));
    await userEvent.click(rowCheckbox('P-000005'));
    await userEvent.click(screen.getByTestId('packages-mark-cancelled'));
    await screen.findByTestId('payments-notice');
    expect(calls.find((call) => call.path === '/api/payPackage/mark')?.body).toEqual({
      keys: ['p-5'],
      state: 'cancelled',
    });
    expect(undo.offer).toHaveBeenCalledWith(expect.objectContaining({ undoIds: ['u-p'] }));
    await userEvent.click(screen.getByTestId('packages-pay'));
    await waitFor(() => expect(saved).toEqual(['pain-p.xml']));
    expect(calls.find((call) => call.path === '/api/payOrder/pay')?.body).toEqual({
      packageKeys: ['p-5'],
    });
  });
});
