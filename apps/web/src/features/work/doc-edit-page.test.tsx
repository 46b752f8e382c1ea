import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { en } from '../../test/catalogue';
import { apiError, json, type RecordedCall } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { docFile, docRow, previewInfo, workApi } from './work-test-kit';

const defaultModel = { number: '', status: 'draft', currencyCode: 'EUR', costLines: [] };
const created = { ...docRow(9), costLines: [] };
const createdPreview = previewInfo('d-9', [
  docFile('main-1', { fileTypeCode: 'main', fileType: 'pdf', previewTitle: 'Invoice' }),
  docFile('att-1'),
]);

const choose = (testId: string, ...files: File[]) =>
  fireEvent.change(screen.getByTestId(testId), { target: { files } });

const uploads = (calls: RecordedCall[]) =>
  calls.filter((call) => call.path.startsWith('/api/uploadDoc'));

describe('document editor, create mode', () => {
  it('uploads the main file and an attachment with the form as json, then opens the new document', async () => {
    const calls = workApi({
      'GET /api/cl/default.model/:name': () => json(defaultModel),
      'POST /api/uploadDoc': () =>
        json({ item: created, undoId: 'u-up', preview: createdPreview }, 201, 'Created'),
      'GET /api/doc/:key': () => json(created),
    });
    const app = renderApp('/o/org-1/work/edit');
    expect((await screen.findByTestId('doc-title')).textContent).toBe(en('work.edit.newTitle'));
    const number = await screen.findByTestId('field-number');
    await userEvent.type(number, 'R-77');

    const invoice = new File(['%PDF-1.4'], 'racun.pdf', { type: 'application/pdf' });
    const delivery = new File(['png'], 'dobavnica.png', { type: 'image/png' });
    choose('doc-upload-main', invoice);
    choose('doc-upload-attachments', delivery);
    const chosen = within(screen.getByTestId('doc-upload-files'));
    expect(chosen.getByText('racun.pdf')).toBeTruthy();
    expect(chosen.getByText('dobavnica.png')).toBeTruthy();
    await userEvent.click(screen.getByTestId('doc-upload-submit'));

    await waitFor(() => expect(app.location()).toBe('/o/org-1/work/edit/d-9'));
    const [upload] = uploads(calls);
    expect(upload?.path).toBe('/api/uploadDoc');
    const form = upload?.form;
    expect(JSON.parse(form?.get('json') as string)).toEqual({ ...defaultModel, number: 'R-77' });
    expect((form?.get('main') as File).name).toBe('racun.pdf');
    expect(form?.getAll('attachments').map((file) => (file as File).name)).toEqual([
      'dobavnica.png',
    ]);

    // The new document opens with its files (from the upload's answer) and the undo offer.
    expect(await screen.findByText('R-000009')).toBeTruthy();
    expect(await screen.findByText(en('schemaForm.undo.saved'))).toBeTruthy();
    const tabs = await screen.findAllByTestId('preview-tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Invoice', 'att-1.png']);
    expect(calls.some((call) => call.path.includes('preview.info'))).toBe(false);
  });

  it('asks about warnings and uploads again ignoring them on Continue anyway', async () => {
    const calls = workApi({
      'GET /api/cl/default.model/:name': () => json(defaultModel),
      'POST /api/uploadDoc': ({ path }) =>
        path.includes('ignoreWarnings=true')
          ? json({ item: created, undoId: 'u-up', preview: createdPreview }, 201)
          : json(
              {
                error: [],
                warning: [{ msg: 'racun.pdf is already document R-000003.', parameters: [] }],
              },
              400,
            ),
      'GET /api/doc/:key': () => json(created),
    });
    const app = renderApp('/o/org-1/work/edit');
    await screen.findByTestId('field-number');
    choose('doc-upload-main', new File(['%PDF'], 'racun.pdf', { type: 'application/pdf' }));
    await userEvent.click(screen.getByTestId('doc-upload-submit'));

    const prompt = await screen.findByTestId('doc-warnings-text');
    expect(prompt.textContent).toContain('racun.pdf is already document R-000003.');
    await userEvent.click(screen.getByTestId('doc-warnings-confirm'));
    await waitFor(() => expect(app.location()).toBe('/o/org-1/work/edit/d-9'));
    expect(uploads(calls).map((call) => call.path)).toEqual([
      '/api/uploadDoc',
      '/api/uploadDoc?ignoreWarnings=true',
    ]);
  });

  it("shows the server's refusal of a file in the form and stays on the new document", async () => {
    workApi({
      'GET /api/cl/default.model/:name': () => json(defaultModel),
      'POST /api/uploadDoc': () => apiError(400, 'racun.pdf is empty (0 bytes).'),
    });
    const app = renderApp('/o/org-1/work/edit');
    await screen.findByTestId('field-number');
    choose('doc-upload-main', new File([''], 'racun.pdf', { type: 'application/pdf' }));
    await userEvent.click(screen.getByTestId('doc-upload-submit'));
    expect(await screen.findByText('racun.pdf is empty (0 bytes).')).toBeTruthy();
    expect(app.location()).toBe('/o/org-1/work/edit');
  });

  it('saves a new document without files and opens it, with the undo offer', async () => {
    const calls = workApi({
      'GET /api/cl/default.model/:name': () => json(defaultModel),
      'POST /api/doc': () => json({ item: created, undoId: 'u-new' }, 201),
      'GET /api/doc/:key': () => json(created),
      'POST /api/doc/:id/preview.info': () => json(previewInfo('d-9', [])),
    });
    const app = renderApp('/o/org-1/work/edit');
    await userEvent.type(await screen.findByTestId('field-number'), 'R-78');
    await userEvent.click(screen.getByTestId('doc-save'));
    await waitFor(() => expect(app.location()).toBe('/o/org-1/work/edit/d-9'));
    expect(calls.find((call) => call.method === 'POST' && call.path === '/api/doc')?.body).toEqual({
      ...defaultModel,
      number: 'R-78',
    });
    expect(await screen.findByText(en('schemaForm.undo.saved'))).toBeTruthy();
    expect(await screen.findByTestId('preview-no-document')).toBeTruthy();
  });
});

