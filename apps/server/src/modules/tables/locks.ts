import { AppError, type MessageSpec } from '../../lib/errors';
import type { EntityDef, LockContext, LockedRecord, LockProblem } from './entity';

/** Why each record may not be changed by this user now (entity.locked), in order. */
export async function lockProblems(
  entity: EntityDef,
  records: readonly LockedRecord[],
  context: LockContext,
): Promise<LockProblem[]> {
  if (!entity.locked || records.length === 0) return records.map(() => undefined);
  return entity.locked(records, context);
}

/** A lock problem as the message it answers with. */
export const lockMessage = ({ code, parameters }: NonNullable<LockProblem>): MessageSpec => ({
  code,
  ...(parameters ? { parameters } : {}),
});

/**
 * Refuses a change of records the entity locks for this user: 409 when a record's state
 * forbids it, 403 when only the user's part in it does; every reason in the answer.
 */
export async function throwLockProblems(
  entity: EntityDef,
  records: readonly LockedRecord[],
  context: LockContext,
): Promise<void> {
  const problems = (await lockProblems(entity, records, context)).filter(
    (p): p is NonNullable<LockProblem> => p !== undefined,
  );
  if (problems.length === 0) return;
  const status = problems.some((p) => p.status === 409) ? 409 : 403;
  throw new AppError(status, problems.map(lockMessage));
}
