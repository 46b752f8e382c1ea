import { describe, expect, it } from 'vitest';
import {
  canSave,
  editDialogReducer,
  initialEditState,
  isSameModel,
  type EditDialogAction,
  type EditDialogState,
} from './edit-dialog-state';

const record = { id: 1, key: 'k1', displayTitle: 'P1 Šumi', code: 'P1', name: 'Šumi' };
const saved = { ...record, version: 2 };

function run(state: EditDialogState, ...actions: EditDialogAction[]): EditDialogState {
  return actions.reduce(editDialogReducer, state);
}

const viewing = () => run(initialEditState({ create: false }), { type: 'loaded', model: record });
const editing = () => run(viewing(), { type: 'unlock' });
const changed = () => run(editing(), { type: 'changed', model: { ...record, name: 'Lipa' } });
const creating = () =>
  run(initialEditState({ create: true }), { type: 'loaded', model: { code: '', name: '' } });

describe('edit dialog state machine (spec §4 Dialog)', () => {
  it('opens in view mode with a key, edit mode when writeable, create mode without a key', () => {
    expect(initialEditState({ create: false }).mode).toBe('view');
    expect(initialEditState({ create: false, writeable: true }).mode).toBe('edit');
    expect(initialEditState({ create: true, writeable: true }).mode).toBe('create');
  });

  it('ignores changes while locked; unlocking allows them and marks the dialog dirty', () => {
    const locked = run(viewing(), { type: 'changed', model: { ...record, name: 'x' } });
    expect(locked.model).toEqual(record);
    expect(locked.dirty).toBe(false);
    expect(changed().dirty).toBe(true);
    const back = run(changed(), { type: 'changed', model: record });
    expect(back.dirty).toBe(false);
  });

  it('treats an empty text, null and a missing value as unchanged', () => {
    expect(isSameModel({ a: '', b: 1 }, { b: 1, a: null })).toBe(true);
    expect(isSameModel({ b: 1 }, { b: 1, c: undefined })).toBe(true);
    expect(isSameModel({ a: 'x' }, { a: null })).toBe(false);
  });

  it('locks again only without unsaved changes', () => {
    expect(run(editing(), { type: 'lock' }).mode).toBe('view');
    expect(run(changed(), { type: 'lock' }).mode).toBe('edit');
  });

  it('allows saving in create mode, in edit mode only after a change, never while busy', () => {
    expect(canSave(viewing())).toBe(false);
    expect(canSave(editing())).toBe(false);
    expect(canSave(changed())).toBe(true);
    expect(canSave(creating())).toBe(true);
    const busy = run(changed(), { type: 'saveStarted', addAnother: false });
    expect(busy.busy).toBe(true);
    expect(canSave(busy)).toBe(false);
    expect(run(busy, { type: 'changed', model: record }).model).toEqual(busy.model);
  });

  it('keeps the validate hook errors until the next save starts', () => {
    const blocked = run(changed(), { type: 'blocked', errors: ['Name is taken.'] });
    expect(blocked.hookErrors).toEqual(['Name is taken.']);
    expect(run(blocked, { type: 'saveStarted', addAnother: false }).hookErrors).toEqual([]);
  });

  it('closes confirmed with the saved record after a successful save', () => {
    const done = run(
      changed(),
      { type: 'saveStarted', addAnother: false },
      { type: 'saved', record: saved },
    );
    expect(done.mode).toBe('closed');
    expect(done.saved).toEqual(saved);
    expect(done.confirmed).toBe(true);
    expect(done.busy).toBe(false);
  });

  it('closes unconfirmed when cancelled after add another saved a record', () => {
    const fresh = run(
      changed(),
      { type: 'saveStarted', addAnother: true },
      { type: 'saved', record: saved },
      { type: 'newRecord', model: { code: '' } },
    );
    expect(fresh.confirmed).toBe(false);
    const closed = run(fresh, { type: 'closeRequested', warnOnCancel: true });
    expect(closed).toMatchObject({ mode: 'closed', saved, confirmed: false });
  });

  it('keeps the server error of a failed save for the form', () => {
    const error = new Error('400');
    const failed = run(
      changed(),
      { type: 'saveStarted', addAnother: false },
      { type: 'saveFailed', error },
    );
    expect(failed.mode).toBe('edit');
    expect(failed.busy).toBe(false);
    expect(failed.serverError).toBe(error);
  });

  it('asks to continue on warnings only, and saving again clears the question', () => {
    const warned = run(
      changed(),
      { type: 'saveStarted', addAnother: false },
      { type: 'saveWarned', error: new Error('w'), text: 'Note: similar partner' },
    );
    expect(warned.prompt).toEqual({
      kind: 'warnings',
      text: 'Note: similar partner',
      retry: 'save',
    });
    expect(run(warned, { type: 'promptDismissed' }).prompt).toBeNull();
    const again = run(warned, { type: 'saveStarted', addAnother: false });
    expect(again.prompt).toBeNull();
    expect(again.busy).toBe(true);
  });

  it('asks to continue a delete answered with warnings only, and deletes nothing on dismiss', () => {
    const warned = run(
      changed(),
      { type: 'deleteStarted' },
      { type: 'deleteWarned', text: 'Note: in use' },
    );
    expect(warned.prompt).toEqual({ kind: 'warnings', text: 'Note: in use', retry: 'delete' });
    expect(warned.busy).toBe(false);
    const dismissed = run(warned, { type: 'promptDismissed' });
    expect(dismissed.prompt).toBeNull();
    expect(dismissed.deleted).toBe(false);
    expect(dismissed.mode).toBe('edit');
  });

  it('asks before closing a changed dialog, unless warnOnCancel is false', () => {
    const asking = run(changed(), { type: 'closeRequested', warnOnCancel: true });
    expect(asking.mode).toBe('edit');
    expect(asking.prompt).toEqual({ kind: 'discard' });
    expect(run(asking, { type: 'promptDismissed' }).mode).toBe('edit');
    expect(run(asking, { type: 'promptConfirmed' }).mode).toBe('closed');
    expect(run(changed(), { type: 'closeRequested', warnOnCancel: false }).mode).toBe('closed');
    expect(run(editing(), { type: 'closeRequested', warnOnCancel: true }).mode).toBe('closed');
    expect(run(viewing(), { type: 'closeRequested', warnOnCancel: true }).mode).toBe('closed');
  });

  it('does not close while a request runs', () => {
    const busy = run(changed(), { type: 'saveStarted', addAnother: false });
    expect(run(busy, { type: 'closeRequested', warnOnCancel: false }).mode).toBe('edit');
  });

  it('confirms a delete, then closes as deleted or keeps the error', () => {
    expect(run(creating(), { type: 'deleteRequested' }).prompt).toBeNull();
    const asking = run(viewing(), { type: 'deleteRequested' });
    expect(asking.prompt).toEqual({ kind: 'delete' });
    const deleting = run(asking, { type: 'deleteStarted' });
    expect(deleting.busy).toBe(true);
    expect(deleting.prompt).toBeNull();
    const deleted = run(deleting, { type: 'deleted' });
    expect(deleted.mode).toBe('closed');
    expect(deleted.deleted).toBe(true);
    const error = new Error('409');
    expect(run(deleting, { type: 'deleteFailed', error }).serverError).toBe(error);
  });

  it('starts a fresh create after saving with add another, remembering the saved record', () => {
    const savedOne = run(
      changed(),
      { type: 'saveStarted', addAnother: true },
      { type: 'saved', record: saved },
    );
    expect(savedOne.mode).toBe('edit');
    expect(savedOne.busy).toBe(true);
    const fresh = run(savedOne, { type: 'newRecord', model: { code: '' } });
    expect(fresh).toMatchObject({
      mode: 'create',
      busy: false,
      dirty: false,
      saved,
      generation: 1,
    });
    expect(fresh.model).toEqual({ code: '' });
  });

  it('toggles the preview', () => {
    const shown = run(viewing(), { type: 'previewToggled' });
    expect(shown.previewing).toBe(true);
    expect(run(shown, { type: 'previewToggled' }).previewing).toBe(false);
  });

  it('ignores every action once closed', () => {
    const closed = run(viewing(), { type: 'closeRequested', warnOnCancel: true });
    expect(run(closed, { type: 'unlock' }, { type: 'loaded', model: {} })).toBe(closed);
  });
});
