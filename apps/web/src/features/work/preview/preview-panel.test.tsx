import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { RootLayout } from '../../../app/guard';
import { en } from '../../../test/catalogue';
import { json } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { UndoProvider } from '../../../schema-ui/undo/undo-snackbar';
import { docFile, docRow, previewInfo, workApi } from '../work-test-kit';
import { PreviewPanel } from './preview-panel';

const LIQUIDATION_KEY = 'listina.preview.liquidation';
const costLines = [
  { id: 1, account: '4100', amount: '1200.5' },
  { id: 2, account: '4200', amount: '10', markForDelete: true },
];

function renderPanel(files: ReturnType<typeof docFile>[]) {
  const calls = workApi({
    'POST /api/doc/:id/preview.info': () => json(previewInfo('d-1', files)),
    'GET /api/file/:token': () =>
      new Response('<Invoice><ID>R-1</ID></Invoice>', {
        headers: { 'content-type': 'application/xml' },
      }),
  });
  const onClose = vi.fn();
  const routes: RouteObject[] = [
    {
      element: <RootLayout />,
      children: [
        {
          path: '/panel',
          element: (
            <UndoProvider>
              <PreviewPanel documentKey="d-1" costLines={costLines} onClose={onClose} />
            </UndoProvider>
          ),
        },
      ],
    },
  ];
  return { ...renderApp('/panel', routes), calls, onClose };
}

describe('document preview panel', () => {
  it('shows a tab per visible file, main file first, and each file by its kind', async () => {
    const { calls } = renderPanel([
      docFile('att-xml', { fileType: 'einvoice-xml', previewTitle: 'e-SLOG', name: 'r.xml' }),
      docFile('hidden', { visibility: 0 }),
      docFile('main', { fileTypeCode: 'main', previewTitle: 'Scan' }),
    ]);
    const tabs = await screen.findAllByTestId('preview-tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Scan', 'e-SLOG']);
    expect(screen.getByTestId('preview-image').getAttribute('src')).toBe('/api/file/main-token');
    expect(screen.getByTestId('preview-download').getAttribute('href')).toBe(
      '/api/file/main-token?download=1',
    );
    expect(screen.getByTestId('preview-move-attachment')).toBeTruthy();
    const call = calls.find((c) => c.path.endsWith('/preview.info'));
    expect(call).toMatchObject({ method: 'POST', path: '/api/doc/d-1/preview.info' });

    await userEvent.click(tabs[1] as HTMLElement);
    expect((await screen.findByTestId('preview-text')).textContent).toBe(
      '<Invoice>\n  <ID>R-1</ID>\n</Invoice>',
    );
    // The signed link is used as it is: no apikey goes with it.
    const read = calls.find((c) => c.path === '/api/file/att-xml-token');
    expect(read?.headers.get('authorization')).toBeNull();
    expect(screen.getByTestId('preview-make-main')).toBeTruthy();
  });

  it('says the document has no files, and still offers to add one', async () => {
    renderPanel([]);
    expect((await screen.findByTestId('preview-no-document')).textContent).toBe(
      en('work.preview.noDocument'),
    );
    expect(screen.queryAllByTestId('preview-tab')).toHaveLength(0);
    expect(screen.getByTestId('preview-add-file')).toBeTruthy();
  });

  it('offers a download link for a file it cannot show', async () => {
    renderPanel([docFile('sheet', { fileType: 'xlsx', name: 'stroski.xlsx' })]);
    const none = await screen.findByTestId('preview-none');
    expect(none.textContent).toContain(en('work.preview.noPreview'));
    expect(within(none).getByRole('link').getAttribute('href')).toBe(
      '/api/file/sheet-token?download=1',
    );
  });

  it("remembers the liquidation switch as '1' or '0' and shows the cost lines with it", async () => {
    const first = renderPanel([docFile('main', { fileTypeCode: 'main' })]);
    const toggle = await screen.findByRole('switch', { name: en('work.preview.liquidation') });
    expect(screen.queryByTestId('preview-liquidation')).toBeNull();

    await userEvent.click(toggle);
    expect(window.localStorage.getItem(LIQUIDATION_KEY)).toBe('1');
    const liquidation = await screen.findByTestId('preview-liquidation');
    const rows = within(liquidation).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(['AccountAmount', '41001.200,50']);

    await userEvent.click(toggle);
    expect(window.localStorage.getItem(LIQUIDATION_KEY)).toBe('0');
    expect(screen.queryByTestId('preview-liquidation')).toBeNull();

    await userEvent.click(toggle);
    first.unmount();
    renderPanel([docFile('main', { fileTypeCode: 'main' })]);
    expect(await screen.findByTestId('preview-liquidation')).toBeTruthy();
  });
});

describe('preview window', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('pops out into an 800 × 600 window and comes back to the side bar when it closes', async () => {
    const popup = { closed: false };
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as Window);
    workApi({
      'GET /api/doc/:key': () => json({ ...docRow(1), costLines: [] }),
      'POST /api/doc/:id/preview.info': () =>
        json(previewInfo('d-1', [docFile('main', { fileTypeCode: 'main' })])),
    });
    renderApp('/o/org-1/work/edit/d-1');
    await userEvent.click(await screen.findByTestId('preview-pop-out'));
    expect(open).toHaveBeenCalledWith(
      '/docpreview?documentKey=d-1&organizationId=org-1',
      'docpreview',
      'width=800,height=600',
    );
    expect(screen.queryByTestId('preview-panel')).toBeNull();

    popup.closed = true;
    expect(await screen.findByTestId('preview-panel', {}, { timeout: 2000 })).toBeTruthy();
  });

  it('draws the document’s files in the window of its own, file actions included', async () => {
    workApi({
      'GET /api/doc/:key': () => json({ ...docRow(1), costLines: [] }),
      'POST /api/doc/:id/preview.info': () =>
        json(
          previewInfo('d-1', [
            docFile('main', { fileTypeCode: 'main' }),
            docFile('att', { fileTypeCode: 'attachment' }),
          ]),
        ),
    });
    renderApp('/docpreview?documentKey=d-1&organizationId=org-1');
    expect(await screen.findAllByTestId('preview-tab')).toHaveLength(2);
  });

  it('is closed with its button, remembered, and opened again from the editor', async () => {
    workApi({
      'GET /api/doc/:key': () => json({ ...docRow(1), costLines: [] }),
      'POST /api/doc/:id/preview.info': () => json(previewInfo('d-1', [])),
    });
    renderApp('/o/org-1/work/edit/d-1');
    await userEvent.click(await screen.findByTestId('preview-close'));
    expect(screen.queryByTestId('preview-panel')).toBeNull();
    expect(window.localStorage.getItem('listina.preview.open')).toBe('0');
    await userEvent.click(screen.getByTestId('doc-show-preview'));
    expect(await screen.findByTestId('preview-panel')).toBeTruthy();
    expect(window.localStorage.getItem('listina.preview.open')).toBe('1');
  });
});
