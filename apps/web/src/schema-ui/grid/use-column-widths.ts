import { useCallback, useState } from 'react';
import { useSession } from '../../app/session';
import { clampWidth } from './columns';

/**
 * Column widths the user dragged, remembered per user and table in local storage (spec §9:
 * bounds 10 to 300). Only changed columns are stored; the others keep their default width.
 */
export const columnWidthsStorageKey = (userId: string, table: string) =>
  `listina.grid.columnWidths.${userId}.${table}`;

type Widths = Record<string, number>;

function readWidths(key: string): Widths {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(key) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null) return {};
    const entries = Object.entries(parsed as Record<string, unknown>).filter(
      (entry): entry is [string, number] => typeof entry[1] === 'number',
    );
    return Object.fromEntries(entries.map(([name, width]) => [name, clampWidth(width)]));
  } catch {
    return {};
  }
}

function writeWidths(key: string, widths: Widths): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(widths));
  } catch {
    // storage unavailable: the widths last for this visit
  }
}

export function useColumnWidths(table: string) {
  const { user } = useSession();
  const key = columnWidthsStorageKey(user?.userId ?? 'anonymous', table);
  const [state, setState] = useState(() => ({ key, widths: readWidths(key) }));
  // Another table or user: read that one's widths (state derived from props, no effect).
  let current = state;
  if (state.key !== key) {
    current = { key, widths: readWidths(key) };
    setState(current);
  }

  /** Sets a width while dragging; `save` stores it (at the end of the drag). */
  const setWidth = useCallback((name: string, width: number, save: boolean) => {
    setState((previous) => {
      const widths = { ...previous.widths, [name]: clampWidth(width) };
      if (save) writeWidths(previous.key, widths);
      return { key: previous.key, widths };
    });
  }, []);

  return { widths: current.widths, setWidth };
}
