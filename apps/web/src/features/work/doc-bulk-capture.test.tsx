import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { en } from '../../test/catalogue';
import { apiError, json, type RecordedCall } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { docRow, workApi } from './work-test-kit';

const rows = [docRow(1), docRow(2), docRow(3)];

const checkbox = (title: string) =>
  screen.getByRole('checkbox', { name: en('grid.selectRow', title) });

const captureCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'POST' && call.path === '/api/doc/ocr');

const listCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'GET' && /^\/api\/doc(\?|$)/.test(call.path));

async function selectAll() {
  await waitFor(() => expect(screen.getAllByTestId('grid-row')).toHaveLength(3));
  for (const row of rows) await userEvent.click(checkbox(String(row.displayTitle)));
}

const noMainFile = en('errors.capture.noMainFile', 'R-000002');
const alreadyCaptured = en('warnings.capture.alreadyCaptured', 'R-000003');

describe('reading the data of selected documents', () => {
  it('queues each on its own, sums up what was refused and why, and reads again on request', async () => {
    const calls = workApi(
      {
        'POST /api/doc/ocr': ({ body }) => {
          const { ignoreWarnings } = body as { ignoreWarnings?: boolean };
          if (ignoreWarnings) {
            return json({ items: [{ documentKey: 'd-3', queued: true }], queued: 1 });
          }
          return json({
            items: [
              { documentKey: 'd-1', queued: true },
              {
                documentKey: 'd-2',
                queued: false,
                errors: [{ code: 'errors.capture.noMainFile', msg: noMainFile }],
              },
              {
                documentKey: 'd-3',
                queued: false,
                warnings: [{ code: 'warnings.capture.alreadyCaptured', msg: alreadyCaptured }],
              },
            ],
            queued: 1,
          });
        },
      },
      rows,
    );
    renderApp('/o/org-1/work/index');
    await selectAll();
    const listed = listCalls(calls).length;
    const read = screen.getByTestId('work-capture-selected');
    expect(read.textContent).toBe(en('work.capture.readSelected', 3));
    await userEvent.click(read);

    const summary = await screen.findByTestId('work-bulk-summary');
    expect(within(summary).getByTestId('work-bulk-summary-counts').textContent).toBe(
      en('work.capture.summary', 1, 2),
    );
    expect(
      within(summary)
        .getAllByTestId('work-bulk-refused')
        .map((li) => li.textContent),
    ).toEqual([noMainFile]);
    expect(
      within(summary)
        .getAllByTestId('work-bulk-warning')
        .map((li) => li.textContent),
    ).toEqual([`${en('common.error.infoPrefix')} ${alreadyCaptured}`]);
    expect(captureCalls(calls)[0]?.body).toEqual({ documentKeys: ['d-1', 'd-2', 'd-3'] });
    // The queued one leaves the selection; the list is asked again for the capture states.
    expect(checkbox('R-000001')).toHaveProperty('checked', false);
    expect(screen.getByTestId('work-capture-selected').textContent).toBe(
      en('work.capture.readSelected', 2),
    );
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(listed));

    await userEvent.click(
      within(summary).getByRole('button', { name: en('work.capture.readAgain', 1) }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('work-bulk-summary-counts').textContent).toBe(
        en('work.capture.summary', 1, 0),
      ),
    );
    expect(captureCalls(calls)[1]?.body).toEqual({ documentKeys: ['d-3'], ignoreWarnings: true });
    expect(screen.getByTestId('work-capture-selected').textContent).toBe(
      en('work.capture.readSelected', 1),
    );
    expect(checkbox('R-000002')).toHaveProperty('checked', true);
    expect(screen.queryByTestId('work-bulk-again')).toBeNull();
  });

  it("shows the server's refusal of the whole call", async () => {
    workApi({ 'POST /api/doc/ocr': () => apiError(403, 'You may not change documents.') }, rows);
    renderApp('/o/org-1/work/index');
    await selectAll();
    await userEvent.click(screen.getByTestId('work-capture-selected'));
    expect((await screen.findByTestId('work-bulk-error')).textContent).toBe(
      'You may not change documents.',
    );
    expect(screen.queryByTestId('work-bulk-summary')).toBeNull();
  });
});
