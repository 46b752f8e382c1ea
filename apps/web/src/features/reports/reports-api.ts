import { useQuery } from '@tanstack/react-query';
import {
  reportRoutes,
  type AgingQuery,
  type CashQuery,
  type ReportFilter,
} from '@listina/contract';
import { callApi } from '../../api/client';

/**
 * The report calls of issue 27 (docs/reports.md): one organisation's payables aging and cash
 * needed, and both across every organisation the user belongs to. Documents change the
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

export type { ReportFilter };
