import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { Model, Schema } from '@listina/forms';
import {
  partnerRoutes,
  ROOT_TABLES,
  rootTableIoRoutes,
  rootTableRoutes,
  tableIoRoutes,
  tableRoutes,
  type EntityInfo,
  type ListQuery,
  type RootTable,
  type TableRecord,
} from '@listina/contract';
import { callApi } from '../api/client';
import { getApiContext } from '../api/context';

/**
 * The generic table calls of spec §7 as the schema UI uses them. Every query key starts with
 * ['table', organisation, table] so that one invalidation (after a save, a delete or an
 * undo) refreshes the table's lists, records and lookup caches together (spec §4).
 */

export const tableQueryKey = (table: string, ...rest: unknown[]) =>
  ['table', getApiContext().organizationId, table, ...rest] as const;

/**
 * A references.api lookup's cache (spec §3: items from another call). It names no table, so a
 * table's invalidation does not reach it; see invalidateLookupApis.
 */
export const lookupApiQueryKey = (...rest: unknown[]) =>
  ['lookup-api', getApiContext().organizationId, ...rest] as const;

export const schemaQueryKey = (table: string) =>
  ['schema', getApiContext().organizationId, table] as const;

const isRootTable = (table: string): table is RootTable =>
  (ROOT_TABLES as readonly string[]).includes(table);

/**
 * The list, read, create, update and delete calls of a table: /api/cl/{name}, or /api/{name}
 * for a root table (spec §7: doc). Both take the same params ({ name, key }).
 */
export function recordRoutesOf(table: string) {
  return isRootTable(table) ? rootTableRoutes(table) : tableRoutes;
}

/** The export and import calls of a table, at /api/cl/{name} or /api/{name} as above. */
export function ioRoutesOf(table: string) {
  return isRootTable(table) ? rootTableIoRoutes(table) : tableIoRoutes;
}

/** The tables this user may see (GET /api/cl), for the code-list sidebar. */
export function useEntities() {
  return useQuery({
    queryKey: ['entities', getApiContext().organizationId, getApiContext().locale],
    queryFn: ({ signal }) => callApi(tableRoutes.entities, { signal }),
    staleTime: Infinity,
  });
}

/** What this user may do with a table, and by which columns its list sorts. */
export type TableRights = Pick<EntityInfo, 'canWrite' | 'canCreate' | 'canDelete' | 'sortKeys'>;

const NO_RIGHTS: TableRights = {
  canWrite: false,
  canCreate: false,
  canDelete: false,
  sortKeys: [],
};

/**
 * The rights of one table from GET /api/cl (the list the code-list sidebar shows, loaded
 * once): undefined while it loads; none at all for a table the list does not have, or when
 * the list failed (the table is then only shown; its own calls report what is wrong).
 */
export function useTableRights(table: string): TableRights | undefined {
  const entities = useEntities();
  if (entities.isPending) return undefined;
  const listed = entities.data?.items.find((item) => item.name === table);
  return listed ?? NO_RIGHTS;
}

/** GET /api/cl/schema/{table}; schemas change only with a deployment. */
export function useSchema(table: string | undefined) {
  return useQuery({
    queryKey: schemaQueryKey(table ?? ''),
    queryFn: ({ signal }) => fetchSchema(table ?? '', signal),
    enabled: table !== undefined && table !== '',
    staleTime: Infinity,
  });
}

export function fetchSchema(table: string, signal?: AbortSignal): Promise<Schema> {
  return callApi(tableRoutes.schema, { params: { name: table }, signal });
}

export function fetchDefaultModel(table: string, signal?: AbortSignal): Promise<Model> {
  return callApi(tableRoutes.defaultModel, { params: { name: table }, signal });
}

export function fetchRecord(table: string, key: string, signal?: AbortSignal) {
  return callApi(recordRoutesOf(table).read, { params: { name: table, key }, signal });
}

/** The organisation's partners: the table of spec §7's suggestion call. */
export const PARTNER_TABLE = 'partner';

/** What a partner suggestion is asked by; a part left out or empty is not known. */
export interface PartnerSuggestionQuery {
  vatId?: string;
  iban?: string;
  name?: string;
}

/** spec §7: '-' stands for a part of the path that is not known. */
const partOf = (value: string | undefined) => (value?.trim() ? value.trim() : '-');

const suggestionParams = (query: PartnerSuggestionQuery) => ({
  vatId: partOf(query.vatId),
  iban: partOf(query.iban),
  name: partOf(query.name),
});

/**
 * spec §7 GET /api/cl/partner/{vatId}/{iban}/{name}: the partners the parts may name (the
 * same VAT ID or IBAN, else a similar name), best first.
 */
export function fetchPartnerSuggestions(query: PartnerSuggestionQuery, signal?: AbortSignal) {
  return callApi(partnerRoutes.suggestions, { params: suggestionParams(query), signal });
}

/** fetchPartnerSuggestions under the partner table's key: a saved partner asks again. */
export function usePartnerSuggestions(query: PartnerSuggestionQuery, enabled = true) {
  const params = suggestionParams(query);
  return useQuery({
    queryKey: tableQueryKey(PARTNER_TABLE, 'suggestions', params),
    queryFn: ({ signal }) => fetchPartnerSuggestions(params, signal),
    enabled,
  });
}

export function fetchPage(
  table: string,
  query: Partial<ListQuery>,
  signal?: AbortSignal,
): Promise<{ items: TableRecord[]; nextCursor: string | null }> {
  return callApi(recordRoutesOf(table).list, { params: { name: table }, query, signal });
}

/** POST when the model has no key (create), PUT otherwise; spec §8 errors throw ApiRequestError. */
export function saveRecord(table: string, model: Model, ignoreWarnings = false) {
  const query = ignoreWarnings ? { ignoreWarnings: 'true' as const } : {};
  const key = typeof model.key === 'string' && model.key !== '' ? model.key : undefined;
  const routes = recordRoutesOf(table);
  return key === undefined
    ? callApi(routes.create, { params: { name: table }, query, body: model })
    : callApi(routes.update, { params: { name: table, key }, query, body: model });
}

export function deleteRecords(table: string, keys: string[], ignoreWarnings = false) {
  const query = ignoreWarnings ? { ignoreWarnings: 'true' as const } : {};
  return callApi(recordRoutesOf(table).remove, {
    params: { name: table },
    query,
    body: { keys },
  });
}

export function undoAction(undoId: string) {
  return callApi(tableRoutes.undo, { params: { id: undoId } });
}

/** Refreshes every list, record and lookup of these tables (spec §4: cache refreshed). */
export async function invalidateTables(client: QueryClient, tables: readonly string[]) {
  const organizationId = getApiContext().organizationId;
  await Promise.all(
    tables.map((table) => client.invalidateQueries({ queryKey: ['table', organizationId, table] })),
  );
}

/**
 * Refreshes every references.api lookup of the organisation. Such a call may read any table,
 * and nothing says which: after an undo (which may touch several tables) all of them are
 * reloaded (spec §4: undo reloads the lookup caches).
 */
export async function invalidateLookupApis(client: QueryClient) {
  await client.invalidateQueries({ queryKey: lookupApiQueryKey() });
}
