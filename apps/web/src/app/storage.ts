/** Keys and safe access to what the app keeps in local storage (spec §1, §4, §9). */
export const STORAGE_KEYS = {
  apikey: 'listina.apikey',
  organizationId: 'listina.organizationId',
  locale: 'listina.locale',
  /** spec §4: whether the document preview beside the form is open, '1' or '0'. */
  previewOpen: 'listina.preview.open',
  /** spec §4: the preview's liquidation-data switch, '1' or '0'. */
  previewLiquidation: 'listina.preview.liquidation',
  /** Whether the document editor's workflow log is open, '1' or '0'. */
  workflowLogOpen: 'listina.workflowLog.open',
} as const;

type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

// Storage may be unavailable (private mode, blocked cookies): the app then works for one visit.
export function readStored(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: StorageKey, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // nothing to do: the value lives in memory for this visit
  }
}
