import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TableRecord } from '@listina/contract';
import { en } from '../../test/catalogue';
import { apiError, json, type Handler, type RecordedCall } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { docFile, docRow, previewInfo, workApi } from './work-test-kit';

const found = (value: string, confidence: number) => ({ value, confidence, source: 'text', at: 0 });

/** Draft d-1 with nothing typed but its number, not captured yet. */
function draft(overrides: Partial<TableRecord> = {}): TableRecord {
  return {
    ...docRow(1),
    number: '',
    displayTitle: 'R-000001',
    issueDate: null,
    totalAmount: null,
    captureState: 'none',
    captureResult: null,
    captureError: null,
    costLines: [],
    ...overrides,
  };
}

/** d-1 as the worker leaves it: its empty fields filled, in a newer version. */
function captured(fields: Record<string, unknown> = {}): TableRecord {
  return draft({
    version: 2,
    number: 'R-2026-17',
    issueDate: '2026-03-05',
    totalAmount: '121.00',
    captureState: 'done',
    capturedAt: '2026-03-05T10:00:00.000Z',
    captureResult: {
      source: 'text',
      partner: null,
      fields: {
        invoiceNumber: found('R-2026-17', 0.97),
        issueDate: found('2026-03-05', 0.97),
        totalAmount: found('121.00', 0.97),
        ...fields,
      },
    },
  });
}

const withMainFile = previewInfo('d-1', [docFile('main-1', { fileTypeCode: 'main' })]);

/** The editor's calls, with d-1 as `read` answers it and a main file in its preview. */
function captureApi(read: () => TableRecord, handlers: Record<string, Handler> = {}) {
  return workApi({
    'GET /api/doc/:key': () => json(read()),
    'POST /api/doc/:id/preview.info': () => json(withMainFile),
    ...handlers,
  });
}

const queueCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'POST' && call.path === '/api/doc/ocr');
const docReads = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'GET' && call.path === '/api/doc/d-1');
const valueOf = (testId: string) => screen.getByTestId<HTMLInputElement>(testId).value;
const helperOf = (testId: string) =>
  document.getElementById(`${screen.getByTestId(testId).id}-helper-text`)?.textContent ?? null;

const alreadyCaptured = en('warnings.capture.alreadyCaptured', 'R-2026-17');

