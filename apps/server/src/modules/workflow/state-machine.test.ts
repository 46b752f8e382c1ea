import { describe, expect, it } from 'vitest';
import {
  act,
  enter,
  mayAct,
  tileOf,
  type Action,
  type Actor,
  type DocumentState,
  type Outcome,
  type Step,
  type Workflow,
} from './state-machine';

const step = (id: string, extra: Partial<Step> = {}): Step => ({
  id,
  systemTileCode: id,
  userIds: [],
  roles: [],
  rule: 'any',
  minApprovers: 1,
  commentRequired: false,
  applies: true,
  ...extra,
});

/** review (Rita) → approval (Ana and Bor, all) → accounting (role accountant) → archive */
const flow: Workflow = {
  id: 'w1',
  steps: [
    step('review', { userIds: ['rita'], commentRequired: true }),
    step('approval', { userIds: ['ana', 'bor'], rule: 'all' }),
    step('accounting', { roles: ['accountant'] }),
    step('archive'),
  ],
};
const other: Workflow = {
  id: 'w2',
  steps: [step('inbox', { userIds: ['ivo'] }), step('payment', { userIds: ['pia'] })],
};

const user = (userId: string, roles: string[] = []): Actor => ({ userId, roles, isAdmin: false });
const admin: Actor = { userId: 'root', roles: ['orgadmin'], isAdmin: true };
const sam = user('sam');

const at = (stepId: string, extra: Partial<DocumentState> = {}): DocumentState => ({
  workflowId: 'w1',
  standing: { kind: 'step', stepId },
  submitterId: 'sam',
  forwardedTo: null,
  approvals: [],
  ...extra,
});

function done(outcome: Outcome) {
  if (!outcome.ok) throw new Error(`refused: ${outcome.code}`);
  return outcome;
}
const where = (outcome: Outcome, workflow = flow) => tileOf(workflow, done(outcome).state.standing);
const refusal = (outcome: Outcome) => (outcome.ok ? 'accepted' : outcome.code);
const run = (state: DocumentState, actor: Actor, action: Action, workflow = flow) =>
  act(workflow, state, actor, action);

describe('entering a workflow', () => {
  it('starts at the first step whose condition holds', () => {
    expect(tileOf(flow, enter(flow))).toBe('review');
    const skipReview = { ...flow, steps: flow.steps.map((s, i) => ({ ...s, applies: i > 0 })) };
    expect(tileOf(skipReview, enter(skipReview))).toBe('approval');
    const none = { id: 'w0', steps: [step('review', { applies: false })] };
    expect(enter(none)).toEqual({ kind: 'archived' });
  });
});

describe('confirmed', () => {
  it('moves a first step on when its one assignee confirms, telling the next ones', () => {
    const outcome = done(run(at('review'), user('rita'), { result: 'confirmed' }));
    expect(tileOf(flow, outcome.state.standing)).toBe('approval');
    expect(outcome.moved).toBe(true);
    expect(outcome.notify).toEqual({ userIds: ['ana', 'bor'], roles: [], reason: 'assigned' });
  });

  it('waits at a step of all approvers until each has confirmed', () => {
    const first = done(run(at('approval'), user('ana'), { result: 'confirmed' }));
    expect(first.moved).toBe(false);
    expect(first.state.approvals).toEqual(['ana']);
    expect(tileOf(flow, first.state.standing)).toBe('approval');
    expect(refusal(run(first.state, user('ana'), { result: 'confirmed' }))).toBe(
      'errors.wf.alreadyConfirmed',
    );
    const second = done(run(first.state, user('bor'), { result: 'confirmed' }));
    expect(tileOf(flow, second.state.standing)).toBe('accounting');
    expect(second.state.approvals).toEqual([]);
    expect(second.notify).toEqual({ userIds: [], roles: ['accountant'], reason: 'assigned' });
  });

  it('needs N distinct approvers at an at-least step', () => {
    const board: Workflow = {
      id: 'w3',
      steps: [step('approval', { roles: ['board'], rule: 'atLeast', minApprovers: 2 })],
    };
    const state = { ...at('approval'), workflowId: 'w3' };
    const one = done(run(state, user('x', ['board']), { result: 'confirmed' }, board));
    expect(one.moved).toBe(false);
    const two = done(run(one.state, user('y', ['board']), { result: 'confirmed' }, board));
    expect(two.state.standing).toEqual({ kind: 'archived' });
  });

  it('archives after the last step, and skips steps whose condition does not hold', () => {
    expect(where(run(at('accounting'), user('acc', ['accountant']), { result: 'confirmed' }))).toBe(
      'archive',
    );
    const noArchiveStep = { id: 'w4', steps: [step('review', { userIds: ['rita'] })] };
    const last = done(run(at('review'), user('rita'), { result: 'confirmed' }, noArchiveStep));
    expect(last.state.standing).toEqual({ kind: 'archived' });
    const skipApproval = {
      ...flow,
      steps: flow.steps.map((s) => (s.id === 'approval' ? { ...s, applies: false } : s)),
    };
    expect(where(run(at('review'), user('rita'), { result: 'confirmed' }, skipApproval))).toBe(
      'accounting',
    );
  });

  it('is refused to anyone but the assignees; an admin confirms any step at once', () => {
    expect(refusal(run(at('review'), user('ana'), { result: 'confirmed' }))).toBe(
      'errors.wf.notAssignee',
    );
    expect(refusal(run(at('accounting'), user('x', ['dataentry']), { result: 'confirmed' }))).toBe(
      'errors.wf.notAssignee',
    );
    expect(where(run(at('approval'), admin, { result: 'confirmed' }))).toBe('accounting');
  });
});

