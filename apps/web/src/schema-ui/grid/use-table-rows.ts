import { useMemo } from 'react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { LOADING_INDICATOR_DELAY_MS, TABLE_PAGE_SIZE } from '../../app/constants';
import { fetchPage, tableQueryKey } from '../api';
import { sortParam, type SortKey } from './sort';
import { useDelayedFlag } from '../timing';

const NO_FILTER: readonly string[] = [];

/**
 * The rows of a table page by page (spec §9: pages of 300) along the server's keyset cursor,
 * for one search text, sort and fixed filter (`field:value` each, e.g. a home tile's). The key
 * starts with tableQueryKey(table) so that a save, a delete or an undo anywhere refreshes it.
 */
export function useTableRows(
  table: string,
  search: string,
  sort: readonly SortKey[],
  filter: readonly string[] = NO_FILTER,
) {
  const sortText = sortParam(sort);
  const searchText = search.trim() === '' ? undefined : search.trim();
  const query = useInfiniteQuery({
    queryKey: tableQueryKey(table, 'grid', { search: searchText, sort: sortText, filter }),
    queryFn: ({ pageParam, signal }) =>
      fetchPage(
        table,
        {
          count: TABLE_PAGE_SIZE,
          ...(pageParam ? { cursor: pageParam } : {}),
          ...(sortText ? { sort: sortText } : {}),
          ...(searchText ? { search: searchText } : {}),
          ...(filter.length > 0 ? { filter: [...filter] } : {}),
        },
        signal,
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // Rows of the previous search or sort stay until the new ones arrive.
    placeholderData: keepPreviousData,
  });
  const rows = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);
  const isLoadingShown = useDelayedFlag(query.isFetching, LOADING_INDICATOR_DELAY_MS);
  return {
    rows,
    error: query.error,
    isPending: query.isPending,
    hasNextPage: query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    fetchNextPage: query.fetchNextPage,
    isLoadingShown,
  };
}
