import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { intakeRoutes, type IntakeResultCode } from '@listina/contract';
import { buildUrl, callApi, fetchApi } from '../../api/client';
import { intakeQueryKey } from '../../app/intake-summary';
import { filenameFromDisposition, saveFile } from '../../schema-ui/grid/table-files';

/** Messages a page of the log holds. */
export const INTAKE_PAGE_SIZE = 50;

/** GET /api/intake/address: where the organisation's invoices may be e-mailed. */
export function useIntakeAddress(organizationId: string) {
  return useQuery({
    queryKey: intakeQueryKey(organizationId, 'address'),
    queryFn: ({ signal }) => callApi(intakeRoutes.address, { organizationId, signal }),
  });
}

export interface IntakeFilter {
  result: IntakeResultCode | null;
  search: string;
}

/** GET /api/intake/message: the log, newest first, a page at a time along the `next` cursor. */
/** How often an open Intake page asks for new messages. */
export const INTAKE_REFRESH_MS = 30_000;

export function useIntakeMessages(organizationId: string, filter: IntakeFilter) {
  return useInfiniteQuery({
    queryKey: intakeQueryKey(organizationId, 'messages', filter.result, filter.search),
    queryFn: ({ pageParam, signal }) =>
      callApi(intakeRoutes.messages, {
        organizationId,
        signal,
        query: {
          limit: INTAKE_PAGE_SIZE,
          ...(filter.result ? { result: filter.result } : {}),
          ...(filter.search ? { search: filter.search } : {}),
          ...(pageParam ? { after: pageParam } : {}),
        },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    // Mail comes in by itself: the log follows without the user reloading it.
    refetchInterval: INTAKE_REFRESH_MS,
  });
}

/** POST /api/intake/message/{key}/release: imports a quarantined message after all. */
export function releaseMessage(organizationId: string, key: string) {
  return callApi(intakeRoutes.release, { organizationId, params: { key } });
}

/** DELETE /api/intake/message/{key}: its content goes, its log line stays. */
export function deleteMessage(organizationId: string, key: string) {
  return callApi(intakeRoutes.remove, { organizationId, params: { key } });
}

/** GET /api/intake/message/{key}/eml, saved under the content-disposition name (spec §7). */
export async function downloadEml(key: string): Promise<string> {
  const response = await fetchApi(buildUrl(intakeRoutes.eml.path, { key }), { method: 'GET' });
  const filename = filenameFromDisposition(
    response.headers.get('content-disposition'),
    `${key}.eml`,
  );
  saveFile(await response.blob(), filename);
  return filename;
}