describe('forwarded', () => {
  it('hands the step to another assignee, who alone acts on it then', () => {
    const forwarded = done(
      run(at('approval'), user('ana'), {
        result: 'forwarded',
        forwardTo: { userId: 'bor', roles: [] },
      }),
    );
    expect(forwarded.moved).toBe(false);
    expect(forwarded.state.forwardedTo).toBe('bor');
    expect(forwarded.notify).toEqual({ userIds: ['bor'], roles: [], reason: 'forwarded' });
    expect(refusal(run(forwarded.state, user('ana'), { result: 'confirmed' }))).toBe(
      'errors.wf.notAssignee',
    );
    expect(where(run(forwarded.state, user('bor'), { result: 'confirmed' }))).toBe('accounting');
  });

  it('is refused without a user, to a user not allowed at the step, and twice to the same', () => {
    expect(refusal(run(at('approval'), user('ana'), { result: 'forwarded' }))).toBe(
      'errors.wf.forwardToMissing',
    );
    expect(
      refusal(
        run(at('approval'), user('ana'), {
          result: 'forwarded',
          forwardTo: { userId: 'rita', roles: [] },
        }),
      ),
    ).toBe('errors.wf.forwardToNotAssignee');
    expect(
      refusal(
        run(at('approval', { forwardedTo: 'bor' }), user('bor'), {
          result: 'forwarded',
          forwardTo: { userId: 'bor', roles: [] },
        }),
      ),
    ).toBe('errors.wf.alreadyForwarded');
  });
});

describe('returnToBeginning and oneStepBack', () => {
  it('returns a middle step to the first, clearing its approvals', () => {
    const outcome = done(
      run(at('approval', { approvals: ['ana'] }), user('bor'), { result: 'returnToBeginning' }),
    );
    expect(tileOf(flow, outcome.state.standing)).toBe('review');
    expect(outcome.state.approvals).toEqual([]);
    expect(outcome.notify?.userIds).toEqual(['rita']);
  });

  it('takes a step back to the previous step that applies, never before the first', () => {
    expect(
      where(run(at('accounting'), user('acc', ['accountant']), { result: 'oneStepBack' })),
    ).toBe('approval');
    const skipApproval = {
      ...flow,
      steps: flow.steps.map((s) => (s.id === 'approval' ? { ...s, applies: false } : s)),
    };
    expect(
      where(
        run(at('accounting'), user('acc', ['accountant']), { result: 'oneStepBack' }, skipApproval),
      ),
    ).toBe('review');
    expect(
      refusal(run(at('review'), user('rita'), { result: 'oneStepBack', comment: 'why' })),
    ).toBe('errors.wf.atFirstStep');
  });

  it('needs a comment where the step asks for one', () => {
    expect(refusal(run(at('review'), user('rita'), { result: 'returnToBeginning' }))).toBe(
      'errors.wf.commentRequired',
    );
    expect(
      where(run(at('review'), user('rita'), { result: 'returnToBeginning', comment: ' ok ' })),
    ).toBe('review');
  });
});