describe('reading an invoice’s data in the document editor', () => {
  it('queues the document, shows that it reads while pending, then shows the filled fields', async () => {
    let doc = draft();
    const calls = captureApi(() => doc, {
      'POST /api/doc/ocr': () => {
        doc = { ...doc, captureState: 'pending' };
        return json({ items: [{ documentKey: 'd-1', queued: true }], queued: 1 });
      },
    });
    renderApp('/o/org-1/work/edit/d-1');
    const read = await screen.findByTestId('doc-capture');
    await waitFor(() => expect(read).toHaveProperty('disabled', false));
    await userEvent.click(read);

    const progress = await screen.findByTestId('doc-capture-progress');
    expect(progress.textContent).toContain(en('work.capture.reading'));
    // The form waits for what the capture fills.
    await waitFor(() =>
      expect(screen.getByTestId('field-number')).toHaveProperty('disabled', true),
    );
    expect(screen.getByTestId('doc-capture')).toHaveProperty('disabled', true);
    const readsWhilePending = docReads(calls).length;

    doc = captured();
    await waitFor(() => expect(valueOf('field-number')).toBe('R-2026-17'), { timeout: 5000 });
    expect(docReads(calls).length).toBeGreaterThan(readsWhilePending);
    expect(screen.queryByTestId('doc-capture-progress')).toBeNull();
    expect(screen.getByTestId('field-number')).toHaveProperty('disabled', false);
    expect(queueCalls(calls).map((call) => call.body)).toEqual([{ documentKeys: ['d-1'] }]);
    // No more reads once done.
    const reads = docReads(calls).length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(docReads(calls)).toHaveLength(reads);
  });

  it('asks before reading again a document captured already, and reads it on Continue anyway', async () => {
    let doc = captured();
    const calls = captureApi(() => doc, {
      'POST /api/doc/ocr': ({ body }) => {
        if (!(body as { ignoreWarnings?: boolean }).ignoreWarnings) {
          return json({
            items: [
              {
                documentKey: 'd-1',
                queued: false,
                warnings: [{ code: 'warnings.capture.alreadyCaptured', msg: alreadyCaptured }],
              },
            ],
            queued: 0,
          });
        }
        // Nothing left empty to fill: the version stays, the number is now one to check.
        doc = {
          ...captured({ invoiceNumber: found('R-2026-17', 0.6) }),
          capturedAt: '2026-03-06T10:00:00.000Z',
        };
        return json({ items: [{ documentKey: 'd-1', queued: true }], queued: 1 });
      },
    });
    renderApp('/o/org-1/work/edit/d-1');
    await waitFor(() =>
      expect(screen.getByTestId('doc-capture')).toHaveProperty('disabled', false),
    );
    await userEvent.click(screen.getByTestId('doc-capture'));

    const dialog = await screen.findByTestId('doc-capture-warnings');
    expect(
      within(dialog).getByText(`${en('common.error.infoPrefix')} ${alreadyCaptured}`),
    ).toBeTruthy();
    await userEvent.click(
      within(dialog).getByRole('button', { name: en('schemaForm.dialog.continueAnyway') }),
    );
    await waitFor(() =>
      expect(helperOf('field-number')).toBe(`* ${en('work.capture.lowConfidence')}`),
    );
    expect(screen.queryByTestId('doc-capture-warnings')).toBeNull();
    expect(queueCalls(calls).map((call) => call.body)).toEqual([
      { documentKeys: ['d-1'] },
      { documentKeys: ['d-1'], ignoreWarnings: true },
    ]);
  });

  it('queues nothing when the warning is cancelled', async () => {
    const calls = captureApi(() => captured(), {
      'POST /api/doc/ocr': () =>
        json({
          items: [{ documentKey: 'd-1', queued: false, warnings: [{ code: 'w', msg: 'Again?' }] }],
          queued: 0,
        }),
    });
    renderApp('/o/org-1/work/edit/d-1');
    await waitFor(() =>
      expect(screen.getByTestId('doc-capture')).toHaveProperty('disabled', false),
    );
    await userEvent.click(screen.getByTestId('doc-capture'));
    const dialog = await screen.findByTestId('doc-capture-warnings');
    await userEvent.click(
      within(dialog).getByRole('button', { name: en('schemaForm.dialog.cancel') }),
    );
    await waitFor(() => expect(screen.queryByTestId('doc-capture-warnings')).toBeNull());
    expect(queueCalls(calls)).toHaveLength(1);
  });

  it("shows the server's refusal of the document, and of the whole call", async () => {
    const refusal = en('errors.capture.noMainFile', 'R-000001');
    let answer = () =>
      json({
        items: [
          {
            documentKey: 'd-1',
            queued: false,
            errors: [{ code: 'errors.capture.noMainFile', msg: refusal }],
          },
        ],
        queued: 0,
      });
    const calls = captureApi(() => draft(), { 'POST /api/doc/ocr': () => answer() });
    renderApp('/o/org-1/work/edit/d-1');
    await waitFor(() =>
      expect(screen.getByTestId('doc-capture')).toHaveProperty('disabled', false),
    );
    await userEvent.click(screen.getByTestId('doc-capture'));
    expect((await screen.findByTestId('doc-capture-error')).textContent).toBe(refusal);
    expect(screen.queryByTestId('doc-capture-progress')).toBeNull();
    const reads = docReads(calls).length;

    answer = () => apiError(403, 'You may not change documents.');
    await userEvent.click(screen.getByTestId('doc-capture'));
    await waitFor(() =>
      expect(screen.getByTestId('doc-capture-error').textContent).toBe(
        'You may not change documents.',
      ),
    );
    expect(docReads(calls)).toHaveLength(reads);
  });

  it('stops a capture that does not end', async () => {
    let doc = draft({ captureState: 'pending' });
    const calls = captureApi(() => doc, {
      'DELETE /api/doc/ocr': () => {
        doc = draft();
        return json({ cancelled: 1 });
      },
    });
    renderApp('/o/org-1/work/edit/d-1');
    const progress = await screen.findByTestId('doc-capture-progress');
    expect(screen.getByTestId('doc-capture')).toHaveProperty('disabled', true);
    await userEvent.click(within(progress).getByRole('button', { name: en('work.capture.stop') }));
    await waitFor(() => expect(screen.queryByTestId('doc-capture-progress')).toBeNull());
    expect(calls.find((call) => call.method === 'DELETE')?.body).toEqual({ documentKeys: ['d-1'] });
    expect(screen.getByTestId('field-number')).toHaveProperty('disabled', false);
  });

  it('says why the last capture failed', async () => {
    captureApi(() =>
      draft({ captureState: 'failed', captureError: 'errors.capture.nothingFound', version: 2 }),
    );
    renderApp('/o/org-1/work/edit/d-1');
    expect((await screen.findByTestId('doc-capture-failed')).textContent).toBe(
      en('work.capture.failed', en('errors.capture.nothingFound')),
    );
  });

  it('warns at a value read with low confidence until the user changes it, not at one typed', async () => {
    captureApi(() => ({
      ...captured({
        invoiceNumber: found('R-2026-17', 0.6),
        totalAmount: found('121.00', 0.6),
      }),
      // Typed before the capture: the worker kept it.
      totalAmount: '130.00',
    }));
    renderApp('/o/org-1/work/edit/d-1');
    const lowConfidence = `* ${en('work.capture.lowConfidence')}`;
    await waitFor(() => expect(helperOf('field-number')).toBe(lowConfidence));
    expect(helperOf('field-totalAmount')).toBeNull();
    // Read with confidence: nothing to check.
    expect(helperOf('field-issueDate')).toBeNull();

    await userEvent.type(screen.getByTestId('field-number'), 'A');
    expect(helperOf('field-number')).toBeNull();
  });

  it('offers Read data only with a main file, after unsaved changes are saved, and not when archived', async () => {
    captureApi(() => draft({ number: 'R-1' }));
    const { unmount } = renderApp('/o/org-1/work/edit/d-1');
    const read = await screen.findByTestId('doc-capture');
    await waitFor(() => expect(read).toHaveProperty('disabled', false));
    await userEvent.type(screen.getByTestId('field-number'), '7');
    expect(read).toHaveProperty('disabled', true);
    unmount();

    captureApi(() => draft(), {
      'POST /api/doc/:id/preview.info': () => json(previewInfo('d-1', [])),
    });
    const second = renderApp('/o/org-1/work/edit/d-1');
    await waitFor(() => expect(screen.getByTestId('doc-capture')).toHaveProperty('disabled', true));
    second.unmount();

    captureApi(() => draft({ status: 'archived' }));
    renderApp('/o/org-1/work/edit/d-1');
    await screen.findByTestId('field-number');
    expect(screen.queryByTestId('doc-capture')).toBeNull();
  });
});
