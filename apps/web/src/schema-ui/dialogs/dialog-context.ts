import { createContext, use } from 'react';
import type { TableRecord } from '@listina/contract';
import type { Model } from '@listina/forms';
import type { FieldHandlers } from '../types';

/**
 * How any part of the UI opens the stacked dialogs of spec §2 (edit and grid). The provider
 * (dialog-stack.tsx) renders them; callers await the result.
 */
export interface EditDialogParams {
  table: string;
  /** The record to open; without it the dialog creates (spec §4: create mode). */
  key?: string;
  /** Create even though a key is given (spec §4: an explicit append flag). */
  append?: boolean;
  /** Title on create (spec §3: the given title or Add). */
  title?: string;
  /** Values laid over the default model on create (e.g. a typed lookup text). */
  initialModel?: Model;
  canUnlock?: boolean;
  canAddMore?: boolean;
  canDelete?: boolean;
  /** Open already unlocked for editing. */
  writeable?: boolean;
  /** false: closing a changed dialog does not ask (spec §4). */
  warnOnCancel?: boolean;
  /** The caller's hook: anything other than true or undefined blocks saving (spec §5). */
  validate?: (model: Model) => true | undefined | string | string[];
  /** Handlers the schema names (onChange, references.onSelect), e.g. a bank filling the BIC. */
  handlers?: FieldHandlers;
  /** The preview (eye) button was toggled (schemas with options.canShowPreview). */
  onPreview?: (open: boolean, model: Model) => void;
  /**
   * spec §4 saved event: each successful save, as soon as it is done, also those of add
   * another, after which the dialog stays open on a new record.
   */
  onSaved?: (record: TableRecord) => void;
  /**
   * spec §4 confirm event: once, after a save closed the dialog, with the record saved. Not
   * raised when the dialog is cancelled or closed after add another, nor on delete.
   */
  onConfirm?: (record: TableRecord) => void;
}

export interface EditDialogResult {
  /** The last record saved; absent when nothing was saved or the record was deleted. */
  saved?: TableRecord;
  /** A save closed the dialog (the confirm event), rather than cancel or close. */
  confirmed?: boolean;
  deleted?: boolean;
}

export interface GridDialogParams {
  table: string;
  title?: string;
  /** Picking a row closes the dialog with that row (a lookup's view-all). */
  pick?: boolean;
}

export interface Dialogs {
  openEdit: (params: EditDialogParams) => Promise<EditDialogResult>;
  openGrid: (params: GridDialogParams) => Promise<TableRecord | undefined>;
}

export const DialogsContext = createContext<Dialogs | null>(null);

export function useDialogs(): Dialogs {
  const dialogs = use(DialogsContext);
  if (!dialogs) throw new Error('useDialogs needs a DialogStackProvider above it');
  return dialogs;
}
