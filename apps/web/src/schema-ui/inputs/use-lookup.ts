import { useMemo } from 'react';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { defineRoute } from '@listina/contract';
import type { Model, References } from '@listina/forms';
import { callApi } from '../../api/client';
import { CACHE_STALE_MS, LOOKUP_SCROLL_PAGE_SIZE } from '../../app/constants';
import { fetchPage, lookupApiQueryKey, tableQueryKey } from '../api';
import { fixedItems, serverFilterPlan, shownItems, type LookupItem } from './reference-items';

const ApiItemSchema = z.record(z.string(), z.unknown());
// A references.api call answers a list, or a page with its items.
const ApiItemsSchema = z.union([
  z.array(ApiItemSchema),
  z.looseObject({ items: z.array(ApiItemSchema) }),
]);

function apiItemsRoute(path: string) {
  return defineRoute({
    method: 'GET',
    path,
    summary: 'Items of a lookup from another call (spec §3 references.api).',
    access: 'organization',
    query: z.record(z.string(), z.string()),
    response: ApiItemsSchema,
  });
}

export interface LookupOptions {
  references: References;
  model: Model;
  /** The typed search text, already debounced for server sources. */
  search: string;
  /** Server sources load only when needed (an open list, a value to show). */
  enabled: boolean;
  /** Items per request; the combo loads LOOKUP_SCROLL_PAGE_SIZE more on each scroll. */
  pageSize?: number;
  sortLocale: string;
  /** spec §3 softFilters hold until the user turns them off (default on). */
  softFiltersOn?: boolean;
}

export interface Lookup {
  /** The items offered. */
  items: LookupItem[];
  /** Every item loaded, inactive ones too: a stored value reads by them even when not offered. */
  known: LookupItem[];
  isFetching: boolean;
  hasMore: boolean;
  loadMore: () => void;
  /** Forces a refetch (spec §4: items are refreshed when forced), e.g. after an add. */
  refresh: () => Promise<void>;
}

/**
 * The items of a select or combo (spec §3 references, §4 lookup cache): fixed items, a
 * code-list table read page by page along its keyset cursor, or another call. Server answers
 * are cached under a key of the table, the search text and the filters sent (the fetch id),
 * stale after 5 s; they are fetched when not loaded, when forced, or when that key changes.
 */
export function useLookup(options: LookupOptions): Lookup {
  const { references, model, search, enabled, sortLocale } = options;
  const queryClient = useQueryClient();
  const fixed = fixedItems(references, model);
  const table = fixed ? undefined : references.table;
  const api = fixed || table ? undefined : references.api;
  const searchText = search.trim() === '' ? undefined : search.trim();
  const pageSize = options.pageSize ?? LOOKUP_SCROLL_PAGE_SIZE;
  const source = fixed ? 'fixed' : table ? 'table' : 'api';
  const filters = useMemo(() => serverFilterPlan(references, source), [references, source]);
  const softFilters = options.softFiltersOn === false ? undefined : references.softFilters;

  const tableQuery = useInfiniteQuery({
    queryKey: tableQueryKey(table ?? '', 'lookup', {
      search: searchText,
      count: pageSize,
      filters: filters.query,
      filter: filters.filter,
    }),
    queryFn: ({ pageParam, signal }) =>
      fetchPage(
        table ?? '',
        {
          ...filters.query,
          ...(filters.filter.length > 0 ? { filter: filters.filter } : {}),
          mode: 'dropdown',
          count: pageSize,
          ...(searchText ? { search: searchText } : {}),
          ...(pageParam ? { cursor: pageParam } : {}),
        },
        signal,
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: CACHE_STALE_MS,
    enabled: enabled && table !== undefined,
  });

  const searchParam = references.apiSearchParam;
  const apiSearch = searchParam && searchText ? searchText : undefined;
  const apiQuery = useQuery({
    queryKey: lookupApiQueryKey(api, apiSearch, filters.query),
    queryFn: async ({ signal }) => {
      const query: Record<string, string> = {
        ...filters.query,
        ...(searchParam && apiSearch ? { [searchParam]: apiSearch } : {}),
      };
      const answer = await callApi(apiItemsRoute(api ?? ''), { query, signal });
      return Array.isArray(answer) ? answer : answer.items;
    },
    staleTime: CACHE_STALE_MS,
    enabled: enabled && api !== undefined,
  });

  const tablePages = tableQuery.data?.pages;
  const apiItems = apiQuery.data;
  const known = useMemo(
    () => fixed ?? (table ? tablePages?.flatMap((page) => page.items) : apiItems) ?? [],
    [fixed, table, tablePages, apiItems],
  );
  const browserFilters = filters.inBrowser;
  const items = useMemo(() => {
    const filtering = { browserFilters, softFilters, locale: sortLocale };
    if (table) return shownItems(known, references, filtering);
    // Without a search parameter the call answers everything and the text filters here.
    const localSearch = fixed || !searchParam ? search : undefined;
    return shownItems(known, references, { ...filtering, search: localSearch, sortLocale });
  }, [
    known,
    fixed,
    table,
    references,
    search,
    searchParam,
    sortLocale,
    browserFilters,
    softFilters,
  ]);

  return {
    items,
    known,
    isFetching: table ? tableQuery.isFetching : api ? apiQuery.isFetching : false,
    hasMore: table !== undefined && tableQuery.hasNextPage,
    loadMore: () => {
      if (table && tableQuery.hasNextPage && !tableQuery.isFetchingNextPage) {
        void tableQuery.fetchNextPage();
      }
    },
    refresh: async () => {
      if (table) await queryClient.invalidateQueries({ queryKey: tableQueryKey(table, 'lookup') });
      if (api) await queryClient.invalidateQueries({ queryKey: lookupApiQueryKey() });
    },
  };
}
