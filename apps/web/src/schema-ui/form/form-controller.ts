import { createContext, use } from 'react';
import type { FieldHandlers, FieldMessage, LaterPatch } from '../types';

/**
 * What a SchemaForm shares with every field under it, nested grid rows included. Paths are
 * full paths from the form's model ('name', 'bankAccounts.0.code'), so a row form and the
 * top-level form read the same messages and the same validation.
 */
export interface FormController {
  /** DOM id prefix of the form, unique in the page. */
  idPrefix: string;
  /** The whole form is read-only (view mode, readonly schema). */
  readonly: boolean;
  /** The message to show at a field: server, then the input's own, then validation. */
  messageAt: (path: string) => FieldMessage | undefined;
  /** True when any message is shown under this path prefix ('bankAccounts.0.'). */
  hasMessageUnder: (prefix: string) => boolean;
  /** Leaving a field: from now on its validation shows. */
  touch: (path: string) => void;
  /** The user changed a field: its server message is cleared and its validation shows. */
  edited: (path: string) => void;
  setInputMessage: (path: string, message: FieldMessage | undefined) => void;
  handlers?: FieldHandlers;
  /** A handler's later change of the form's model (after a load). */
  later: LaterPatch;
  onButtonClick?: (name: string) => void;
}

export const FormControllerContext = createContext<FormController | null>(null);

export function useFormController(): FormController {
  const controller = use(FormControllerContext);
  if (!controller) throw new Error('Form fields need a SchemaForm above them');
  return controller;
}
