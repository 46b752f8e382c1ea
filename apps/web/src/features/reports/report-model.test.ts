import { describe, expect, it } from 'vitest';
import { addDays, agingDocumentsPath, bucketDueRange, cashDocumentsPath } from './report-model';

/**
 * Issue 27: a report's figure opens exactly the documents list it counts (docs/reports.md,
 * "The page"). The addresses are what the documents list reads (list-url.test.tsx).
 */
const SUPPLIER = '5b0c9d7e-1f2a-4b3c-8d4e-5f6a7b8c9d0e';
const OTHER = '6c1d0e8f-2a3b-4c4d-9e5f-6a7b8c9d0e1f';
const filtersOf = (path: string) => new URL(path, 'http://localhost').searchParams.getAll('filter');
const OPEN = [
  'status:active',
  'status:archived',
  'paymentState:unpaid',
  'paymentState:ordered',
  'paymentState:sent',
];

describe('drill-down addresses (issue 27)', () => {
  it('counts days across months and years', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2027-01-05', -91)).toBe('2026-10-06');
    expect(addDays('2026-12-28', 6)).toBe('2027-01-03');
  });

  it('gives each aging bucket its due dates, counted back from the day asked for', () => {
    expect(bucketDueRange('2027-01-05', 'notDue')).toBe('dueDate:2027-01-05..');
    expect(bucketDueRange('2027-01-05', 'days1to30')).toBe('dueDate:2026-12-06..2027-01-04');
    expect(bucketDueRange('2027-01-05', 'days31to60')).toBe('dueDate:2026-11-06..2026-12-05');
    expect(bucketDueRange('2027-01-05', 'days61to90')).toBe('dueDate:2026-10-07..2026-11-05');
    expect(bucketDueRange('2027-01-05', 'over90')).toBe('dueDate:..2026-10-06');
  });

  it("opens a supplier's bucket: the supplier, open payables, the bucket's due dates", () => {
    expect(
      agingDocumentsPath(
        'org-1',
        '2027-01-05',
        {},
        { bucket: 'days31to60', suppliers: [SUPPLIER] },
      ),
    ).toBe(
      `/o/org-1/work/index?filter=customerKey%3A${SUPPLIER}` +
        '&filter=status%3Aactive&filter=status%3Aarchived' +
        '&filter=paymentState%3Aunpaid&filter=paymentState%3Aordered&filter=paymentState%3Asent' +
        '&filter=dueDate%3A2026-11-06..2026-12-05',
    );
  });

  it("carries the report's own filters; a row's supplier comes before the report's", () => {
    const filter = { supplier: OTHER, documentType: 3, workflowStep: 'approval' };
    expect(
      filtersOf(agingDocumentsPath('org-1', '2027-01-05', filter, { bucket: 'over90' })),
    ).toEqual([
      'documentTypeId:3',
      `customerKey:${OTHER}`,
      ...OPEN,
      'workflowCurrentStepSystemTileCode:approval',
      'dueDate:..2026-10-06',
    ]);
    // The "other suppliers" of the chart: any of them.
    expect(
      filtersOf(
        agingDocumentsPath('org-1', '2027-01-05', filter, { suppliers: [SUPPLIER, OTHER] }),
      ),
    ).toEqual([
      'documentTypeId:3',
      `customerKey:${SUPPLIER}`,
      `customerKey:${OTHER}`,
      ...OPEN,
      'workflowCurrentStepSystemTileCode:approval',
    ]);
  });

  it('opens a cash-needed week by its Monday to Sunday, and its part by payment state', () => {
    const report = {
      from: '2026-11-02',
      weeks: Array.from({ length: 12 }, (_, index) => addDays('2026-11-02', 7 * index)),
    };
    expect(cashDocumentsPath('org-1', report, {}, { week: '2026-11-09' }, 'notOrdered')).toBe(
      '/o/org-1/work/index?filter=status%3Aactive&filter=status%3Aarchived' +
        '&filter=paymentState%3Aunpaid&filter=dueDate%3A2026-11-09..2026-11-15',
    );
    expect(filtersOf(cashDocumentsPath('org-1', report, {}, 'overdue', 'inPackage'))).toEqual([
      'status:active',
      'status:archived',
      'paymentState:ordered',
      'paymentState:sent',
      'dueDate:..2026-11-01',
    ]);
    // Later: after the twelfth week's Sunday (the week of 18 January 2027).
    expect(filtersOf(cashDocumentsPath('org-1', report, { documentType: 2 }, 'later'))).toEqual([
      'documentTypeId:2',
      ...OPEN,
      'dueDate:2027-01-25..',
    ]);
  });
});
