import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TableRecord, WorkflowLogEntry } from '@listina/contract';
import { en } from '../../test/catalogue';
import { apiError, json, type Handler, type RecordedCall } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { docRow, previewInfo, workApi } from './work-test-kit';

function activeDoc(tile: string, version: number, status = 'active'): TableRecord {
  return {
    ...docRow(1, status),
    version,
    workflowCurrentStepSystemTileCode: tile,
    costLines: [],
  };
}

function logEntry(n: number, overrides: Partial<WorkflowLogEntry> = {}): WorkflowLogEntry {
  return {
    key: `l-${n}`,
    at: '2026-03-02T09:30:00.000Z',
    user: 'Ana Novak',
    userName: 'ana',
    resultCode: 'confirmed',
    result: 'Confirmed',
    comment: null,
    fromTile: 'approval',
    toTile: 'accounting',
    from: 'Approval',
    to: 'Accounting',
    fromWorkflow: 'Invoices',
    toWorkflow: 'Invoices',
    secondsInStep: 300,
    ...overrides,
  };
}

interface WorkflowApiOptions {
  /** Answers an action instead (a refusal), unless it answers null. */
  act?: (call: RecordedCall) => Response | null;
  /** The document after an action; at accounting in version 5 unless given. */
  next?: TableRecord;
  handlers?: Record<string, Handler>;
}

/** Document d-1, active at the approval step in version 4; undo puts it back. */
function workflowApi({ act, next, handlers = {} }: WorkflowApiOptions = {}) {
  const before = activeDoc('approval', 4);
  let doc = before;
  const calls = workApi({
    'GET /api/doc/:key': () => json(doc),
    'POST /api/doc/:id/preview.info': () => json(previewInfo('d-1', [])),
    'GET /api/doc/:id/wflog': () => json({ canAct: true, canEdit: true, items: [logEntry(1)] }),
    'POST /api/wf/action/:id': (call) => {
      const answer = act?.(call) ?? null;
      if (answer) return answer;
      doc = next ?? activeDoc('accounting', 5);
      return json({ item: doc, undoId: 'u-wf' });
    },
    'POST /api/undo/:id': () => {
      doc = before;
      return json({ ok: true, tables: ['doc'] });
    },
    ...handlers,
  });
  return calls;
}

const actions = (calls: RecordedCall[]) =>
  calls.filter((call) => call.path.startsWith('/api/wf/action/'));
const logReads = (calls: RecordedCall[]) => calls.filter((call) => call.path.endsWith('/wflog'));
const stepChip = () => screen.getByTestId('doc-wf-step').textContent;

async function chooseFromMenu(testId: string) {
  await userEvent.click(await screen.findByTestId('wf-actions-menu'));
  await userEvent.click(await screen.findByTestId(testId));
  return screen.findByTestId('wf-dialog');
}

