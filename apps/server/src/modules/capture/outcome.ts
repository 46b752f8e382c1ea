import { sql } from 'kysely';
import type { Trx } from '../../db/scope';

/**
 * What became of each value capture filled in (issue 27, the capture report): kept in
 * capture_outcome by listina_capture_outcome (migration 0041), which compares a captured
 * document's values with its columns now. Called by every transaction that writes captured
 * values or the columns they went into: the capture job, its cancelling, and the doc table's
 * write hook; so the table always says what the documents say.
 */
export async function recordCaptureOutcome(
  trx: Trx,
  organizationId: string | null,
  ids: readonly string[],
): Promise<void> {
  if (organizationId === null || ids.length === 0) return;
  await sql`select listina_capture_outcome(${organizationId}::bigint, ${ids}::bigint[])`.execute(
    trx,
  );
}
