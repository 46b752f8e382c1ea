import { useQuery } from '@tanstack/react-query';
import {
  activityReportRoutes,
  reportRoutes,
  type AgingQuery,
  type CashQuery,
  type PeriodQuery,
  type ReportFilter,
  type SpendQuery,
} from '@listina/contract';
import { callApi } from '../../api/client';

/**
 * The report calls of issue 27 (docs/reports.md): one organisation's payables aging and cash
 * needed, and both across every organisation the user belongs to; spend, approval times,
 * capture and payments of one organisation. Documents change the
 * figures, so a report is read again whenever the page opens.
 */
const reportKey = (...parts: unknown[]) => ['report', ...parts] as const;

/** The filters without their empty ones: the call carries only what narrows it. */
function present<T extends object>(query: T): T {
  return Object.fromEntries(
    Object.entries(query).filter(
      ([, value]) => value !== undefined && value !== null && value !== '',
    ),
  ) as T;
}

export function useAgingReport(organizationId: string, query: AgingQuery, enabled = true) {
  return useQuery({
    queryKey: reportKey('aging', organizationId, query),
    queryFn: ({ signal }) =>
      callApi(reportRoutes.aging, { organizationId, signal, query: present(query) }),
    enabled,
  });
}

export function useCashReport(organizationId: string, query: CashQuery, enabled = true) {
  return useQuery({
    queryKey: reportKey('cash', organizationId, query),
    queryFn: ({ signal }) =>
      callApi(reportRoutes.cash, { organizationId, signal, query: present(query) }),
    enabled,
  });
}

export function useAgingAcross(asOf: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: reportKey('agingAcross', asOf),
    queryFn: ({ signal }) =>
      callApi(reportRoutes.agingAcross, { signal, query: present({ asOf }) }),
    enabled,
  });
}

export function useCashAcross(from: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: reportKey('cashAcross', from),
    queryFn: ({ signal }) => callApi(reportRoutes.cashAcross, { signal, query: present({ from }) }),
    enabled,
  });
}

export function useSpendReport(organizationId: string, query: SpendQuery, enabled: boolean) {
  return useQuery({
    queryKey: reportKey('spend', organizationId, query),
    queryFn: ({ signal }) =>
      callApi(activityReportRoutes.spend, { organizationId, signal, query: present(query) }),
    enabled,
  });
}

export function useApprovalReport(organizationId: string, query: PeriodQuery, enabled: boolean) {
  return useQuery({
    queryKey: reportKey('approval', organizationId, query),
    queryFn: ({ signal }) =>
      callApi(activityReportRoutes.approval, { organizationId, signal, query: present(query) }),
    enabled,
  });
}

export function useCaptureReport(organizationId: string, query: PeriodQuery, enabled: boolean) {
  return useQuery({
    queryKey: reportKey('capture', organizationId, query),
    queryFn: ({ signal }) =>
      callApi(activityReportRoutes.capture, { organizationId, signal, query: present(query) }),
    enabled,
  });
}

export function usePaymentsReport(organizationId: string, query: PeriodQuery, enabled: boolean) {
  return useQuery({
    queryKey: reportKey('payments', organizationId, query),
    queryFn: ({ signal }) =>
      callApi(activityReportRoutes.payments, { organizationId, signal, query: present(query) }),
    enabled,
  });
}

export type { ReportFilter };
