import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApprovalReport } from '@listina/contract';
import { en } from '../../test/catalogue';
import { json } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import {
  catchDownloads,
  cellsOf,
  headersOf,
  money,
  reportCalls,
  reportsApi,
  xlsxRows,
} from './reports-test-kit';

/**
 * Issue 27: the approval times page against the server's answer for the decisions of
 * apps/server/src/modules/reports/activity.int.test.ts: ten decisions of 1 to 11 hours, the
 * median 5.5 hours, the 90th percentile 10.1 hours, one forward and one rejection; H waiting.
 */
const decisions = {
  decisions: 10,
  medianSeconds: 19_800,
  p90Seconds: 36_360,
  forwards: 1,
  rejections: 1,
  returns: 0,
};
const REPORT: ApprovalReport = {
  from: '2026-01-01',
  to: '2026-11-30',
  steps: [
    { tile: 'approval', stepName: 'Odobritev', workflowName: 'Standardni potek', ...decisions },
  ],
  approvers: [{ userKey: 'user-boss', displayName: 'Boss Bossić', ...decisions }],
  waiting: [
    {
      documentKey: 'doc-h',
      number: 'H-2026',
      supplierName: 'Čistilni servis Žnidaršič d.o.o.',
      tile: 'approval',
      stepName: 'Odobritev',
      since: '2026-11-01T08:00:00.000Z',
      // 2 days, 5 hours and 20 minutes.
      seconds: 2 * 86_400 + 5 * 3600 + 20 * 60,
      currency: 'EUR',
      amount: '50.00',
    },
  ],
};

const approvalApi = () => reportsApi({ 'GET /api/report/approval': () => json(REPORT) });

afterEach(() => vi.restoreAllMocks());

describe('Approval times report (issue 27)', { timeout: 30_000 }, () => {
  it('shows the median and 90th percentile per step and approver in readable durations', async () => {
    const calls = approvalApi();
    renderApp('/o/org-1/reports/approval?from=2026-01-01&to=2026-11-30');
    const steps = await screen.findByTestId('approval-steps');
    expect(reportCalls(calls, '/api/report/approval')).toEqual([
      { from: '2026-01-01', to: '2026-11-30' },
    ]);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(en('reports.tab.approval'));
    const head = [
      en('reports.column.decisions'),
      en('reports.approval.median'),
      en('reports.approval.p90'),
      en('reports.column.forwards'),
      en('reports.column.rejections'),
      en('reports.column.returns'),
    ];
    expect(headersOf(steps)).toEqual([en('reports.column.step'), ...head]);
    const times = [
      '10',
      en('reports.duration.hours', 5, 30),
      en('reports.duration.hours', 10, 6),
      '1',
      '1',
      '0',
    ];
    expect(within(steps).getAllByTestId('approval-step').map(cellsOf)).toEqual([
      ['Odobritev (Standardni potek)', ...times],
    ]);
    const approvers = screen.getByTestId('approval-approvers');
    expect(headersOf(approvers)).toEqual([en('reports.column.approver'), ...head]);
    expect(within(approvers).getAllByTestId('approval-approver').map(cellsOf)).toEqual([
      ['Boss Bossić', ...times],
    ]);
    // The chart sets the median beside the 90th percentile, named, and points to the table.
    const chart = screen.getByTestId('report-chart');
    expect(chart.getAttribute('aria-describedby')).toBe('report-table');
    expect(within(chart).getByText(en('reports.approval.chart'))).toBeTruthy();
    expect(within(chart).getByText(en('reports.approval.median'))).toBeTruthy();
    expect(within(chart).getByText(en('reports.approval.p90'))).toBeTruthy();
  });

  it('lists the documents waiting longest, each opening its page', async () => {
    approvalApi();
    const app = renderApp('/o/org-1/reports/approval');
    const waiting = await screen.findByTestId('approval-waiting');
    expect(
      screen.getByRole('heading', { level: 3, name: en('reports.approval.waitingTable') }),
    ).toBeTruthy();
    expect(within(waiting).getAllByTestId('approval-waiting-row').map(cellsOf)).toEqual([
      [
        'H-2026',
        'Čistilni servis Žnidaršič d.o.o.',
        'Odobritev',
        '01.11.2026',
        en('reports.duration.days', 2, 5),
        money('50,00'),
      ],
    ]);
    const link = within(waiting).getByRole('link', {
      name: en('reports.approval.openDocument', 'H-2026'),
    });
    expect(link.getAttribute('href')).toBe('/o/org-1/work/edit/doc-h');
    await userEvent.click(link);
    await waitFor(() => expect(app.location()).toBe('/o/org-1/work/edit/doc-h'));
  });

  it('shows the period the server answered for when the address has none', async () => {
    approvalApi();
    const app = renderApp('/o/org-1/reports/approval');
    await screen.findByTestId('approval-steps');
    const field = (label: string) => screen.getByLabelText<HTMLInputElement>(en(label));
    await waitFor(() => expect(field('reports.filter.from').value).toBe('01.01.2026'));
    expect(field('reports.filter.to').value).toBe('30.11.2026');
    expect(app.location()).toBe('/o/org-1/reports/approval');
  });

  it('says so when no decision was taken and nothing waits', async () => {
    reportsApi({
      'GET /api/report/approval': () => json({ ...REPORT, steps: [], approvers: [], waiting: [] }),
    });
    renderApp('/o/org-1/reports/approval');
    expect((await screen.findByTestId('report-empty')).textContent).toBe(en('reports.emptyPeriod'));
    expect(screen.getByTestId('approval-no-waiting').textContent).toBe(
      en('reports.approval.noWaiting'),
    );
  });

  it('exports the tables to xlsx, the times in hours', async () => {
    approvalApi();
    const files = catchDownloads();
    renderApp('/o/org-1/reports/approval?from=2026-01-01&to=2026-11-30');
    await screen.findByTestId('approval-steps');
    await userEvent.click(screen.getByTestId('report-export'));
    await waitFor(() =>
      expect(files.map((file) => file.name)).toEqual(['approval-2026-01-01-2026-11-30.xlsx']),
    );
    const head = [
      en('reports.column.decisions'),
      en('reports.column.medianHours'),
      en('reports.column.p90Hours'),
      en('reports.column.forwards'),
      en('reports.column.rejections'),
      en('reports.column.returns'),
    ];
    expect(await xlsxRows((files[0] as { blob: Blob }).blob)).toEqual([
      [en('reports.filter.from'), '2026-01-01'],
      [en('reports.filter.to'), '2026-11-30'],
      [],
      [en('reports.column.step'), ...head],
      ['Odobritev (Standardni potek)', 10, 5.5, 10.1, 1, 1, 0],
      [],
      [en('reports.column.approver'), ...head],
      ['Boss Bossić', 10, 5.5, 10.1, 1, 1, 0],
      [],
      [en('reports.approval.waitingTable')],
      [
        en('reports.column.document'),
        en('reports.column.supplier'),
        en('reports.column.step'),
        en('reports.column.since'),
        en('reports.column.waitedHours'),
        en('reports.column.currency'),
        en('reports.column.amount'),
      ],
      [
        'H-2026',
        'Čistilni servis Žnidaršič d.o.o.',
        'Odobritev',
        '2026-11-01T08:00:00.000Z',
        53.33,
        'EUR',
        50,
      ],
    ]);
  });
});
