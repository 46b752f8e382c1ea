import { useQuery, type QueryClient } from '@tanstack/react-query';
import { intakeRoutes } from '@listina/contract';
import { callApi } from '../api/client';

/** Every intake query of an organisation starts with this key: the log, the address, the count. */
export const intakeQueryKey = (organizationId: string, ...rest: unknown[]) => [
  'intake',
  organizationId,
  ...rest,
];

/**
 * GET /api/intake/summary: how many incoming messages wait in quarantine, for the home tile
 * (issue 25). The Intake page refreshes it when it releases or deletes one.
 */
export function useIntakeSummary(organizationId: string) {
  return useQuery({
    queryKey: intakeQueryKey(organizationId, 'summary'),
    queryFn: ({ signal }) => callApi(intakeRoutes.summary, { organizationId, signal }),
  });
}

/** Reads the organisation's intake log, address and count again (after a release or delete). */
export function refreshIntake(queryClient: QueryClient, organizationId: string) {
  return queryClient.invalidateQueries({ queryKey: intakeQueryKey(organizationId) });
}

/** The Intake page, optionally showing one result only (the home tile: quarantined). */
export function intakePath(organizationId: string, result?: string): string {
  const path = `/o/${organizationId}/intake`;
  return result ? `${path}?${new URLSearchParams({ result }).toString()}` : path;
}
