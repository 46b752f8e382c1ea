import type { ReportFilter } from '@listina/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/create-db';
import { inScope, type Trx } from '../../db/scope';

/** Who asks, and in which organisation. */
export interface ReportScope {
  userId: string;
  organizationId: string;
}

/**
 * A report's statements in the organisation's scope, without JIT compilation: the correlated
 * checks (approval, packages) make the planner's cost estimate pass jit_above_cost even for a
 * few hundred rows, and compiling then took 50 ms of a 60 ms answer (bench/README.md, Reports).
 */
export function inReportScope<T>(db: Db, scope: ReportScope, read: (trx: Trx) => Promise<T>) {
  return inScope(db, scope, async (trx) => {
    await sql`set local jit = off`.execute(trx);
    return read(trx);
  });
}

export const filterOf = ({ supplier, documentType, costCenter, workflowStep }: ReportFilter) => ({
  supplier,
  documentType,
  costCenter,
  workflowStep,
});
