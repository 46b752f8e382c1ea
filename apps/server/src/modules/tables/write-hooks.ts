import type { Trx } from '../../db/scope';
import type { Journal } from './journal';

/**
 * Work another module does when records of a table were written (derived data, e.g. search).
 * What the hook itself writes to tables goes into `journal`: audited as the same user's, and
 * undone with the action that caused it.
 */
export type WriteHook = (
  trx: Trx,
  organizationId: string | null,
  ids: string[],
  journal: Journal,
) => Promise<void>;

/**
 * Hooks run in the writing transaction, just before its journal is committed, with the ids of
 * the records the journal created or changed (a save, an import, an undo, a state change).
 * Deleted records have nothing left to derive.
 */
export function createWriteHooks() {
  const hooks = new Map<string, WriteHook[]>();
  return {
    add(entity: string, hook: WriteHook) {
      hooks.set(entity, [...(hooks.get(entity) ?? []), hook]);
    },
    async run(trx: Trx, journal: Journal, organizationId: string | null) {
      const written = new Map<string, Set<string>>();
      for (const op of journal.operations) {
        if (op.kind === 'deleted' || !hooks.has(op.entity)) continue;
        written.set(op.entity, (written.get(op.entity) ?? new Set()).add(op.id));
      }
      for (const [entity, ids] of written)
        for (const hook of hooks.get(entity) ?? [])
          await hook(trx, organizationId, [...ids], journal);
    },
  };
}

export type WriteHooks = ReturnType<typeof createWriteHooks>;
