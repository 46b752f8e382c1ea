import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CaptureReport } from '@listina/contract';
import { en } from '../../test/catalogue';
import { json } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import {
  catchDownloads,
  cellsOf,
  headersOf,
  reportCalls,
  reportsApi,
  xlsxRows,
} from './reports-test-kit';

/**
 * Issue 27: the capture page against the server's answer for the captured documents of
 * apps/server/src/modules/reports/activity.int.test.ts (A, D and K: D kept every value, A's
 * due date and K's reference model corrected), with documents by mail and upload added.
 */
const REPORT: CaptureReport = {
  from: '2026-01-01',
  to: '2026-11-30',
  documents: 3,
  keptUnchanged: 1,
  bySource: [
    { source: 'learned', captured: 1, corrected: 1 },
    { source: 'qr', captured: 1, corrected: 1 },
    { source: 'einvoice', captured: 3, corrected: 0 },
    { source: 'ocr', captured: 2, corrected: 0 },
    { source: 'text', captured: 2, corrected: 0 },
  ],
  byField: [
    { field: 'dueDate', captured: 1, corrected: 1 },
    { field: 'referenceModel', captured: 1, corrected: 1 },
    { field: 'invoiceNumber', captured: 3, corrected: 0 },
    { field: 'totalAmount', captured: 2, corrected: 0 },
    { field: 'iban', captured: 1, corrected: 0 },
    { field: 'netAmount', captured: 1, corrected: 0 },
  ],
  bySupplier: [
    {
      supplierKey: '5b0c9d7e-1f2a-4b3c-8d4e-5f6a7b8c9d0e',
      supplierName: 'Čistilni servis Žnidaršič d.o.o.',
      documents: 2,
      keptUnchanged: 1,
      captured: 6,
      corrected: 1,
    },
    {
      supplierKey: '6c1d0e8f-2a3b-4c4d-9e5f-6a7b8c9d0e1f',
      supplierName: 'Tiskarna Tisk d.o.o.',
      documents: 1,
      keptUnchanged: 0,
      captured: 3,
      corrected: 1,
    },
  ],
  channels: [
    { channel: 'mail', documents: 2 },
    { channel: 'upload', documents: 5 },
    { channel: 'typed', documents: 12 },
  ],
};

const captureApi = () => reportsApi({ 'GET /api/report/capture': () => json(REPORT) });
const percent = (value: string) => en('reports.percent', value);
const countsHead = [
  en('reports.column.captured'),
  en('reports.column.corrected'),
  en('reports.column.keptShare'),
];

afterEach(() => vi.restoreAllMocks());

