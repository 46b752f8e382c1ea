import { describe, expect, it } from 'vitest';
import { DatabaseFault, databaseFaultOf, faultOf } from './fault-errors';

/** Errors as node-postgres and Node give them; the live cases are in test/faults/. */
const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('faults of the database and the disk', () => {
  it('takes a lost, refused or restarting database for a 503', () => {
    const unavailable = [
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], ''),
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('the database system is starting up', '57P03'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
    ];
    for (const error of unavailable) {
      const fault = databaseFaultOf(error);
      expect(fault?.code, error.message).toBe('errors.databaseUnavailable');
      expect(faultOf(fault)).toEqual({
        status: 503,
        message: { code: 'errors.databaseUnavailable' },
      });
    }
    const slow = withCode('canceling statement due to statement timeout', '57014');
    expect(faultOf(databaseFaultOf(slow))?.message.code).toBe('errors.databaseTimeout');
    // node-postgres's query_timeout: the server never answered.
    expect(databaseFaultOf(new Error('Query read timeout'))?.code).toBe('errors.databaseTimeout');
  });

  it('leaves the errors of a statement to their callers', () => {
    expect(databaseFaultOf(withCode('duplicate key value', '23505'))).toBeUndefined();
    expect(
      databaseFaultOf(withCode('canceling statement due to user request', '57014')),
    ).toBeUndefined();
    // A refused connection elsewhere (SMTP, S3) is no database fault unless the driver says so.
    expect(faultOf(withCode('connect ECONNREFUSED', 'ECONNREFUSED'))).toBeUndefined();
    expect(faultOf(new DatabaseFault('errors.databaseUnavailable', new Error('x')))?.status).toBe(
      503,
    );
  });

  it('takes a full disk for a 507, also when wrapped', () => {
    const full = withCode('ENOSPC: no space left on device, write', 'ENOSPC');
    expect(faultOf(full)).toEqual({ status: 507, message: { code: 'errors.storageFull' } });
    expect(faultOf(new Error('upload failed', { cause: full }))?.status).toBe(507);
    expect(faultOf(withCode('EFBIG: file too large', 'EFBIG'))?.status).toBe(507);
    expect(faultOf(withCode('could not extend file: No space left', '53100'))?.status).toBe(507);
    expect(faultOf(withCode('ENOENT', 'ENOENT'))).toBeUndefined();
  });
});