describe('supplementData', () => {
  it('sends the document back to its submitter with a comment; their confirm returns it to the step', () => {
    expect(refusal(run(at('approval'), user('ana'), { result: 'supplementData' }))).toBe(
      'errors.wf.commentRequired',
    );
    const sent = done(
      run(at('approval', { approvals: ['ana'] }), user('bor'), {
        result: 'supplementData',
        comment: 'The delivery note is missing.',
      }),
    );
    expect(sent.state.standing).toEqual({ kind: 'supplement', stepId: 'approval' });
    expect(tileOf(flow, sent.state.standing)).toBe('supplement');
    expect(sent.notify).toEqual({ userIds: ['sam'], roles: [], reason: 'supplement' });

    expect(refusal(run(sent.state, user('ana'), { result: 'confirmed' }))).toBe(
      'errors.wf.notSubmitter',
    );
    expect(refusal(run(sent.state, sam, { result: 'rejected', comment: 'no' }))).toBe(
      'errors.wf.supplementOnlyConfirm',
    );
    const back = done(run(sent.state, sam, { result: 'confirmed' }));
    expect(back.state.standing).toEqual({ kind: 'step', stepId: 'approval' });
    expect(back.state.approvals).toEqual([]);
    expect(back.notify?.userIds).toEqual(['ana', 'bor']);
  });
});

describe('rejected', () => {
  it('ends the document rejected with a comment, telling the submitter', () => {
    expect(refusal(run(at('approval'), user('ana'), { result: 'rejected', comment: '  ' }))).toBe(
      'errors.wf.commentRequired',
    );
    const outcome = done(
      run(at('approval'), user('ana'), { result: 'rejected', comment: 'Double' }),
    );
    expect(outcome.state.standing).toEqual({ kind: 'rejected' });
    expect(tileOf(flow, outcome.state.standing)).toBeNull();
    expect(outcome.notify).toEqual({ userIds: ['sam'], roles: [], reason: 'rejected' });
    expect(refusal(run(outcome.state, user('ana'), { result: 'confirmed' }))).toBe(
      'errors.wf.closed.rejected',
    );
  });
});

describe('movedToArchive', () => {
  it('archives from any step; an archived document takes no more actions but an admin reopening it', () => {
    const archived = done(run(at('review'), user('rita'), { result: 'movedToArchive' }));
    expect(tileOf(flow, archived.state.standing)).toBe('archive');
    expect(refusal(run(archived.state, user('rita'), { result: 'confirmed' }))).toBe(
      'errors.wf.closed.archived',
    );
    expect(refusal(run(archived.state, admin, { result: 'confirmed' }))).toBe(
      'errors.wf.closed.archived',
    );
    expect(where(run(archived.state, admin, { result: 'returnToBeginning' }))).toBe('review');
  });
});

describe('switchWorkflow', () => {
  it('moves the document to the first step of another workflow', () => {
    const outcome = done(
      run(at('approval'), user('ana'), { result: 'switchWorkflow', switchTo: other }),
    );
    expect(outcome.state.workflowId).toBe('w2');
    expect(tileOf(other, outcome.state.standing)).toBe('inbox');
    expect(outcome.notify?.userIds).toEqual(['ivo']);
  });

  it('is refused without a workflow, or to the same one', () => {
    expect(refusal(run(at('approval'), user('ana'), { result: 'switchWorkflow' }))).toBe(
      'errors.wf.workflowMissing',
    );
    expect(
      refusal(run(at('approval'), user('ana'), { result: 'switchWorkflow', switchTo: flow })),
    ).toBe('errors.wf.sameWorkflow');
  });
});

describe('mayAct', () => {
  it('answers who is offered the actions: assignees, the forwarded user, the submitter asked for data, admins', () => {
    expect(mayAct(flow, at('approval'), user('ana'))).toBe(true);
    expect(mayAct(flow, at('approval'), user('rita'))).toBe(false);
    expect(mayAct(flow, at('accounting'), user('x', ['accountant']))).toBe(true);
    expect(mayAct(flow, at('approval', { forwardedTo: 'bor' }), user('ana'))).toBe(false);
    expect(mayAct(flow, at('approval', { forwardedTo: 'bor' }), user('bor'))).toBe(true);
    const supplement = at('approval', { standing: { kind: 'supplement', stepId: 'approval' } });
    expect(mayAct(flow, supplement, sam)).toBe(true);
    expect(mayAct(flow, supplement, user('ana'))).toBe(false);
    expect(mayAct(flow, at('review'), admin)).toBe(true);
    expect(mayAct(flow, at('review', { standing: { kind: 'archived' } }), admin)).toBe(false);
  });
});
