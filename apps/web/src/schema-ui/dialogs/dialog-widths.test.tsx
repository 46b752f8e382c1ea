import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { en } from '../../test/catalogue';
import { json } from '../../test/fake-api';
import { openDialog, paperOf, partnerApi, partnerSchema } from './edit-dialog-test-kit';
import { StackedDialog } from './stacked-dialog';
import { renderInShell } from './test-support';
import { useDialogs } from './dialog-context';

const maxWidthOf = (dialog: HTMLElement) => getComputedStyle(paperOf(dialog)).maxWidth;
const previewSchema = { ...partnerSchema, options: { canShowPreview: true } };

describe('edit dialog preview (eye, spec §2)', () => {
  it('offers no eye when the schema does not say canShowPreview', async () => {
    partnerApi();
    await openDialog({ table: 'partner', key: 'k1' });
    expect(screen.queryByTestId('edit-dialog-preview')).toBeNull();
  });

  it('shows the eye with canShowPreview; toggling it widens the dialog to 3000 and back', async () => {
    partnerApi({}, { schema: previewSchema });
    const onPreview = vi.fn();
    const { user, dialog } = await openDialog({ table: 'partner', key: 'k1', onPreview });
    expect(maxWidthOf(dialog)).toBe('800px');
    const eye = within(dialog).getByRole('button', { name: en('schemaForm.dialog.preview') });
    expect(eye.getAttribute('aria-pressed')).toBe('false');

    await user.click(eye);
    const hide = within(dialog).getByRole('button', { name: en('schemaForm.dialog.hidePreview') });
    expect(hide.getAttribute('aria-pressed')).toBe('true');
    expect(maxWidthOf(dialog)).toBe('3000px');
    expect(onPreview).toHaveBeenLastCalledWith(true, expect.objectContaining({ code: 'P1' }));

    await user.click(hide);
    expect(maxWidthOf(dialog)).toBe('800px');
    expect(onPreview).toHaveBeenLastCalledWith(false, expect.objectContaining({ code: 'P1' }));
  });
});

function GridOpener() {
  const dialogs = useDialogs();
  return (
    <button type="button" onClick={() => void dialogs.openGrid({ table: 'country' })}>
      open grid
    </button>
  );
}

describe('dialog max widths (spec §9)', () => {
  it('is 400 for a dialog of no particular kind', () => {
    render(
      <StackedDialog open onClose={() => undefined} depth={0} labelledBy="t" testId="plain">
        <h2 id="t">Plain</h2>
      </StackedDialog>,
    );
    expect(maxWidthOf(screen.getByTestId('plain'))).toBe('400px');
  });

  it('is 800 for a schema (edit) dialog and 400 for its questions', async () => {
    partnerApi();
    const { user, dialog } = await openDialog({ table: 'partner' });
    expect(maxWidthOf(dialog)).toBe('800px');
    await user.type(screen.getByTestId('field-code'), 'P9');
    await user.click(screen.getByTestId('edit-dialog-cancel'));
    expect(maxWidthOf(await screen.findByTestId('edit-dialog-prompt-discard'))).toBe('400px');
  });

  it('is 1400 for a grid dialog', async () => {
    partnerApi({
      'GET /api/cl/schema/:name': () =>
        json({ id: 'country', fields: [{ name: 'code', inputType: 'text' }] }),
      'GET /api/cl/:name': () => json({ items: [], nextCursor: null }),
    });
    renderInShell(<GridOpener />);
    await userEvent.click(await screen.findByRole('button', { name: 'open grid' }));
    const dialog = await screen.findByTestId('grid-dialog');
    await waitFor(() => expect(maxWidthOf(dialog)).toBe('1400px'));
  });
});
