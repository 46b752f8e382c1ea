import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { docFile, docRow, previewInfo, workApi } from './work-test-kit';

describe('the document editor and the edit dialogs report their changes', () => {
  it('asks before a menu link takes the user away from an edited document', async () => {
    workApi({
      'GET /api/doc/:key': () => json(docRow(1)),
      'POST /api/doc/:id/preview.info': () =>
        json(previewInfo('d-1', [docFile('main-1', { fileTypeCode: 'main' })])),
    });
    const app = renderApp('/o/org-1/work/edit/d-1');
    const user = userEvent.setup();
    const number = await screen.findByTestId('field-number');
    await user.type(number, '-X');
    await user.click(screen.getByTestId('work-tile-all'));
    expect(await screen.findByTestId('leave-guard')).toBeTruthy();
    expect(app.location()).toBe('/o/org-1/work/edit/d-1');
    await user.click(screen.getByTestId('leave-guard-confirm'));
    await waitFor(() => expect(app.location()).toBe('/o/org-1/work/index'));
  });
});