describe('Capture report (issue 27)', { timeout: 30_000 }, () => {
  it('shows the share kept unchanged and the values by source, field and supplier', async () => {
    const calls = captureApi();
    renderApp('/o/org-1/reports/capture?from=2026-01-01&to=2026-11-30&supplier=');
    const sources = await screen.findByTestId('capture-sources');
    expect(reportCalls(calls, '/api/report/capture')).toEqual([
      { from: '2026-01-01', to: '2026-11-30' },
    ]);
    expect(screen.getByTestId('capture-summary').textContent).toBe(
      en('reports.capture.summary', '1', '3', '33,3'),
    );
    expect(headersOf(sources)).toEqual([en('reports.column.source'), ...countsHead]);
    expect(within(sources).getAllByTestId('capture-source').map(cellsOf)).toEqual([
      [en('reports.source.learned'), '1', '1', percent('0,0')],
      [en('reports.source.qr'), '1', '1', percent('0,0')],
      [en('reports.source.einvoice'), '3', '0', percent('100,0')],
      [en('reports.source.ocr'), '2', '0', percent('100,0')],
      [en('reports.source.text'), '2', '0', percent('100,0')],
    ]);
    // Fields by the document's own labels.
    const fields = screen.getByTestId('capture-fields');
    expect(within(fields).getAllByTestId('capture-field').map(cellsOf)).toEqual([
      [en('doc.dueDate'), '1', '1', percent('0,0')],
      [en('doc.paymentReferenceModel'), '1', '1', percent('0,0')],
      [en('doc.number'), '3', '0', percent('100,0')],
      [en('doc.totalAmount'), '2', '0', percent('100,0')],
      [en('doc.paymentIban'), '1', '0', percent('100,0')],
      [en('doc.netAmount'), '1', '0', percent('100,0')],
    ]);
    const suppliers = screen.getByTestId('capture-suppliers');
    expect(headersOf(suppliers)).toEqual([
      en('reports.column.supplier'),
      en('reports.column.documents'),
      en('reports.column.keptUnchanged'),
      ...countsHead,
    ]);
    expect(within(suppliers).getAllByTestId('capture-supplier').map(cellsOf)).toEqual([
      ['Čistilni servis Žnidaršič d.o.o.', '2', '1', '6', '1', percent('83,3')],
      ['Tiskarna Tisk d.o.o.', '1', '0', '3', '1', percent('66,7')],
    ]);
    expect(
      within(screen.getByTestId('capture-channels')).getAllByTestId('capture-channel').map(cellsOf),
    ).toEqual([
      [en('reports.channel.mail'), '2'],
      [en('reports.channel.upload'), '5'],
      [en('reports.channel.typed'), '12'],
    ]);
    // The chart stacks kept and corrected values per source, named in its legend.
    const chart = screen.getByTestId('report-chart');
    expect(chart.getAttribute('aria-describedby')).toBe('report-table');
    expect(within(chart).getByText(en('reports.capture.kept'))).toBeTruthy();
    expect(within(chart).getByText(en('reports.capture.corrected'))).toBeTruthy();
  });

  it('keeps the period picked in the filter bar in the address', async () => {
    const calls = captureApi();
    const app = renderApp('/o/org-1/reports/capture?from=2026-01-01');
    await screen.findByTestId('capture-sources');
    // The end the server chose shows until the user picks another.
    const to = screen.getByLabelText(en('reports.filter.to'));
    await waitFor(() => expect((to as HTMLInputElement).value).toBe('30.11.2026'));
    await userEvent.clear(to);
    await userEvent.type(to, '31.10.2026');
    await userEvent.tab();
    await waitFor(() =>
      expect(app.location()).toBe('/o/org-1/reports/capture?from=2026-01-01&to=2026-10-31'),
    );
    await waitFor(() =>
      expect(reportCalls(calls, '/api/report/capture').at(-1)).toEqual({
        from: '2026-01-01',
        to: '2026-10-31',
      }),
    );
  });

  it('exports the tables to xlsx with the same counts', async () => {
    captureApi();
    const files = catchDownloads();
    renderApp('/o/org-1/reports/capture');
    await screen.findByTestId('capture-sources');
    await userEvent.click(screen.getByTestId('report-export'));
    await waitFor(() =>
      expect(files.map((file) => file.name)).toEqual(['capture-2026-01-01-2026-11-30.xlsx']),
    );
    const rows = await xlsxRows((files[0] as { blob: Blob }).blob);
    const head = [
      en('reports.column.captured'),
      en('reports.column.corrected'),
      en('reports.column.keptSharePercent'),
    ];
    expect(rows.slice(0, 8)).toEqual([
      [en('reports.filter.from'), '2026-01-01'],
      [en('reports.filter.to'), '2026-11-30'],
      [en('reports.column.documents'), 3],
      [en('reports.column.keptUnchanged'), 1],
      [],
      [en('reports.column.source'), ...head],
      [en('reports.source.learned'), 1, 1, 0],
      [en('reports.source.qr'), 1, 1, 0],
    ]);
    expect(rows).toContainEqual(['Čistilni servis Žnidaršič d.o.o.', 2, 1, 6, 1, 83.33]);
    expect(rows).toContainEqual([en('doc.paymentIban'), 1, 0, 100]);
    expect(rows.slice(-2)).toEqual([
      [en('reports.channel.upload'), 5],
      [en('reports.channel.typed'), 12],
    ]);
  });
});
