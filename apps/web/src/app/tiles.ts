import { useQuery } from '@tanstack/react-query';
import { documentRoutes } from '@listina/contract';
import { formatNumber } from '@listina/forms';
import { callApi } from '../api/client';
import { tableQueryKey } from '../schema-ui/api';
import { useSession } from './session';

/**
 * spec §2, §3 Tile: the document counts of the home page and the workspace sidebar (GET
 * /api/tile). Kept under the doc table's key, so that a save, an activation or an undo of a
 * document refreshes the counts too.
 */
export function useTiles() {
  return useQuery({
    queryKey: tableQueryKey('doc', 'tiles'),
    queryFn: ({ signal }) => callApi(documentRoutes.tiles, { signal }),
  });
}

/** spec §2: a tile opens the document list filtered by it. */
export function tileListPath(organizationId: string, filterId: string): string {
  const query = new URLSearchParams({ filterId });
  return `/o/${organizationId}/work/index?${query.toString()}`;
}

/** A tile's count with the user's thousand separator. */
export function useFormatCount(): (count: number) => string {
  const { user } = useSession();
  const decimalSeparator = user?.localeSettings.decimalSeparator;
  const thousandSeparator = user?.localeSettings.thousandSeparator;
  return (count) => formatNumber(count, { places: 0, decimalSeparator, thousandSeparator });
}
