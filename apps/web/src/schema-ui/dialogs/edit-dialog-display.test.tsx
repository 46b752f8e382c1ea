import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { en } from '../../test/catalogue';
import { json } from '../../test/fake-api';
import { openDialog, partnerApi, partnerRecord } from './edit-dialog-test-kit';

/** The record the server reads for key k1, with these fields over the usual partner. */
const readAs = (fields: object) => ({
  'GET /api/cl/:name/:key': () => json({ ...partnerRecord, ...fields }),
});

describe('edit dialog title (spec §3: displayTitle, else code, else Edit; on create the given title or Add)', () => {
  it('shows the code when the displayTitle is empty', async () => {
    partnerApi(readAs({ displayTitle: '' }));
    const { dialog } = await openDialog({ table: 'partner', key: 'k1' });
    expect(within(dialog).getByRole('heading', { name: 'P1' })).toBeTruthy();
  });

  it('shows the translated Edit when the record has neither displayTitle nor code', async () => {
    partnerApi(readAs({ displayTitle: '', code: null }));
    const { dialog } = await openDialog({ table: 'partner', key: 'k1' });
    expect(
      within(dialog).getByRole('heading', { name: en('schemaForm.dialog.edit') }),
    ).toBeTruthy();
  });

  it('shows the given title on create instead of Add', async () => {
    partnerApi();
    const { dialog } = await openDialog({ table: 'partner', title: 'New customer' });
    expect(within(dialog).getByRole('heading', { name: 'New customer' })).toBeTruthy();
    expect(within(dialog).queryByRole('heading', { name: en('schemaForm.dialog.add') })).toBeNull();
  });
});

describe('edit dialog messages (spec §5: grouped into comments, errors, warnings and notifications, with icons)', () => {
  it("shows each group of the server's record messages with its own icon", async () => {
    partnerApi(
      readAs({
        validations: [
          { validationCodeTypeCode: 'notification', validationCode: 'Sent to the bank.' },
          { validationCodeTypeCode: 'warning', validationCode: 'The VAT ID is not checked.' },
          { validationCodeTypeCode: 'error', validationCode: 'The IBAN is closed.' },
          { validationCodeTypeCode: 'comment', validationCode: 'Checked by Ana.' },
        ],
      }),
    );
    await openDialog({ table: 'partner', key: 'k1' });
    const summary = screen.getByTestId('edit-dialog-form-summary');
    const groups = [
      ['comment', 'Checked by Ana.'],
      ['error', 'The IBAN is closed.'],
      ['warning', '* The VAT ID is not checked.'],
      ['notification', 'Sent to the bank.'],
    ] as const;
    // In this order, each titled by its group, with its line and its icon.
    const alerts = within(summary).getAllByRole('alert');
    expect(alerts.map((alert) => alert.getAttribute('data-testid'))).toEqual(
      groups.map(([group]) => `edit-dialog-form-summary-${group}`),
    );
    const iconShapes = groups.map(([group, line], index) => {
      const alert = alerts[index] as HTMLElement;
      expect(within(alert).getByText(en(`schemaForm.group.${group}`))).toBeTruthy();
      expect(within(alert).getByText(line)).toBeTruthy();
      const icon = within(alert).getByTestId(`edit-dialog-form-summary-${group}-icon`);
      expect(icon.tagName.toLowerCase()).toBe('svg');
      return icon.querySelector('path')?.getAttribute('d');
    });
    // Four different icons, one for each group.
    expect(new Set(iconShapes).size).toBe(4);
  });
});
