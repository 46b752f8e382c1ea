import { useCallback, useState } from 'react';
import { useSession } from '../../app/session';
import { columnWidthsStorageKey, readStored, writeStored } from '../../app/storage';
import { clampWidth } from './columns';

type Widths = Record<string, number>;
type Key = ReturnType<typeof columnWidthsStorageKey>;

function readWidths(key: Key): Widths {
  try {
    const parsed: unknown = JSON.parse(readStored(key) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null) return {};
    const entries = Object.entries(parsed as Record<string, unknown>).filter(
      (entry): entry is [string, number] => typeof entry[1] === 'number',
    );
    return Object.fromEntries(entries.map(([name, width]) => [name, clampWidth(width)]));
  } catch {
    return {};
  }
}

/**
 * Column widths the user dragged, remembered per user and table in local storage (spec §9:
 * bounds 10 to 300). Only changed columns are stored; the others keep their default width.
 */
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
      if (save) writeStored(previous.key, JSON.stringify(widths));
      return { key: previous.key, widths };
    });
  }, []);

  return { widths: current.widths, setWidth };
}
