import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** The URL query parameter of a grid's search text (spec §2: ?search=). */
export const SEARCH_PARAM = 'search';

/**
 * A grid's search text kept in the URL's query (issue 24): a searched list can be bookmarked
 * and shared, and a reload keeps the search. Each change replaces the history entry, so Back
 * leaves the list instead of stepping through every letter typed.
 */
export function useUrlSearch(): [string, (text: string) => void] {
  const [params, setParams] = useSearchParams();
  const search = params.get(SEARCH_PARAM) ?? '';
  const setSearch = useCallback(
    (text: string) =>
      setParams(
        (current) => {
          if (text === '') current.delete(SEARCH_PARAM);
          else current.set(SEARCH_PARAM, text);
          return current;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [search, setSearch];
}