describe('document editor, a draft', () => {
  it('activates the draft and shows it again, or shows on the form what is missing', async () => {
    let status = 'draft';
    let refuse = true;
    const calls = workApi({
      'GET /api/doc/customerHistory': () => json({ items: [] }),
      'GET /api/doc/:key': () => json({ ...docRow(1, status), costLines: [] }),
      'POST /api/doc/:id/preview.info': () => json(previewInfo('d-1', [])),
      'POST /api/doc/activate': () => {
        if (refuse) {
          return json(
            {
              error: [
                {
                  msg: 'This field is needed before the document is activated.',
                  field: 'number',
                  parameters: [],
                },
              ],
              warning: [],
            },
            400,
          );
        }
        status = 'active';
        return json({ items: [docRow(1, 'active')], undoId: 'u-act' });
      },
    });
    renderApp('/o/org-1/work/edit/d-1');
    expect((await screen.findByTestId('doc-status')).textContent).toBe(en('work.status.draft'));
    await userEvent.click(screen.getByTestId('doc-activate'));
    expect(
      await screen.findByText('This field is needed before the document is activated.'),
    ).toBeTruthy();

    refuse = false;
    await userEvent.click(screen.getByTestId('doc-activate'));
    await waitFor(() =>
      expect(screen.getByTestId('doc-status').textContent).toBe(en('work.status.active')),
    );
    expect(screen.queryByTestId('doc-activate')).toBeNull();
    expect(await screen.findByText(en('schemaForm.undo.saved'))).toBeTruthy();
    const activations = calls.filter((call) => call.path === '/api/doc/activate');
    expect(activations.map((call) => call.body)).toEqual([{ keys: ['d-1'] }, { keys: ['d-1'] }]);
  });

  it('asks about a suspected duplicate before activating, and activates anyway on Continue anyway', async () => {
    let status = 'draft';
    const duplicate = en('warnings.doc.duplicate.number', 'R-000001', 'R-000003');
    const calls = workApi({
      'GET /api/doc/customerHistory': () => json({ items: [] }),
      'GET /api/doc/:key': () => json({ ...docRow(1, status), costLines: [] }),
      'POST /api/doc/:id/preview.info': () => json(previewInfo('d-1', [])),
      'POST /api/doc/activate': ({ path }) => {
        if (!path.includes('ignoreWarnings=true')) {
          return json(
            { error: [], warning: [{ code: 'warnings.doc.duplicate.number', msg: duplicate }] },
            400,
          );
        }
        status = 'active';
        return json({ items: [docRow(1, 'active')], undoId: 'u-act' });
      },
    });
    const activations = () => calls.filter((call) => call.path.startsWith('/api/doc/activate'));
    renderApp('/o/org-1/work/edit/d-1');
    expect((await screen.findByTestId('doc-status')).textContent).toBe(en('work.status.draft'));

    // Cancel: nothing more is sent, the draft stays a draft.
    await userEvent.click(screen.getByTestId('doc-activate'));
    let question = await screen.findByTestId('doc-warnings');
    expect(
      within(question).getByRole('heading', { name: en('schemaForm.dialog.errorTitle') }),
    ).toBeTruthy();
    expect(within(question).getByTestId('doc-warnings-text').textContent).toBe(
      `${en('common.error.infoPrefix')} ${duplicate}`,
    );
    await userEvent.click(within(question).getByTestId('doc-warnings-cancel'));
    await waitFor(() => expect(screen.queryByTestId('doc-warnings')).toBeNull());
    expect(activations().map((call) => call.path)).toEqual(['/api/doc/activate']);
    expect(screen.getByTestId('doc-status').textContent).toBe(en('work.status.draft'));

    // Continue anyway: activated again ignoring the warnings.
    await userEvent.click(screen.getByTestId('doc-activate'));
    question = await screen.findByTestId('doc-warnings');
    await userEvent.click(
      within(question).getByRole('button', { name: en('schemaForm.dialog.continueAnyway') }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('doc-status').textContent).toBe(en('work.status.active')),
    );
    expect(activations().map((call) => [call.path, call.body])).toEqual([
      ['/api/doc/activate', { keys: ['d-1'] }],
      ['/api/doc/activate', { keys: ['d-1'] }],
      ['/api/doc/activate?ignoreWarnings=true', { keys: ['d-1'] }],
    ]);
    expect(await screen.findByText(en('schemaForm.undo.saved'))).toBeTruthy();
  });

  it('opens the draft again as saved, so that a second save sends its new version', async () => {
    let stored = { ...docRow(1), version: 1, number: 'R-000001', costLines: [] };
    // Reads after the first save wait until released, as on a slow network: meanwhile the
    // editor shows the record the save answered, not the copy it read before.
    let reading = Promise.resolve();
    let release = () => {};
    const calls = workApi({
      'GET /api/doc/:key': async () => {
        await reading;
        return json(stored);
      },
      'PUT /api/doc/:key': ({ body }) => {
        const sent = body as typeof stored;
        if (sent.version !== stored.version) {
          return apiError(409, 'Someone else changed this record meanwhile.');
        }
        stored = { ...sent, version: stored.version + 1 };
        return json({ item: stored, undoId: `u-${String(stored.version)}` });
      },
      'POST /api/doc/:id/preview.info': () => json(previewInfo('d-1', [])),
    });
    renderApp('/o/org-1/work/edit/d-1');
    const number = await screen.findByTestId('field-number');
    await userEvent.clear(number);
    await userEvent.type(number, 'R-1/A');
    reading = new Promise((resolve) => (release = resolve));
    await userEvent.click(screen.getByTestId('doc-save'));
    expect(await screen.findByText(en('schemaForm.undo.saved'))).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('field-number')).toHaveProperty('disabled', false),
    );
    expect(screen.getByTestId('field-number')).toHaveProperty('value', 'R-1/A');
    release();

    await userEvent.type(screen.getByTestId('field-number'), '2');
    await userEvent.click(screen.getByTestId('doc-save'));
    await waitFor(() => expect(stored.number).toBe('R-1/A2'));
    const saves = calls.filter((call) => call.method === 'PUT');
    expect(saves.map((call) => (call.body as { version: number }).version)).toEqual([1, 2]);
  });

  it("lists the partner's other documents, each linking to its editor", async () => {
    const calls = workApi({
      'GET /api/doc/customerHistory': () => json({ items: [docRow(5, 'active')] }),
      'GET /api/doc/:key': () =>
        json({ ...docRow(1), customerKey: 'p-1', documentTypeId: 3, costLines: [] }),
      'POST /api/doc/:id/preview.info': () => json(previewInfo('d-1', [])),
    });
    const app = renderApp('/o/org-1/work/edit/d-1');
    const history = await screen.findByTestId('customer-history');
    const link = within(history).getByRole('link', { name: /R-000005/ });
    expect(link.getAttribute('href')).toBe('/o/org-1/work/edit/d-5');
    const call = calls.find((c) => c.path.startsWith('/api/doc/customerHistory'));
    const query = new URL(call?.path ?? '', 'http://localhost').searchParams;
    expect(Object.fromEntries(query)).toEqual({
      customerKey: 'p-1',
      documentKey: 'd-1',
      documentTypeId: '3',
      count: '10',
    });
    await userEvent.click(link);
    await waitFor(() => expect(app.location()).toBe('/o/org-1/work/edit/d-5'));
  });
});
