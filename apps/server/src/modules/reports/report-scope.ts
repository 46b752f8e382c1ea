import type { ReportFilter } from '@listina/contract';
import { sql, type RawBuilder } from 'kysely';
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

/** A period, both days included, and the time zone its days are the user's in. */
export interface Period {
  from: string;
  to: string;
  timeZone: string;
}

/**
 * The moment a day starts in a time zone, as a timestamptz constant: compared with a column,
 * its operator is leakproof, so behind row-level security an index still serves the
 * comparison (a date compared with a timestamptz column is not; bench/README.md, Reports).
 */
export const dayStartSql = (day: string, timeZone: string, plusDays = 0) =>
  sql`((${day}::date + ${plusDays}::int)::timestamp at time zone ${timeZone})`;

/** A moment column within a period's days (served by an index on the column). */
export const withinSql = (column: RawBuilder<unknown>, { from, to, timeZone }: Period) =>
  sql`${column} >= ${dayStartSql(from, timeZone)} and ${column} < ${dayStartSql(to, timeZone, 1)}`;

export const hasFilter = (filter: ReportFilter) =>
  Boolean(filter.supplier || filter.documentType || filter.costCenter || filter.workflowStep);
