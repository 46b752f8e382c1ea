import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { en } from '../../test/catalogue';
import { json } from '../../test/fake-api';
import {
  openDialog,
  paperOf,
  partnerApi,
  result,
  saveButton,
  savedItem,
} from './edit-dialog-test-kit';
import { STACK_SHIFT_PX } from './stacked-dialog';

describe('edit dialog (spec §2, §4)', () => {
  it('creates a record: Add title, POST, undo offered, closes and resolves saved', async () => {
    const calls = partnerApi();
    const { user, dialog } = await openDialog({ table: 'partner', initialModel: { name: 'Lipa' } });
    expect(within(dialog).getByRole('heading', { name: en('schemaForm.dialog.add') })).toBeTruthy();
    expect(screen.getByTestId<HTMLInputElement>('field-name').value).toBe('Lipa');
    await user.type(screen.getByTestId('field-code'), 'P9');
    await user.click(saveButton());
    await waitFor(() => expect(result()).not.toBe(''));
    expect(JSON.parse(result()).saved).toMatchObject({ code: 'P9', name: 'Lipa', key: 'k1' });
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      code: 'P9',
      name: 'Lipa',
    });
    expect(screen.queryByTestId('edit-dialog')).toBeNull();
    expect(screen.getByTestId('undo-snackbar').textContent).toContain(en('schemaForm.undo.saved'));
  });

  it('on warnings only asks in an Error dialog and saves again with ignoreWarnings', async () => {
    let posts = 0;
    const calls = partnerApi({
      'POST /api/cl/:name': ({ body }) => {
        posts += 1;
        if (posts === 1) {
          return json(
            { error: [], warning: [{ msg: 'A partner named Lipa exists.', parameters: [] }] },
            400,
          );
        }
        return json({ item: savedItem(body), undoId: 'u-1' }, 201);
      },
    });
    const { user } = await openDialog({ table: 'partner' });
    await user.type(screen.getByTestId('field-code'), 'P9');
    await user.click(saveButton());
    const question = await screen.findByTestId('edit-dialog-prompt-warnings');
    expect(
      within(question).getByRole('heading', { name: en('schemaForm.dialog.errorTitle') }),
    ).toBeTruthy();
    expect(within(question).getByTestId('edit-dialog-prompt-warnings-text').textContent).toBe(
      `${en('common.error.infoPrefix')} A partner named Lipa exists.`,
    );
    await user.click(
      within(question).getByRole('button', { name: en('schemaForm.dialog.continueAnyway') }),
    );
    await waitFor(() => expect(result()).not.toBe(''));
    const paths = calls.filter((call) => call.method === 'POST').map((call) => call.path);
    expect(paths).toEqual(['/api/cl/partner', '/api/cl/partner?ignoreWarnings=true']);
  });

  it('shows a server error at its field and keeps the dialog open', async () => {
    partnerApi({
      'POST /api/cl/:name': () =>
        json(
          { error: [{ msg: 'P9 is already used.', parameters: [], field: 'code' }], warning: [] },
          400,
        ),
    });
    const { user } = await openDialog({ table: 'partner' });
    const code = screen.getByTestId('field-code');
    await user.type(code, 'P9');
    await user.click(saveButton());
    await waitFor(() =>
      expect(document.getElementById(`${code.id}-helper-text`)?.textContent).toBe(
        'P9 is already used.',
      ),
    );
    expect(screen.getByTestId('edit-dialog')).toBeTruthy();
  });

  it('blocks saving with the validate hook result shown as an error', async () => {
    const calls = partnerApi();
    const { user } = await openDialog({
      table: 'partner',
      validate: (model) => (model.code === 'BAD' ? 'This code is reserved.' : true),
    });
    await user.type(screen.getByTestId('field-code'), 'BAD');
    await user.click(saveButton());
    expect(
      within(screen.getByTestId('edit-dialog-form-summary')).getByText('This code is reserved.'),
    ).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('does not save a record that breaks the schema rules', async () => {
    const calls = partnerApi();
    const { user } = await openDialog({ table: 'partner' });
    await user.click(saveButton());
    expect(await screen.findByText(en('validation.required'))).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('asks before discarding changes on close, unless warnOnCancel is false', async () => {
    partnerApi();
    const { user } = await openDialog({ table: 'partner' });
    await user.type(screen.getByTestId('field-code'), 'P9');
    await user.click(screen.getByTestId('edit-dialog-cancel'));
    const question = await screen.findByTestId('edit-dialog-prompt-discard');
    expect(within(question).getByText(en('common.discardChanges'))).toBeTruthy();
    await user.click(
      within(question).getByRole('button', { name: en('schemaForm.dialog.cancel') }),
    );
    expect(screen.getByTestId('edit-dialog')).toBeTruthy();
    await user.keyboard('{Escape}');
    await user.click(
      within(await screen.findByTestId('edit-dialog-prompt-discard')).getByRole('button', {
        name: en('schemaForm.dialog.discard'),
      }),
    );
    await waitFor(() => expect(result()).toBe('{"confirmed":false,"deleted":false}'));
    expect(screen.queryByTestId('edit-dialog')).toBeNull();
  });

  it('closes a changed dialog at once when warnOnCancel is false', async () => {
    partnerApi();
    const { user } = await openDialog({ table: 'partner', warnOnCancel: false });
    await user.type(screen.getByTestId('field-code'), 'P9');
    await user.click(screen.getByTestId('edit-dialog-cancel'));
    await waitFor(() => expect(result()).toBe('{"confirmed":false,"deleted":false}'));
    expect(screen.queryByTestId('edit-dialog-prompt-discard')).toBeNull();
  });

  it('opens a record locked; saving needs an unlock and a change, then PUTs it', async () => {
    const calls = partnerApi();
    const { user, dialog } = await openDialog({ table: 'partner', key: 'k1' });
    expect(within(dialog).getByRole('heading', { name: 'P1 Šumi' })).toBeTruthy();
    expect(screen.getByTestId<HTMLInputElement>('field-name').disabled).toBe(true);
    expect(saveButton().disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: en('schemaForm.dialog.unlock') }));
    expect(saveButton().disabled).toBe(true);
    await user.type(screen.getByTestId('field-name'), ' d.o.o.');
    expect(saveButton().disabled).toBe(false);
    await user.click(saveButton());
    await waitFor(() => expect(result()).not.toBe(''));
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe('/api/cl/partner/k1');
    expect(put?.body).toMatchObject({ name: 'Šumi d.o.o.', version: 1 });
  });

  it('hides the unlock toggle when canUnlock is false', async () => {
    partnerApi();
    await openDialog({ table: 'partner', key: 'k1', canUnlock: false, canDelete: false });
    expect(screen.queryByTestId('edit-dialog-lock')).toBeNull();
    expect(screen.queryByTestId('edit-dialog-delete')).toBeNull();
  });

  it('offers no delete or add another when the table allows neither (GET /api/cl)', async () => {
    partnerApi({}, { rights: { canDelete: false, canCreate: false } });
    await openDialog({ table: 'partner', key: 'k1' });
    expect(await screen.findByTestId('edit-dialog-lock')).toBeTruthy();
    expect(screen.queryByTestId('edit-dialog-delete')).toBeNull();
    expect(screen.queryByTestId('edit-dialog-add-another')).toBeNull();
  });

  it('offers no unlock to a user who may not change the table', async () => {
    partnerApi({}, { rights: { canWrite: false, canDelete: false, canCreate: false } });
    await openDialog({ table: 'partner', key: 'k1' });
    await screen.findByTestId('edit-dialog-close');
    expect(screen.queryByTestId('edit-dialog-lock')).toBeNull();
    expect(screen.queryByTestId('edit-dialog-delete')).toBeNull();
  });

  it('deletes after a confirmation and offers undo', async () => {
    const calls = partnerApi();
    const { user } = await openDialog({ table: 'partner', key: 'k1' });
    await user.click(screen.getByTestId('edit-dialog-delete'));
    await user.click(await screen.findByTestId('edit-dialog-prompt-delete-confirm'));
    await waitFor(() => expect(result()).toBe('{"confirmed":false,"deleted":true}'));
    expect(calls.find((call) => call.method === 'DELETE')?.body).toEqual({ keys: ['k1'] });
    expect(screen.getByTestId('undo-snackbar').textContent).toContain(
      en('schemaForm.undo.deleted'),
    );
  });

  it('adds another: saves, then starts a new record in the same dialog', async () => {
    const calls = partnerApi();
    const { user, dialog } = await openDialog({ table: 'partner' });
    await user.type(screen.getByTestId('field-code'), 'P9');
    await user.click(screen.getByRole('button', { name: en('schemaForm.dialog.addAnother') }));
    await waitFor(() => expect(screen.getByTestId<HTMLInputElement>('field-code').value).toBe(''));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    expect(within(dialog).getByRole('heading', { name: en('schemaForm.dialog.add') })).toBeTruthy();
    await user.click(screen.getByTestId('edit-dialog-close'));
    await waitFor(() => expect(JSON.parse(result() || '{}').saved?.code).toBe('P9'));
  });

  it('stacks a second dialog and moves the first one aside so both stay visible', async () => {
    partnerApi();
    const { user } = await openDialog({ table: 'partner', key: 'k1' });
    await user.click(screen.getByRole('button', { name: 'open', hidden: true }));
    await waitFor(() => expect(screen.getAllByTestId('edit-dialog')).toHaveLength(2));
    const dialogs = screen.getAllByTestId('edit-dialog');
    expect(dialogs.map((item) => item.getAttribute('data-depth'))).toEqual(['1', '0']);
    const [parent, top] = dialogs.map((item) => getComputedStyle(paperOf(item)).transform);
    expect(parent).toBe(`translateX(-${STACK_SHIFT_PX}px)`);
    expect(top === '' || top === 'none').toBe(true);
  });
});
