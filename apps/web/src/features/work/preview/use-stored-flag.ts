import { useCallback, useState } from 'react';
import { readStored, writeStored, type STORAGE_KEYS } from '../../../app/storage';

type FlagKey =
  | typeof STORAGE_KEYS.previewOpen
  | typeof STORAGE_KEYS.previewLiquidation
  | typeof STORAGE_KEYS.workflowLogOpen;

/** spec §4: a switch remembered in local storage as '1' or '0'. */
export function useStoredFlag(key: FlagKey, fallback: boolean): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => {
    const stored = readStored(key);
    return stored === null ? fallback : stored === '1';
  });
  const set = useCallback(
    (next: boolean) => {
      writeStored(key, next ? '1' : '0');
      setOn(next);
    },
    [key],
  );
  return [on, set];
}
