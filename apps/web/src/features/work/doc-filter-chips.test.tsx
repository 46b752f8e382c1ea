import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { en } from '../../test/catalogue';
import type { RecordedCall } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { workApi } from './work-test-kit';

/**
 * Issue 27: a report's figure opens the documents list with filters its bar has no field for
 * (reports/drill-paths.ts): the bar shows each in words, and removes it on request.
 */
const listFilters = (calls: RecordedCall[]) =>
  calls
    .filter((call) => call.method === 'GET' && /^\/api\/doc(\?|$)/.test(call.path))
    .map((call) => new URL(call.path, 'http://localhost').searchParams.getAll('filter'));
const address = (filters: string[]) =>
  `/o/org-1/work/index?${new URLSearchParams(filters.map((f) => ['filter', f])).toString()}`;
const chipTexts = () =>
  within(screen.getByTestId('doc-filter-others'))
    .getAllByTestId('doc-filter-others-chip')
    .map((chip) => chip.textContent);
const between = (from: string, to: string) => en('filters.range.between', from, to);

describe('filters a report names, in the documents list (issue 27)', { timeout: 30_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows a capture figure’s filters in words and lists with them', async () => {
    const filters = [
      'capturedOn:2026-01-01..2026-11-30',
      'correctedSource:qr',
      'captureField:dueDate',
      'captureKept:true',
      'noSupplier:true',
      'costCenter:UPR',
    ];
    const calls = workApi();
    renderApp(address(filters));
    await waitFor(() => expect(listFilters(calls).at(-1)).toEqual(filters));
    expect(chipTexts()).toEqual([
      en('work.filters.named.capturedOn', between('01.01.2026', '30.11.2026')),
      en('work.filters.named.correctedSource', en('reports.source.qr')),
      en('work.filters.named.captureField', en('doc.dueDate')),
      en('work.filters.named.captureKept.true'),
      en('work.filters.named.noSupplier.true'),
      en('work.filters.named.costCenter', 'UPR'),
    ]);
    expect(screen.getByTestId('doc-filter-count').textContent).toBe(en('work.filters.active', 6));
  });

  it('words the payments’ and aging’s filters, and removes one from the list and the address', async () => {
    const filters = [
      'status:active',
      'paymentState:unpaid',
      'paidOn:2026-11-02..',
      'paidTiming:onTime',
      'intakeChannel:mail',
      'enteredOn:..2026-11-30',
      'dueDate:2026-10-06..2026-11-04',
      'costCenter:',
    ];
    const calls = workApi();
    const app = renderApp(address(filters));
    await waitFor(() => expect(listFilters(calls).at(-1)).toEqual(filters));
    expect(chipTexts()).toEqual([
      en('filters.fieldValue', en('doc.status'), en('work.status.active')),
      en('filters.fieldValue', en('doc.paymentState'), en('doc.paymentStateValue.unpaid')),
      en('work.filters.named.paidOn', en('filters.range.from', '02.11.2026')),
      en('work.filters.named.paidTiming.onTime'),
      en('work.filters.named.intakeChannel', en('reports.channel.mail')),
      en('work.filters.named.enteredOn', en('filters.range.to', '30.11.2026')),
      en('filters.fieldValue', en('doc.dueDate'), between('06.10.2026', '04.11.2026')),
      en('work.filters.named.costCenter.none'),
    ]);
    const timing = en('work.filters.named.paidTiming.onTime');
    const chip = screen.getByRole('button', { name: en('filters.remove', timing) });
    await userEvent.click(within(chip).getByTestId('CancelIcon'));
    const rest = filters.filter((filter) => filter !== 'paidTiming:onTime');
    await waitFor(() => expect(listFilters(calls).at(-1)).toEqual(rest));
    await waitFor(() => expect(app.location()).toBe(address(rest)));
    expect(chipTexts()).not.toContain(timing);
    // Clearing takes them all.
    await userEvent.click(screen.getByTestId('doc-filter-clear'));
    await waitFor(() => expect(listFilters(calls).at(-1)).toEqual([]));
    expect(screen.queryByTestId('doc-filter-others')).toBeNull();
  });
});
