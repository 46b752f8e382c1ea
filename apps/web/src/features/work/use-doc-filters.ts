import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { savedFilterRoutes, type SavedFilter } from '@listina/contract';
import { callApi } from '../../api/client';
import { DOC_TABLE } from './doc-api';
import {
  allDocFilters,
  EMPTY_DOC_FILTER,
  isSameFilter,
  parseDocFilter,
  type DocFilterValues,
} from './doc-filters';

/**
 * How long the list and the saved filters wait for typing in an amount to stop. Other fields
 * change on a commit (a choice, a date left or confirmed), which applies at once.
 */
export const FILTER_TYPING_SETTLE_MS = 500;

const savedFilterQueryKey = (organizationId: string) =>
  ['savedFilter', organizationId, DOC_TABLE] as const;

function readSavedFilter(organizationId: string, signal: AbortSignal) {
  return callApi(savedFilterRoutes.read, { params: { table: DOC_TABLE }, organizationId, signal });
}

function saveFilter(organizationId: string, filter: readonly string[]) {
  return callApi(savedFilterRoutes.save, {
    params: { table: DOC_TABLE },
    organizationId,
    body: { filter: [...filter] },
  });
}

interface FilterState {
  organizationId: string;
  values: DocFilterValues;
  /** Saved filters the bar has no field for; they apply until cleared. */
  others: readonly string[];
  /** What the list shows and what was saved last (or read). */
  applied: readonly string[];
  /** How long the last change waits before it applies. */
  settleMs: number;
}

export interface DocFilters {
  /** False while the saved filters load: the list waits, so that it never shows unfiltered. */
  isReady: boolean;
  values: DocFilterValues;
  /** Filters the bar has no field for (a report's drill-down): shown as chips, each removable. */
  others: readonly string[];
  /** The user's filters for the list (null while loading). */
  filter: readonly string[] | null;
  /** How many filters the user has set (a range counts once). */
  activeCount: number;
  loadError: unknown;
  saveError: unknown;
  change: (values: DocFilterValues) => void;
  /** Takes one of the others away. */
  remove: (filter: string) => void;
  clear: () => void;
}

const NO_OTHERS: readonly string[] = [];

const amountsChanged = (a: DocFilterValues, b: DocFilterValues) =>
  a.totalAmountFrom !== b.totalAmountFrom || a.totalAmountTo !== b.totalAmountTo;

/**
 * The document list's filters, saved per user and organisation (issue 5): read when the page
 * opens (those of the URL's query first, issue 24), applied, and saved again after each change
 * (GET/PUT /api/savedFilter/doc). A change still waiting when the page closes is saved then.
 */
export function useDocFilters(
  organizationId: string,
  /** Filters the URL's query names (issue 24: a bookmarked or shared list); null: none. */
  fromUrl: readonly string[] | null = null,
): DocFilters {
  const queryClient = useQueryClient();
  const saved = useQuery({
    queryKey: savedFilterQueryKey(organizationId),
    queryFn: ({ signal }) => readSavedFilter(organizationId, signal),
  });
  const [stored, setState] = useState<FilterState | null>(null);
  const [saveError, setSaveError] = useState<unknown>(null);
  // Another organisation's filters never show, nor are saved here.
  const state = stored?.organizationId === organizationId ? stored : null;
  if (state === null && (saved.data !== undefined || saved.isError)) {
    // A link's filters come before the saved ones; they are saved with the user's next change.
    const parsed = parseDocFilter(fromUrl ?? saved.data?.filter ?? []);
    setState({ organizationId, ...parsed, applied: allDocFilters(parsed), settleMs: 0 });
    setSaveError(null);
  }

  const lastSave = useRef(0);
  const persist = useCallback(
    async (forOrganization: string, filter: readonly string[]) => {
      const id = ++lastSave.current;
      try {
        const answer = await saveFilter(forOrganization, filter);
        queryClient.setQueryData<SavedFilter>(savedFilterQueryKey(forOrganization), answer);
        if (id === lastSave.current) setSaveError(null);
      } catch (error) {
        if (id === lastSave.current) setSaveError(error);
      }
    },
    [queryClient],
  );

  const wanted = useMemo(() => (state ? allDocFilters(state) : null), [state]);
  const waiting = state && wanted && !isSameFilter(wanted, state.applied) ? wanted : null;
  useEffect(() => {
    if (!state || !waiting) return;
    const timer = setTimeout(() => {
      setState((current) => current && { ...current, applied: waiting });
      void persist(state.organizationId, waiting);
    }, state.settleMs);
    return () => clearTimeout(timer);
  }, [state, waiting, persist]);

  // The page closing within the settle time still saves what was typed.
  const unsaved = useRef<{ organizationId: string; filter: readonly string[] } | null>(null);
  useEffect(() => {
    unsaved.current =
      state && waiting ? { organizationId: state.organizationId, filter: waiting } : null;
  });
  useEffect(() => {
    const box = unsaved;
    return () => {
      if (box.current) void persist(box.current.organizationId, box.current.filter);
    };
  }, [persist]);

  const change = useCallback((values: DocFilterValues) => {
    setState(
      (current) =>
        current && {
          ...current,
          values,
          settleMs: amountsChanged(current.values, values) ? FILTER_TYPING_SETTLE_MS : 0,
        },
    );
  }, []);
  const remove = useCallback((filter: string) => {
    setState(
      (current) =>
        current && {
          ...current,
          others: current.others.filter((other) => other !== filter),
          settleMs: 0,
        },
    );
  }, []);
  const clear = useCallback(() => {
    setState(
      (current) => current && { ...current, values: EMPTY_DOC_FILTER, others: [], settleMs: 0 },
    );
  }, []);

  return {
    isReady: state !== null,
    values: state?.values ?? EMPTY_DOC_FILTER,
    others: state?.others ?? NO_OTHERS,
    filter: state?.applied ?? null,
    activeCount: wanted?.length ?? 0,
    loadError: saved.error,
    saveError,
    change,
    remove,
    clear,
  };
}
