import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { en } from '../../test/catalogue';
import { apiError, json, type RecordedCall } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { docRow, workApi } from './work-test-kit';

// Each waits for the signed-in user (the server's isMyTask): confirming is offered.
const mine = { isMyTask: true };
const rows = [docRow(1, 'active', mine), docRow(2, 'active', mine), docRow(3, 'active', mine)];

const checkbox = (title: string) =>
  screen.getByRole('checkbox', { name: en('grid.selectRow', title) });

const bulkCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.path.startsWith('/api/wf/actions/'));

const listCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'GET' && /^\/api\/doc(\?|$)/.test(call.path));

async function selectAll() {
  await waitFor(() => expect(screen.getAllByTestId('grid-row')).toHaveLength(3));
  for (const row of rows) await userEvent.click(checkbox(String(row.displayTitle)));
}

describe('confirming selected documents', () => {
  it('confirms each on its own, sums up what was refused and why, and offers undo', async () => {
    const calls = workApi(
      {
        'POST /api/wf/actions/': () =>
          json({
            items: [
              { documentKey: 'd-1', ok: true, item: docRow(1, 'active') },
              {
                documentKey: 'd-2',
                ok: false,
                errors: [
                  {
                    code: 'errors.wf.notAssignee',
                    msg: 'R-000002: you are not an assignee of its current step.',
                  },
                ],
              },
              { documentKey: 'd-3', ok: true, item: docRow(3, 'active') },
            ],
            done: 2,
            refused: 1,
            undoId: 'u-bulk',
          }),
      },
      rows,
    );
    renderApp('/o/org-1/work/index');
    await selectAll();
    const listed = listCalls(calls).length;
    await userEvent.click(screen.getByTestId('work-confirm-selected'));

    const summary = await screen.findByTestId('work-bulk-summary');
    expect(within(summary).getByTestId('work-bulk-summary-counts').textContent).toBe(
      en('wf.bulk.summary', 2, 1),
    );
    expect(
      within(summary)
        .getAllByTestId('work-bulk-refused')
        .map((li) => li.textContent),
    ).toEqual(['R-000002: you are not an assignee of its current step.']);
    // Each document at the version the list shows it (issue 22).
    expect(bulkCalls(calls)[0]?.body).toEqual({
      documentKeys: ['d-1', 'd-2', 'd-3'],
      workflowStepResultCode: 'confirmed',
      extras: { versions: { 'd-1': 1, 'd-2': 1, 'd-3': 1 } },
    });
    expect(await screen.findByText(en('schemaForm.undo.saved'))).toBeTruthy();
    // The refused one stays selected; the list is asked again.
    expect(screen.getByTestId('work-confirm-selected').textContent).toBe(
      en('wf.bulk.confirmSelected', 1),
    );
    expect(checkbox('R-000002')).toHaveProperty('checked', true);
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(listed));

    await userEvent.click(within(summary).getByRole('button', { name: en('common.close') }));
    expect(screen.queryByTestId('work-bulk-summary')).toBeNull();
  });

  it('lists suspected duplicates as warnings, and confirms just those anyway on Continue anyway', async () => {
    const duplicate = en('warnings.doc.duplicate.number', 'R-000003', 'R-000009');
    const notAssignee = 'R-000002: you are not an assignee of its current step.';
    const calls = workApi(
      {
        'POST /api/wf/actions/': ({ path, body }) => {
          const ignoreWarnings = path.includes('ignoreWarnings=true');
          const items = (body as { documentKeys: string[] }).documentKeys.map((documentKey) => {
            if (documentKey === 'd-2') {
              return {
                documentKey,
                ok: false,
                errors: [{ code: 'errors.wf.notAssignee', msg: notAssignee }],
              };
            }
            if (documentKey === 'd-3' && !ignoreWarnings) {
              return {
                documentKey,
                ok: false,
                errors: [],
                warnings: [{ code: 'warnings.doc.duplicate.number', msg: duplicate }],
              };
            }
            return { documentKey, ok: true, item: docRow(Number(documentKey.slice(2)), 'active') };
          });
          const done = items.filter((item) => item.ok).length;
          return json({
            items,
            done,
            refused: items.length - done,
            undoId: done > 0 ? `u-${String(done)}` : null,
          });
        },
      },
      rows,
    );
    renderApp('/o/org-1/work/index');
    await selectAll();
    const warningsOf = (summary: HTMLElement) =>
      within(summary)
        .queryAllByTestId('work-bulk-warning')
        .map((li) => li.textContent);

    // Closing the summary instead sends nothing more; the refused stay selected.
    await userEvent.click(screen.getByTestId('work-confirm-selected'));
    let summary = await screen.findByTestId('work-bulk-summary');
    expect(within(summary).getByTestId('work-bulk-summary-counts').textContent).toBe(
      en('wf.bulk.summary', 1, 2),
    );
    expect(
      within(summary)
        .getAllByTestId('work-bulk-refused')
        .map((li) => li.textContent),
    ).toEqual([notAssignee]);
    expect(warningsOf(summary)).toEqual([`${en('common.error.infoPrefix')} ${duplicate}`]);
    await userEvent.click(within(summary).getByRole('button', { name: en('common.close') }));
    expect(screen.queryByTestId('work-bulk-summary')).toBeNull();
    expect(bulkCalls(calls)).toHaveLength(1);
    expect(screen.getByTestId('work-confirm-selected').textContent).toBe(
      en('wf.bulk.confirmSelected', 2),
    );

    // Continue anyway: only the document refused for its warnings, ignoring them.
    await userEvent.click(screen.getByTestId('work-confirm-selected'));
    summary = await screen.findByTestId('work-bulk-summary');
    expect(within(summary).getByTestId('work-bulk-summary-counts').textContent).toBe(
      en('wf.bulk.summary', 0, 2),
    );
    expect(warningsOf(summary)).toEqual([`${en('common.error.infoPrefix')} ${duplicate}`]);
    await userEvent.click(
      within(summary).getByRole('button', { name: en('schemaForm.dialog.continueAnyway') }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('work-bulk-summary-counts').textContent).toBe(
        en('wf.bulk.summary', 1, 0),
      ),
    );
    expect(bulkCalls(calls).map((call) => [call.path, call.body])).toEqual([
      [
        '/api/wf/actions/',
        {
          documentKeys: ['d-1', 'd-2', 'd-3'],
          workflowStepResultCode: 'confirmed',
          extras: { versions: { 'd-1': 1, 'd-2': 1, 'd-3': 1 } },
        },
      ],
      [
        '/api/wf/actions/',
        {
          documentKeys: ['d-2', 'd-3'],
          workflowStepResultCode: 'confirmed',
          extras: { versions: { 'd-2': 1, 'd-3': 1 } },
        },
      ],
      [
        '/api/wf/actions/?ignoreWarnings=true',
        {
          documentKeys: ['d-3'],
          workflowStepResultCode: 'confirmed',
          extras: { versions: { 'd-3': 1 } },
        },
      ],
    ]);
    expect(warningsOf(screen.getByTestId('work-bulk-summary'))).toEqual([]);
    expect(screen.queryByTestId('work-bulk-again')).toBeNull();
    // The confirmed one leaves the selection; the one refused for an error stays.
    expect(checkbox('R-000003')).toHaveProperty('checked', false);
    expect(checkbox('R-000002')).toHaveProperty('checked', true);
  });

  it('offers no undo when every document was refused', async () => {
    workApi(
      {
        'POST /api/wf/actions/': ({ body }) =>
          json({
            items: (body as { documentKeys: string[] }).documentKeys.map((documentKey) => ({
              documentKey,
              ok: false,
              errors: [{ code: 'errors.wf.closed.archived', msg: `${documentKey} is archived.` }],
            })),
            done: 0,
            refused: 3,
            undoId: null,
          }),
      },
      rows,
    );
    renderApp('/o/org-1/work/index');
    await selectAll();
    await userEvent.click(screen.getByTestId('work-confirm-selected'));
    const summary = await screen.findByTestId('work-bulk-summary');
    expect(within(summary).getByTestId('work-bulk-summary-counts').textContent).toBe(
      en('wf.bulk.summary', 0, 3),
    );
    expect(within(summary).getAllByTestId('work-bulk-refused')).toHaveLength(3);
    expect(screen.queryByText(en('schemaForm.undo.saved'))).toBeNull();
  });

  it("shows the server's refusal of the whole call", async () => {
    workApi(
      { 'POST /api/wf/actions/': () => apiError(400, 'Select at most 1000 documents.') },
      rows,
    );
    renderApp('/o/org-1/work/index');
    await selectAll();
    await userEvent.click(screen.getByTestId('work-confirm-selected'));
    expect((await screen.findByTestId('work-bulk-error')).textContent).toBe(
      'Select at most 1000 documents.',
    );
    expect(screen.queryByTestId('work-bulk-summary')).toBeNull();
  });
});
