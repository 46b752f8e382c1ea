import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { en } from '../../test/catalogue';
import { json, type RecordedCall } from '../../test/fake-api';
import { openDialog, partnerApi, result } from './edit-dialog-test-kit';

const inUse = () =>
  json(
    {
      error: [],
      warning: [{ msg: 'Cost centre C1 is the default of 2 partners.', parameters: [] }],
    },
    400,
  );

/** A DELETE that warns until it is repeated with ignoreWarnings=true (spec §8 shape). */
function warningDelete() {
  return partnerApi({
    'DELETE /api/cl/:name': ({ path }) =>
      path.includes('ignoreWarnings=true') ? json({ deleted: 1, undoId: 'u-9' }) : inUse(),
  });
}

const deletes = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'DELETE');

async function deleteAndGetWarned() {
  const { user } = await openDialog({ table: 'partner', key: 'k1' });
  await user.click(screen.getByTestId('edit-dialog-delete'));
  await user.click(await screen.findByTestId('edit-dialog-prompt-delete-confirm'));
  const question = await screen.findByTestId('edit-dialog-prompt-warnings');
  return { user, question };
}

describe('edit dialog delete with warnings (spec §4, §8)', () => {
  it('asks in the Error dialog and on Continue anyway deletes again ignoring warnings', async () => {
    const calls = warningDelete();
    const { user, question } = await deleteAndGetWarned();
    expect(
      within(question).getByRole('heading', { name: en('schemaForm.dialog.errorTitle') }),
    ).toBeTruthy();
    expect(within(question).getByTestId('edit-dialog-prompt-warnings-text').textContent).toBe(
      `${en('common.error.infoPrefix')} Cost centre C1 is the default of 2 partners.`,
    );
    await user.click(
      within(question).getByRole('button', { name: en('schemaForm.dialog.continueAnyway') }),
    );
    await waitFor(() => expect(result()).toBe('{"confirmed":false,"deleted":true}'));
    expect(deletes(calls).map((call) => [call.path, call.body])).toEqual([
      ['/api/cl/partner', { keys: ['k1'] }],
      ['/api/cl/partner?ignoreWarnings=true', { keys: ['k1'] }],
    ]);
    expect(screen.getByTestId('undo-snackbar').textContent).toContain(
      en('schemaForm.undo.deleted'),
    );
  });

  it('deletes nothing on Cancel and keeps the dialog open', async () => {
    const calls = warningDelete();
    const { user, question } = await deleteAndGetWarned();
    await user.click(
      within(question).getByRole('button', { name: en('schemaForm.dialog.cancel') }),
    );
    await waitFor(() => expect(screen.queryByTestId('edit-dialog-prompt-warnings')).toBeNull());
    expect(deletes(calls)).toHaveLength(1);
    expect(screen.getByTestId('edit-dialog')).toBeTruthy();
    expect(result()).toBe('');
  });
});
