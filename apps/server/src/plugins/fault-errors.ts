import type { MessageSpec } from '../lib/errors';

/**
 * Failures of the parts the server stands on (issue 9, "Faults"), told apart from bugs: the
 * database gone or restarting answers 503 and the next request tries again; a full disk
 * answers 507. Neither is the caller's fault, nor a crash to investigate from a stack trace.
 */
export interface Fault {
  status: 503 | 507;
  message: MessageSpec;
}

/**
 * The PostgreSQL server could not be asked (down, restarting, unreachable, too slow): thrown
 * by the driver (db/postgres-dialect.ts) in place of the connection's own error. Not an
 * AppError, so that no caller folds it into a list of per-record refusals.
 */
export class DatabaseFault extends Error {
  override readonly name = 'DatabaseFault';
  constructor(
    readonly code: 'errors.databaseUnavailable' | 'errors.databaseTimeout',
    cause: unknown,
  ) {
    super(`${code}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/** SQLSTATEs of a server that is stopping, starting, overloaded or gone (class 08, 57P, 53). */
const UNAVAILABLE_STATES = new Set([
  '57P01', // admin_shutdown: pg_ctl stop, a terminated backend
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, recovering
  '53300', // too_many_connections
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08004', // sqlserver_rejected_establishment_of_sqlconnection
  '08006', // connection_failure
]);

/** Socket errors on the way to the database server. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** node-postgres says these in words only: a lost connection, a pool that waited too long. */
const LOST_CONNECTION =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable)/;

/**
 * Out of room: ENOSPC (disk full), EDQUOT (quota), EFBIG (file size limit) for a file;
 * SQLSTATE 53100 (disk_full) when it is the database's disk.
 */
const STORAGE_FULL_CODES = new Set(['ENOSPC', 'EDQUOT', 'EFBIG', '53100']);

/** The error and its causes, outermost first (a wrapped error keeps its origin in `cause`). */
function chain(error: unknown): { code?: unknown; message?: unknown }[] {
  const links: { code?: unknown; message?: unknown }[] = [];
  const seen = new Set<unknown>();
  const visit = (current: unknown) => {
    if (!current || typeof current !== 'object' || seen.has(current)) return;
    seen.add(current);
    links.push(current);
    if (current instanceof AggregateError) current.errors.forEach(visit);
    visit((current as { cause?: unknown }).cause);
  };
  visit(error);
  return links;
}

/**
 * The driver's error as a DatabaseFault when it says the server cannot be asked now, else
 * undefined (a constraint, a syntax error, a serialisation failure stay what they are).
 */
export function databaseFaultOf(error: unknown): DatabaseFault | undefined {
  if (error instanceof DatabaseFault) return error;
  for (const { code, message } of chain(error)) {
    const state = typeof code === 'string' ? code : '';
    const text = typeof message === 'string' ? message : '';
    // The server's statement_timeout, or no answer at all within the pool's query_timeout.
    if ((state === '57014' && text.includes('statement timeout')) || text === 'Query read timeout')
      return new DatabaseFault('errors.databaseTimeout', error);
    if (UNAVAILABLE_STATES.has(state) || NETWORK_CODES.has(state) || LOST_CONNECTION.test(text))
      return new DatabaseFault('errors.databaseUnavailable', error);
  }
  return undefined;
}

/** What the error handler answers for a fault, undefined for anything else. */
export function faultOf(error: unknown): Fault | undefined {
  const links = chain(error);
  const database = links.find((link): link is DatabaseFault => link instanceof DatabaseFault);
  if (database) return { status: 503, message: { code: database.code } };
  if (links.some((link) => typeof link.code === 'string' && STORAGE_FULL_CODES.has(link.code)))
    return { status: 507, message: { code: 'errors.storageFull' } };
  return undefined;
}
