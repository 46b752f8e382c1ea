import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { TableRecord } from '@listina/contract';

/** How many of the loaded rows are selected, for the header's select-all box. */
export type SelectionState = 'none' | 'some' | 'all';

/**
 * The keys of the selected rows (kept when rows reload or more pages arrive) and setters that
 * stay the same from render to render, so that the memoised header and rows do not render
 * again when a page of rows arrives.
 */
export function useRowSelection(rows: readonly TableRecord[]) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const rowsRef = useRef(rows);
  useLayoutEffect(() => {
    rowsRef.current = rows;
  }, [rows]);

  const toggle = useCallback((key: string) => {
    setSelected((old) => {
      const next = new Set(old);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  }, []);
  /** Selects, or unselects, every loaded row. */
  const selectAll = useCallback((all: boolean) => {
    const loaded = rowsRef.current;
    setSelected((old) => {
      const next = new Set(old);
      for (const row of loaded) {
        if (all) next.add(row.key);
        else next.delete(row.key);
      }
      return next;
    });
  }, []);
  const unselect = useCallback((keys: readonly string[]) => {
    setSelected((old) => {
      const next = new Set(old);
      for (const key of keys) next.delete(key);
      return next;
    });
  }, []);

  const state = useMemo((): SelectionState => {
    if (selected.size === 0) return 'none';
    const loaded = rows.filter((row) => selected.has(row.key)).length;
    return loaded === 0 ? 'none' : loaded === rows.length ? 'all' : 'some';
  }, [rows, selected]);

  return { selected, state, toggle, selectAll, unselect };
}

/** The selected keys in the order the grid shows them; keys no longer loaded go last. */
export function selectedInOrder(
  rows: readonly TableRecord[],
  selected: ReadonlySet<string>,
): string[] {
  const loaded = rows.map((row) => row.key).filter((key) => selected.has(key));
  const shown = new Set(loaded);
  return [...loaded, ...[...selected].filter((key) => !shown.has(key))];
}