describe('workflow actions in the document editor', () => {
  it('confirms with the version seen, shows the next step, refreshes the log and undoes', async () => {
    const calls = workflowApi();
    renderApp('/o/org-1/work/edit/d-1');
    await waitFor(() => expect(stepChip()).toBe(en('wf.step', 'Approval')));
    await waitFor(() => expect(logReads(calls)).toHaveLength(1));

    await userEvent.click(screen.getByTestId('wf-action-confirmed'));
    await waitFor(() => expect(stepChip()).toBe(en('wf.step', 'Accounting')));
    const [action] = actions(calls);
    expect(action?.path).toBe('/api/wf/action/d-1');
    expect(action?.body).toEqual({ workflowStepResultCode: 'confirmed', extras: { version: 4 } });
    expect(await screen.findByText(en('schemaForm.undo.saved'))).toBeTruthy();
    await waitFor(() => expect(logReads(calls).length).toBeGreaterThan(1));

    await userEvent.click(screen.getByTestId('undo-button'));
    await waitFor(() => expect(stepChip()).toBe(en('wf.step', 'Approval')));
  });

  it('rejects only with a comment, then shows the document as rejected without actions', async () => {
    const calls = workflowApi({ next: activeDoc('approval', 5, 'rejected') });
    renderApp('/o/org-1/work/edit/d-1');
    const dialog = await chooseFromMenu('wf-action-rejected');
    expect(within(dialog).getByRole('heading').textContent).toBe(en('wf.action.rejected'));
    const submit = within(dialog).getByTestId('wf-submit');
    expect(submit).toHaveProperty('disabled', true);
    await userEvent.type(within(dialog).getByTestId('wf-comment'), '  Not our order.  ');
    await userEvent.click(submit);

    await waitFor(() =>
      expect(screen.getByTestId('doc-status').textContent).toBe(en('work.status.rejected')),
    );
    expect(screen.queryByTestId('wf-dialog')).toBeNull();
    expect(screen.queryByTestId('wf-actions')).toBeNull();
    expect(screen.queryByTestId('doc-wf-step')).toBeNull();
    expect(actions(calls)[0]?.body).toEqual({
      workflowStepResultCode: 'rejected',
      extras: { comment: 'Not our order.', version: 4 },
    });
  });

  it("shows the server's refusal of Confirm above the form", async () => {
    workflowApi({
      act: () => apiError(400, 'R-000001: you are not an assignee of its current step.'),
    });
    renderApp('/o/org-1/work/edit/d-1');
    await userEvent.click(await screen.findByTestId('wf-action-confirmed'));
    expect((await screen.findByTestId('wf-error')).textContent).toContain(
      'R-000001: you are not an assignee of its current step.',
    );
    expect(stepChip()).toBe(en('wf.step', 'Approval'));
  });

  it('asks about a suspected duplicate on Confirm, and confirms anyway on Continue anyway', async () => {
    const duplicate = en('warnings.doc.duplicate.payment', 'R-000001', 'R-000004');
    const calls = workflowApi({
      act: ({ path }) =>
        path.includes('ignoreWarnings=true')
          ? null
          : json(
              { error: [], warning: [{ code: 'warnings.doc.duplicate.payment', msg: duplicate }] },
              400,
            ),
    });
    renderApp('/o/org-1/work/edit/d-1');

    // Cancel: nothing more is sent, the document stays at its step.
    await userEvent.click(await screen.findByTestId('wf-action-confirmed'));
    let question = await screen.findByTestId('wf-warnings');
    expect(
      within(question).getByRole('heading', { name: en('schemaForm.dialog.errorTitle') }),
    ).toBeTruthy();
    expect(within(question).getByTestId('wf-warnings-text').textContent).toBe(
      `${en('common.error.infoPrefix')} ${duplicate}`,
    );
    expect(screen.queryByTestId('wf-error')).toBeNull();
    await userEvent.click(within(question).getByTestId('wf-warnings-cancel'));
    await waitFor(() => expect(screen.queryByTestId('wf-warnings')).toBeNull());
    expect(actions(calls)).toHaveLength(1);
    expect(stepChip()).toBe(en('wf.step', 'Approval'));

    // Continue anyway: the same action with the same extras, ignoring the warnings.
    await userEvent.click(screen.getByTestId('wf-action-confirmed'));
    question = await screen.findByTestId('wf-warnings');
    await userEvent.click(
      within(question).getByRole('button', { name: en('schemaForm.dialog.continueAnyway') }),
    );
    await waitFor(() => expect(stepChip()).toBe(en('wf.step', 'Accounting')));
    const confirmed = { workflowStepResultCode: 'confirmed', extras: { version: 4 } };
    expect(actions(calls).map((call) => [call.path, call.body])).toEqual([
      ['/api/wf/action/d-1', confirmed],
      ['/api/wf/action/d-1', confirmed],
      ['/api/wf/action/d-1?ignoreWarnings=true', confirmed],
    ]);
    expect(screen.queryByTestId('wf-warnings')).toBeNull();
    expect(await screen.findByText(en('schemaForm.undo.saved'))).toBeTruthy();
  });

  it("repeats an action's comment when its warnings are continued anyway", async () => {
    const duplicate = en('warnings.doc.duplicate.number', 'R-000001', 'R-000003');
    const calls = workflowApi({
      act: ({ path }) =>
        path.includes('ignoreWarnings=true')
          ? null
          : json(
              { error: [], warning: [{ code: 'warnings.doc.duplicate.number', msg: duplicate }] },
              400,
            ),
    });
    renderApp('/o/org-1/work/edit/d-1');
    const dialog = await chooseFromMenu('wf-action-returnToBeginning');
    await userEvent.type(within(dialog).getByTestId('wf-comment'), 'Checked: not a duplicate.');
    await userEvent.click(within(dialog).getByTestId('wf-submit'));
    const question = await screen.findByTestId('wf-warnings');
    expect(within(question).getByTestId('wf-warnings-text').textContent).toBe(
      `${en('common.error.infoPrefix')} ${duplicate}`,
    );
    await userEvent.click(within(question).getByTestId('wf-warnings-confirm'));

    await waitFor(() => expect(screen.queryByTestId('wf-dialog')).toBeNull());
    const returned = {
      workflowStepResultCode: 'returnToBeginning',
      extras: { comment: 'Checked: not a duplicate.', version: 4 },
    };
    expect(actions(calls).map((call) => [call.path, call.body])).toEqual([
      ['/api/wf/action/d-1', returned],
      ['/api/wf/action/d-1?ignoreWarnings=true', returned],
    ]);
  });

  it('keeps the dialog open with the refusal, so that the comment can be added', async () => {
    let refuse = true;
    const calls = workflowApi({
      act: () => (refuse ? apiError(400, 'R-000001: write a comment to say why.') : null),
    });
    renderApp('/o/org-1/work/edit/d-1');
    const dialog = await chooseFromMenu('wf-action-returnToBeginning');
    await userEvent.click(within(dialog).getByTestId('wf-submit'));
    expect((await within(dialog).findByTestId('wf-dialog-error')).textContent).toBe(
      'R-000001: write a comment to say why.',
    );

    refuse = false;
    await userEvent.type(within(dialog).getByTestId('wf-comment'), 'Wrong cost centre.');
    await userEvent.click(within(dialog).getByTestId('wf-submit'));
    await waitFor(() => expect(screen.queryByTestId('wf-dialog')).toBeNull());
    expect(actions(calls).map((call) => call.body)).toEqual([
      { workflowStepResultCode: 'returnToBeginning', extras: { version: 4 } },
      {
        workflowStepResultCode: 'returnToBeginning',
        extras: { comment: 'Wrong cost centre.', version: 4 },
      },
    ]);
  });

  it('offers to reload a document someone else moved on meanwhile (409)', async () => {
    let doc = activeDoc('approval', 4);
    workflowApi({
      act: () => {
        doc = activeDoc('payment', 6);
        return apiError(409, 'R-000001 was changed by someone else meanwhile.');
      },
      handlers: { 'GET /api/doc/:key': () => json(doc) },
    });
    renderApp('/o/org-1/work/edit/d-1');
    await userEvent.click(await screen.findByTestId('wf-action-confirmed'));
    expect((await screen.findByTestId('wf-error')).textContent).toContain(
      'R-000001 was changed by someone else meanwhile.',
    );
    await userEvent.click(screen.getByTestId('wf-reload'));
    await waitFor(() => expect(stepChip()).toBe(en('wf.step', 'Payment')));
    expect(screen.queryByTestId('wf-error')).toBeNull();
  });

  it('forwards to the member chosen in the lookup', async () => {
    const calls = workflowApi({
      handlers: {
        'GET /api/cl/organizationMember': () =>
          json({
            items: [
              {
                id: 1,
                key: 'm-1',
                displayTitle: 'Ana Novak',
                displayName: 'Ana Novak',
                userName: 'ana',
              },
              {
                id: 2,
                key: 'm-2',
                displayTitle: 'Bor Kos',
                displayName: 'Bor Kos',
                userName: 'bor',
              },
            ],
            nextCursor: null,
          }),
      },
    });
    renderApp('/o/org-1/work/edit/d-1');
    const dialog = await chooseFromMenu('wf-action-forwarded');
    const submit = within(dialog).getByTestId('wf-submit');
    expect(submit).toHaveProperty('disabled', true);
    await userEvent.click(within(dialog).getByRole('button', { name: en('input.combo.open') }));
    await userEvent.click(await screen.findByRole('option', { name: 'Bor Kos – bor' }));
    await userEvent.click(submit);
    await waitFor(() => expect(actions(calls)).toHaveLength(1));
    expect(actions(calls)[0]?.body).toEqual({
      workflowStepResultCode: 'forwarded',
      extras: { userId: 'm-2', version: 4 },
    }); // Only the members who may act at the document's step are asked for (issue 24).
    const lookup = calls.find((call) => call.path.startsWith('/api/cl/organizationMember'));
    const query = new URL(lookup?.path ?? '', 'http://localhost').searchParams;
    expect(query.getAll('filter')).toEqual(['assigneeOf:d-1']);
  });

  it('switches to the workflow chosen from the list', async () => {
    const calls = workflowApi({
      handlers: {
        'GET /api/cl/workflow': () =>
          json({
            items: [
              { id: 1, key: 'w-1', code: 'STD', name: 'Invoices', displayTitle: 'STD' },
              { id: 2, key: 'w-2', code: 'BIG', name: 'Large invoices', displayTitle: 'BIG' },
            ],
            nextCursor: null,
          }),
      },
    });
    renderApp('/o/org-1/work/edit/d-1');
    const dialog = await chooseFromMenu('wf-action-switchWorkflow');
    const select = within(dialog).getByTestId('field-workflowId');
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
    await userEvent.selectOptions(select, 'BIG – Large invoices');
    await userEvent.type(within(dialog).getByTestId('wf-comment'), 'Over the limit.');
    await userEvent.click(within(dialog).getByTestId('wf-submit'));
    await waitFor(() => expect(actions(calls)).toHaveLength(1));
    expect(actions(calls)[0]?.body).toEqual({
      workflowStepResultCode: 'switchWorkflow',
      extras: { comment: 'Over the limit.', workflowId: 'w-2', version: 4 },
    });
  });

  it('waits for unsaved changes to be saved before an action', async () => {
    workflowApi();
    renderApp('/o/org-1/work/edit/d-1');
    const confirm = await screen.findByTestId('wf-action-confirmed');
    expect(confirm).toHaveProperty('disabled', false);
    await userEvent.type(screen.getByTestId('field-number'), 'X');
    expect(confirm).toHaveProperty('disabled', true);
    expect(screen.getByTestId('wf-actions-menu')).toHaveProperty('disabled', true);
  });

  it('offers no actions to a user who may not act at the step', async () => {
    workApi({
      'GET /api/doc/:key': () => json(activeDoc('approval', 3)),
      'POST /api/doc/:id/preview.info': () => json(previewInfo('d-1', [])),
      'GET /api/doc/:id/wflog': () => json({ canAct: false, canEdit: true, items: [logEntry(1)] }),
    });
    renderApp('/o/org-1/work/edit/d-1');
    await waitFor(() => expect(screen.getAllByTestId('wf-log-row')).toHaveLength(1));
    expect(screen.getByTestId('doc-wf-step')).toBeTruthy();
    expect(screen.queryByTestId('wf-actions')).toBeNull();
  });

  it('shows a document the user may not change at its step read-only, saying why', async () => {
    workApi({
      'GET /api/doc/:key': () => json(activeDoc('approval', 3)),
      'POST /api/doc/:id/preview.info': () => json(previewInfo('d-1', [], false)),
      'GET /api/doc/:id/wflog': () => json({ canAct: false, canEdit: false, items: [logEntry(1)] }),
    });
    renderApp('/o/org-1/work/edit/d-1');
    expect((await screen.findByTestId('doc-locked')).textContent).toBe(en('work.edit.locked'));
    expect(screen.getByTestId<HTMLInputElement>('field-number').disabled).toBe(true);
    expect(screen.queryByTestId('doc-capture')).toBeNull();
    // Issue 24: no file action offered that the server would refuse.
    expect(await screen.findByTestId('preview-no-document')).toBeTruthy();
    expect(screen.queryByTestId('preview-add-file')).toBeNull();
  });

  it('offers no actions on an archived document, but shows its log', async () => {
    workApi({
      'GET /api/doc/:key': () => json(activeDoc('archive', 9, 'archived')),
      'POST /api/doc/:id/preview.info': () => json(previewInfo('d-1', [])),
      'GET /api/doc/:id/wflog': () => json({ canAct: true, canEdit: true, items: [logEntry(1)] }),
    });
    renderApp('/o/org-1/work/edit/d-1');
    await waitFor(() => expect(screen.getAllByTestId('wf-log-row')).toHaveLength(1));
    expect(screen.getByTestId('doc-status').textContent).toBe(en('work.status.archived'));
    expect(screen.queryByTestId('wf-actions')).toBeNull();
    expect(screen.queryByTestId('doc-wf-step')).toBeNull();
  });
});

