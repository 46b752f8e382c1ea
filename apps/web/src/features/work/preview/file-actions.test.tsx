import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import type { PreviewInfo } from '@listina/contract';
import { RootLayout } from '../../../app/guard';
import { en } from '../../../test/catalogue';
import { json } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { UndoProvider } from '../../../schema-ui/undo/undo-snackbar';
import { docFile, previewInfo, workApi } from '../work-test-kit';
import { PreviewPanel } from './preview-panel';

/**
 * spec §4, issue 24: a change of the document's files offers the usual undo snackbar; Undo
 * calls the change's undo and shows the files as the server has them again.
 */
function renderWithFiles(canChangeFiles = true) {
  const before = previewInfo(
    'd-1',
    [
      docFile('f-main', { fileTypeCode: 'main', name: 'invoice.pdf' }),
      docFile('f-att', { fileTypeCode: 'attachment', name: 'scan.pdf' }),
    ],
    canChangeFiles,
  );
  let current: PreviewInfo = before;
  const afterChange = (files: PreviewInfo['files']) => {
    current = previewInfo('d-1', files);
    return json({ ...current, undoId: 'u-1' });
  };
  const calls = workApi({
    'POST /api/doc/:id/preview.info': () => json(current),
    'GET /api/file/:token': () =>
      new Response('%PDF-1.4', { headers: { 'content-type': 'application/pdf' } }),
    'DELETE /api/doc/:id/file/:fileKey': () => afterChange(before.files.slice(1)),
    'POST /api/doc/:id/file/:fileKey/move': () =>
      afterChange(before.files.map((f) => ({ ...f, fileTypeCode: 'attachment' as const }))),
    'POST /api/undo/:id': () => {
      current = before;
      return json({ ok: true, tables: ['doc'] });
    },
  });
  const routes: RouteObject[] = [
    {
      element: <RootLayout />,
      children: [
        {
          path: '/panel',
          element: (
            <UndoProvider>
              <PreviewPanel documentKey="d-1" costLines={[]} onClose={() => undefined} />
            </UndoProvider>
          ),
        },
      ],
    },
  ];
  renderApp('/panel', routes);
  return calls;
}

const tabs = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

describe('file actions in the preview', () => {
  it('offers undo after deleting a file, and Undo brings the file back', async () => {
    const calls = renderWithFiles();
    await userEvent.click(await screen.findByTestId('preview-delete-file'));
    const confirm = await screen.findByTestId('preview-delete-confirm');
    await userEvent.click(
      within(confirm).getByRole('button', { name: en('work.preview.deleteFile') }),
    );
    await waitFor(() => expect(tabs()).toHaveLength(1));
    expect(await screen.findByText(en('schemaForm.undo.deleted'))).toBeTruthy();

    await userEvent.click(screen.getByTestId('undo-button'));
    await waitFor(() => expect(tabs()).toHaveLength(2));
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/undo/u-1')).toBe(true);
  });

  it('offers undo after moving the main file to the attachments', async () => {
    const calls = renderWithFiles();
    await userEvent.click(await screen.findByTestId('preview-move-attachment'));
    expect(await screen.findByText(en('schemaForm.undo.saved'))).toBeTruthy();
    await userEvent.click(screen.getByTestId('undo-button'));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === '/api/undo/u-1')).toBe(true),
    );
  });

  it('offers no file action where the server says the files may not change now', async () => {
    renderWithFiles(false);
    await waitFor(() => expect(tabs()).toHaveLength(2));
    for (const id of [
      'preview-add-file',
      'preview-make-main',
      'preview-move-attachment',
      'preview-delete-file',
    ])
      expect(screen.queryByTestId(id)).toBeNull();
  });
});
