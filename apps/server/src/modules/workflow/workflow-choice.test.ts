import { describe, expect, it } from 'vitest';
import { workflowFor, type StoredWorkflow } from './workflow.repository';

/**
 * Which workflow a document enters when activated: a mail rule's choice (issue 25) while it is
 * active and has steps, else the one of its type, else the one for any type.
 */
const flow = (id: string, documentTypeId: string | null, extra: Partial<StoredWorkflow> = {}) =>
  ({
    id,
    key: `k${id}`,
    code: `WF${id}`,
    name: id,
    documentTypeId,
    isActive: true,
    steps: [{} as StoredWorkflow['steps'][number]],
    ...extra,
  }) satisfies StoredWorkflow;

const all = new Map(
  [flow('1', null), flow('2', '7'), flow('3', null), flow('4', null, { isActive: false })].map(
    (w) => [w.id, w],
  ),
);

describe('workflowFor', () => {
  it("takes the rule's workflow over the type's", () => {
    expect(workflowFor(all, '7', '3')?.id).toBe('3');
  });
  it("falls back to the type's, then any type's, when the rule's is inactive or gone", () => {
    expect(workflowFor(all, '7', '4')?.id).toBe('2');
    expect(workflowFor(all, '8', '99')?.id).toBe('1');
    expect(workflowFor(all, '7')?.id).toBe('2');
  });
});
