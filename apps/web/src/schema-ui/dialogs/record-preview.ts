import { createContext, type ReactNode } from 'react';
import type { Model } from '@listina/forms';

/** What the edit dialog hands the preview of its record (spec §2 eye button). */
export interface RecordPreviewProps {
  table: string;
  recordKey: string;
  model: Model;
  onClose: () => void;
}

/**
 * The preview of a record's files beside its edit dialog's form, given by the app (the schema
 * UI does not know documents); null where no preview is given, and then the eye only widens.
 */
export const RecordPreviewContext = createContext<
  ((props: RecordPreviewProps) => ReactNode) | null
>(null);