describe('workflow log in the document editor', () => {
  it('lists who did what, from which step to which, and the time in the step', async () => {
    workflowApi({
      handlers: {
        'GET /api/doc/:id/wflog': () =>
          json({
            canAct: true,
            canEdit: true,
            items: [
              logEntry(1, {
                resultCode: 'activated',
                result: 'Activated',
                from: null,
                to: 'Approval',
                fromWorkflow: null,
                secondsInStep: null,
              }),
              logEntry(2, { comment: 'Amount checked.', secondsInStep: 3 * 86_400 + 5 * 3600 }),
              logEntry(3, {
                resultCode: 'switchWorkflow',
                result: 'Moved to another workflow',
                from: 'Accounting',
                to: 'Inbox',
                toWorkflow: 'Large invoices',
                secondsInStep: 2 * 3600 + 59 * 60,
              }),
              logEntry(4, { secondsInStep: 59 }),
            ],
          }),
      },
    });
    renderApp('/o/org-1/work/edit/d-1');
    await waitFor(() => expect(screen.getAllByTestId('wf-log-row')).toHaveLength(4));
    const cells = (row: number) =>
      [...(screen.getAllByTestId('wf-log-row')[row]?.querySelectorAll('td') ?? [])].map(
        (cell) => cell.textContent,
      );
    expect(cells(0).slice(1)).toEqual(['Ana Novak', 'Activated', '– → Approval', '', '']);
    expect(cells(0)[0]).toMatch(/^02\.03\.2026 \d\d:\d\d$/);
    expect(cells(1).slice(2)).toEqual([
      'Confirmed',
      'Approval → Accounting',
      'Amount checked.',
      en('timespan.days', 3),
    ]);
    expect(cells(2)[3]).toBe('Accounting → InboxInvoices → Large invoices');
    expect(cells(2)[5]).toBe(en('timespan.hours', 2));
    expect(cells(3)[5]).toBe(en('timespan.minutes', 0));
  });

  it('folds away, and stays folded next time', async () => {
    const calls = workflowApi();
    const first = renderApp('/o/org-1/work/edit/d-1');
    await waitFor(() => expect(screen.getAllByTestId('wf-log-row')).toHaveLength(1));
    const toggle = screen.getByRole('button', { name: en('wf.log.hide') });
    await userEvent.click(toggle);
    await waitFor(() => expect(screen.queryByTestId('wf-log-row')).toBeNull());
    first.unmount();

    const reads = logReads(calls).length;
    renderApp('/o/org-1/work/edit/d-1');
    expect(await screen.findByRole('button', { name: en('wf.log.show') })).toBeTruthy();
    // Read once more, for whether the user may act (the actions), but not shown.
    await waitFor(() => expect(logReads(calls)).toHaveLength(reads + 1));
    expect(screen.queryByTestId('wf-log-row')).toBeNull();
  });
});
