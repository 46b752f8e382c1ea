import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { en } from '../../test/catalogue';
import { openDialog, partnerApi, partnerSchema } from './edit-dialog-test-kit';
import type { RecordPreviewProps } from './record-preview';

/** A preview as the app gives one: it names the record it shows, and can close itself. */
const renderPreview = ({ table, recordKey, onClose }: RecordPreviewProps) => (
  <div data-testid="fake-preview">
    {table}:{recordKey}
    <button type="button" onClick={onClose}>
      close preview
    </button>
  </div>
);

const withPreview = { schema: { ...partnerSchema, options: { canShowPreview: true } } };

describe('spec §2: the edit dialog’s eye shows the record’s preview beside the form', () => {
  it('shows the files of the record opened, beside its form, and hides them again', async () => {
    partnerApi({}, withPreview);
    const { dialog, user } = await openDialog({ table: 'partner', key: 'k1' }, renderPreview);
    expect(screen.queryByTestId('fake-preview')).toBeNull();
    await user.click(within(dialog).getByTestId('edit-dialog-preview'));
    const panel = await within(dialog).findByTestId('edit-dialog-preview-panel');
    expect(within(panel).getByTestId('fake-preview').textContent).toContain('partner:k1');
    // The form stays beside it.
    expect(within(dialog).getByTestId('edit-dialog-form')).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'close preview' }));
    await waitFor(() => expect(screen.queryByTestId('fake-preview')).toBeNull());
    expect(within(dialog).getByTestId('edit-dialog-preview').getAttribute('aria-label')).toBe(
      en('schemaForm.dialog.preview'),
    );
  });

  it('shows no preview for a record not saved yet', async () => {
    partnerApi({}, withPreview);
    const { dialog, user } = await openDialog({ table: 'partner' }, renderPreview);
    const eye = within(dialog).queryByTestId('edit-dialog-preview');
    if (eye) await user.click(eye);
    expect(screen.queryByTestId('fake-preview')).toBeNull();
  });
});
