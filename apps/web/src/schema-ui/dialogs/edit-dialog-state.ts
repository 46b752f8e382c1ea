import type { TableRecord } from '@listina/contract';
import type { Model } from '@listina/forms';

/**
 * The edit dialog's state machine (spec §4 Dialog): closed; open in view mode (locked);
 * editing (after unlock); create. `busy` while a request runs, `dirty` once the model differs
 * from what was loaded. Pure, so every transition is tested without rendering.
 */

export type DialogMode = 'closed' | 'view' | 'edit' | 'create';

/** A question the dialog is asking on top of itself. */
export type Prompt =
  | { kind: 'discard' }
  | { kind: 'delete' }
  /**
   * spec §4: a save or a delete answered with warnings only; `text` is the formatted answer,
   * `retry` the call that Continue anyway repeats ignoring warnings.
   */
  | { kind: 'warnings'; text: string; retry: 'save' | 'delete' };

export interface EditDialogState {
  mode: DialogMode;
  /** The model as loaded (or as last saved); null until it arrives. */
  original: Model | null;
  model: Model | null;
  dirty: boolean;
  busy: boolean;
  /** The last failed save or delete, for the form's messages. */
  serverError: unknown;
  /** The caller's validate hook result (spec §5), shown as errors. */
  hookErrors: string[];
  prompt: Prompt | null;
  previewing: boolean;
  /** Save again into a new record after this save (add another). */
  addAnother: boolean;
  /** The last record saved while the dialog was open. */
  saved: TableRecord | undefined;
  /** spec §4 save success: a save closed the dialog (the confirm event), not a cancel. */
  confirmed: boolean;
  deleted: boolean;
  /** Counts the records shown: a new one (add another) gets a fresh form. */
  generation: number;
}

export type EditDialogAction =
  | { type: 'loaded'; model: Model }
  | { type: 'changed'; model: Model }
  | { type: 'unlock' }
  | { type: 'lock' }
  | { type: 'blocked'; errors: string[] }
  | { type: 'saveStarted'; addAnother: boolean }
  | { type: 'saveFailed'; error: unknown }
  | { type: 'saveWarned'; error: unknown; text: string }
  | { type: 'saved'; record: TableRecord }
  /** After add another: a fresh create with this (default) model. */
  | { type: 'newRecord'; model: Model }
  | { type: 'closeRequested'; warnOnCancel: boolean }
  | { type: 'deleteRequested' }
  | { type: 'deleteStarted' }
  | { type: 'deleteFailed'; error: unknown }
  | { type: 'deleteWarned'; text: string }
  | { type: 'deleted' }
  | { type: 'promptConfirmed' }
  | { type: 'promptDismissed' }
  | { type: 'previewToggled' };

export function initialEditState(params: {
  create: boolean;
  writeable?: boolean;
}): EditDialogState {
  return {
    mode: params.create ? 'create' : params.writeable ? 'edit' : 'view',
    original: null,
    model: null,
    dirty: false,
    busy: false,
    serverError: undefined,
    hookErrors: [],
    prompt: null,
    previewing: false,
    addAnother: false,
    saved: undefined,
    confirmed: false,
    deleted: false,
    generation: 0,
  };
}

/**
 * A model as compared for "changed": key order does not matter, and an empty text, null and a
 * missing value are the same (inputs store a cleared text as null).
 */
function canonical(value: unknown): unknown {
  if (value === '' || value === undefined) return null;
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value === 'object' && value !== null) {
    const entries = Object.keys(value)
      .sort()
      .map((key) => [key, canonical((value as Model)[key])] as const)
      .filter(([, item]) => item !== null);
    return Object.fromEntries(entries);
  }
  return value;
}

export function isSameModel(a: Model | null, b: Model | null): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

export const isEditing = (state: EditDialogState) =>
  state.mode === 'edit' || state.mode === 'create';

/** spec §5: not while a request runs, not when nothing changed in edit mode, never locked. */
export function canSave(state: EditDialogState): boolean {
  if (state.busy || state.model === null) return false;
  if (state.mode === 'create') return true;
  return state.mode === 'edit' && state.dirty;
}

function close(state: EditDialogState): EditDialogState {
  return { ...state, mode: 'closed', prompt: null, busy: false };
}

export function editDialogReducer(
  state: EditDialogState,
  action: EditDialogAction,
): EditDialogState {
  if (state.mode === 'closed') return state;
  switch (action.type) {
    case 'loaded':
      return { ...state, original: action.model, model: action.model, dirty: false };
    case 'changed':
      if (!isEditing(state) || state.busy) return state;
      return { ...state, model: action.model, dirty: !isSameModel(action.model, state.original) };
    case 'unlock':
      return state.mode === 'view' ? { ...state, mode: 'edit' } : state;
    case 'lock':
      // Locking would hide unsaved changes, so it waits until they are saved or discarded.
      return state.mode === 'edit' && !state.dirty && !state.busy
        ? { ...state, mode: 'view' }
        : state;
    case 'blocked':
      return { ...state, hookErrors: action.errors };
    case 'saveStarted':
      if (!isEditing(state) || state.busy) return state;
      return { ...state, busy: true, hookErrors: [], prompt: null, addAnother: action.addAnother };
    case 'saveFailed':
      return { ...state, busy: false, serverError: action.error };
    case 'saveWarned':
      return {
        ...state,
        busy: false,
        prompt: { kind: 'warnings', text: action.text, retry: 'save' },
      };
    case 'saved':
      // Add another stays busy until the fresh record's model arrives (newRecord).
      if (state.addAnother) return { ...state, saved: action.record };
      return {
        ...close(state),
        saved: action.record,
        confirmed: true,
        serverError: undefined,
        dirty: false,
      };
    case 'newRecord':
      return {
        ...initialEditState({ create: true }),
        original: action.model,
        model: action.model,
        saved: state.saved,
        generation: state.generation + 1,
      };
    case 'closeRequested':
      if (state.busy) return state;
      return isEditing(state) && state.dirty && action.warnOnCancel
        ? { ...state, prompt: { kind: 'discard' } }
        : close(state);
    case 'deleteRequested':
      return state.mode === 'create' || state.busy
        ? state
        : { ...state, prompt: { kind: 'delete' } };
    case 'deleteStarted':
      return { ...state, busy: true, prompt: null };
    case 'deleteFailed':
      return { ...state, busy: false, serverError: action.error };
    case 'deleteWarned':
      return {
        ...state,
        busy: false,
        prompt: { kind: 'warnings', text: action.text, retry: 'delete' },
      };
    case 'deleted':
      return { ...close(state), deleted: true };
    case 'promptConfirmed':
      // Only discard closes here; delete and continue-anyway confirmations start requests.
      return state.prompt?.kind === 'discard' ? close(state) : { ...state, prompt: null };
    case 'promptDismissed':
      return { ...state, prompt: null };
    case 'previewToggled':
      return { ...state, previewing: !state.previewing };
  }
}
