import { useCallback, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { gridPreferenceRoutes, type GridPreference } from '@listina/contract';
import { callApi } from '../../api/client';
import { getApiContext } from '../../api/context';
import { clampWidth } from './columns';

type Widths = Record<string, number>;

/** What the user chose: shown columns in order (null: the table's defaults) and widths. */
export interface GridChoice {
  columns: readonly string[] | null;
  widths: Readonly<Widths>;
}

const DEFAULTS: GridChoice = { columns: null, widths: {} };

const preferenceQueryKey = (table: string) =>
  ['gridPreference', getApiContext().organizationId, table] as const;

/**
 * The signed-in user's columns, order and widths of a table's grid (issue 24), kept on the
 * server per user, organisation and table (GET/PUT/DELETE /api/gridPreference/{table}), so
 * they follow the user to another browser. A width being dragged shows at once and is saved
 * at the end of the drag; when the preferences cannot be read the grid shows its defaults.
 */
export function useGridPreferences(table: string) {
  const queryClient = useQueryClient();
  const queryKey = preferenceQueryKey(table);
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => callApi(gridPreferenceRoutes.read, { params: { table }, signal }),
    staleTime: Infinity,
    retry: false,
  });
  const [local, setLocal] = useState<{ table: string; choice: GridChoice } | null>(null);
  const [saveError, setSaveError] = useState<unknown>(null);
  const stored: GridChoice | undefined = query.data
    ? { columns: query.data.columns, widths: query.data.widths }
    : query.isError
      ? DEFAULTS
      : undefined;
  const choice = local?.table === table ? local.choice : stored;

  const remember = useCallback(
    (answer: GridPreference) => queryClient.setQueryData(preferenceQueryKey(table), answer),
    [queryClient, table],
  );
  const save = useCallback(
    (next: GridChoice) => {
      setSaveError(null);
      callApi(gridPreferenceRoutes.save, {
        params: { table },
        body: { columns: next.columns ? [...next.columns] : null, widths: { ...next.widths } },
      }).then(remember, setSaveError);
    },
    [table, remember],
  );

  const current = choice ?? DEFAULTS;
  /** Sets a width while dragging; `persist` saves it (at the end of the drag). */
  const setWidth = useCallback(
    (name: string, width: number, persist: boolean) => {
      const next = { ...current, widths: { ...current.widths, [name]: clampWidth(width) } };
      setLocal({ table, choice: next });
      if (persist) save(next);
    },
    [current, table, save],
  );
  /** Shows these columns in this order, and saves the choice. */
  const setColumns = useCallback(
    (columns: readonly string[]) => {
      const next = { ...current, columns };
      setLocal({ table, choice: next });
      save(next);
    },
    [current, table, save],
  );
  /** Back to the table's default columns and widths. */
  const reset = useCallback(() => {
    setLocal({ table, choice: DEFAULTS });
    setSaveError(null);
    callApi(gridPreferenceRoutes.reset, { params: { table } }).then(remember, setSaveError);
  }, [table, remember]);

  return { choice, isReady: choice !== undefined, saveError, setWidth, setColumns, reset };
}
export type GridPreferences = ReturnType<typeof useGridPreferences>;
