import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'kysely';
import { ImapFlow, type ImapFlowOptions } from 'imapflow';
import type { Db } from '../../db/create-db';
import type { AfterImport } from '../tables/entities/intake';
import type { IntakeService } from './intake-types';
import { describeMailboxError, imapOptions, type MailboxSettings } from './mailbox-check';
import { createSweeper, errorText, PollError } from './mailbox-sweep';
import { isSealed, unseal } from './secret-box';

/**
 * The worker's side of polled mailboxes (issue 25). Each active intake_mailbox row is held by
 * one worker at a time through a lease in its own columns (claimed_by, lease_until): claimed
 * with skip locked, renewed while held, released on stop, and taken over by another worker
 * when it ends (its worker died). For a held mailbox one IMAP connection stays open: IDLE
 * tells of new mail at once where the server offers it, a sweep every pollMs otherwise.
 *
 * A message is marked done on the server (seen, moved or deleted) only after
 * intake.importMessage resolved, that is after its documents and log row are committed. A
 * worker that dies in between leaves it as it was; the next sweep imports it again, which the
 * intake answers as seen before, and marks it then.
 */

export interface MailboxPollerOptions {
  /** The owner role's connection: reads every organisation's mailboxes, as the job queue does. */
  db: Db;
  intake: Pick<IntakeService, 'importMessage' | 'logRefused'>;
  log?: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
  /** How often a held mailbox is swept when IDLE tells nothing (and free ones are looked for). */
  pollMs: number;
  workerId?: string;
  /** How long a claimed mailbox stays this worker's without a renewal. */
  leaseSeconds?: number;
  /** A larger message is logged as refused and never downloaded (INTAKE_MAX_MESSAGE_BYTES). */
  maxMessageBytes: number;
  /** The wait before reconnecting after a failure, doubled each time up to maxMs. */
  backoff?: { firstMs: number; maxMs: number };
  /** Mailboxes one worker holds at most (an open connection each). */
  maxMailboxes?: number;
  /** More ImapFlow options for every connection (tests: a trusted CA, timeouts). */
  imap?: Partial<ImapFlowOptions>;
}

export interface MailboxPoller {
  readonly id: string;
  /** Looks for free mailboxes and sweeps the held ones now (after a mailbox was saved). */
  wake(): void;
  /** Finishes the message in hand, logs out, releases every held mailbox. */
  stop(): Promise<void>;
}

interface MailboxRow {
  organization_id: string;
  id: string;
  key: string;
  host: string;
  port: number;
  tls: boolean;
  username: string;
  password: string;
  folder: string;
  after_import: AfterImport;
  move_folder: string;
  version: number;
}

interface Session {
  row: MailboxRow;
  /** Sweeps now instead of at the next poll. */
  kick(): void;
  stop(): Promise<void>;
  isStopping: boolean;
  /** Until when the lease is surely this worker's (as of its last claim or renewal). */
  heldUntil: number;
}

const DEFAULT_BACKOFF = { firstMs: 2000, maxMs: 300_000 };

const idOf = (row: { organization_id: string; id: string }) =>
  `${String(row.organization_id)}:${String(row.id)}`;

export function startMailboxPoller(options: MailboxPollerOptions): MailboxPoller {
  const { db, log } = options;
  const sweep = createSweeper(options);
  const id = options.workerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const leaseSeconds = options.leaseSeconds ?? 120;
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const lookEveryMs = Math.min(options.pollMs, (leaseSeconds * 1000) / 3);
  const sessions = new Map<string, Session>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let looking: Promise<void> | undefined;

  const setState = async (row: MailboxRow, status: 'ok' | 'failed', lastError = '') => {
    await sql`
      update intake_mailbox set status = ${status}, last_error = ${lastError},
        last_checked_at = now()
      where organization_id = ${row.organization_id} and id = ${row.id} and claimed_by = ${id}
    `
      .execute(db)
      .catch((error: unknown) => log?.warn({ err: String(error) }, 'mailbox state not saved'));
  };

  const release = async (keys: string[]) => {
    if (keys.length === 0) return;
    await sql`
      update intake_mailbox set claimed_by = null, lease_until = null
      where claimed_by = ${id} and (organization_id::text || ':' || id::text) = any(${keys}::text[])
    `.execute(db);
  };

  const releaseAll = async () => {
    await sql`
      update intake_mailbox set claimed_by = null, lease_until = null where claimed_by = ${id}
    `.execute(db);
  };

  /** Keeps the held leases; a mailbox lost, switched off or edited meanwhile is let go. */
  async function renew() {
    const keys = [...sessions.keys()];
    if (keys.length === 0) return;
    const heldUntil = Date.now() + leaseSeconds * 1000;
    const { rows } = await sql<{ organization_id: string; id: string; version: number }>`
      update intake_mailbox set lease_until = now() + ${leaseSeconds} * interval '1 second'
      where claimed_by = ${id} and is_active
        and (organization_id::text || ':' || id::text) = any(${keys}::text[])
      returning organization_id, id, version
    `.execute(db);
    const kept = new Map(rows.map((r) => [idOf(r), Number(r.version)]));
    for (const [key, session] of sessions) {
      if (kept.has(key)) session.heldUntil = heldUntil;
      if (session.isStopping || kept.get(key) === Number(session.row.version)) continue;
      // Edited settings are read again by the next claim; a lost lease is another's now.
      void session
        .stop()
        .then(() => (kept.has(key) ? release([key]) : undefined))
        .catch((error: unknown) => log?.warn({ err: String(error) }, 'mailbox not released'))
        .finally(() => {
          sessions.delete(key);
          // Edited settings: claimed again at once, not at the next look.
          if (kept.has(key)) setImmediate(lookNow);
        });
    }
  }

  async function claim(): Promise<MailboxRow[]> {
    const free = (options.maxMailboxes ?? 100) - sessions.size;
    if (free <= 0) return [];
    const { rows } = await sql<MailboxRow>`
      update intake_mailbox set claimed_by = ${id},
        lease_until = now() + ${leaseSeconds} * interval '1 second'
      where (organization_id, id) in (
        select organization_id, id from intake_mailbox
        where is_active and (lease_until is null or lease_until < now())
        order by last_checked_at nulls first, organization_id, id
        limit ${free}
        for update skip locked
      )
      returning organization_id, id, key, host, port, tls, username, password, folder,
        after_import, move_folder, version
    `.execute(db);
    return rows;
  }

  async function look() {
    if (stopped) return;
    await renew();
    const heldUntil = Date.now() + leaseSeconds * 1000;
    for (const row of await claim()) {
      const key = idOf(row);
      if (stopped) await release([key]);
      else {
        const session = sessions.get(key) ?? openSession(row);
        session.heldUntil = heldUntil;
        sessions.set(key, session);
      }
    }
  }

  /** Renews, claims and starts sessions now, then every lookEveryMs. */
  function lookNow() {
    if (stopped) return;
    clearTimeout(timer);
    looking ??= look()
      .catch((error: unknown) => log?.warn({ err: String(error) }, 'looking for mailboxes failed'))
      .finally(() => {
        looking = undefined;
        if (!stopped) timer = setTimeout(lookNow, lookEveryMs);
      });
  }

  function wake() {
    for (const session of sessions.values()) session.kick();
    lookNow();
  }

  function openSession(row: MailboxRow): Session {
    const controller = new AbortController();
    const { signal } = controller;
    let pending = false;
    let interrupt: () => void = () => undefined;
    /** Resolves at the first of: ms passed, a kick, the session's stop, the client's close. */
    const wait = (ms: number, client?: ImapFlow) =>
      new Promise<void>((resolve) => {
        if (pending || signal.aborted || (client && !client.usable)) return resolve();
        const timeout = setTimeout(finish, ms);
        function finish() {
          clearTimeout(timeout);
          client?.off('close', finish);
          signal.removeEventListener('abort', finish);
          interrupt = () => undefined;
          resolve();
        }
        interrupt = finish;
        client?.once('close', finish);
        signal.addEventListener('abort', finish);
      });
    // Short of the lease's end by a margin: past it, another worker may have the mailbox.
    const margin = Math.min(5000, (leaseSeconds * 1000) / 4);
    const control: SessionControl = {
      signal,
      isHeld: () => Date.now() < session.heldUntil - margin,
      wait,
      takePending: () => {
        const was = pending;
        pending = false;
        return was;
      },
      newMail: () => session.kick(),
    };

    async function run() {
      let delay = backoff.firstMs;
      while (!signal.aborted) {
        if (!control.isHeld()) {
          // Not renewed in time (the database was away): the next claim decides who has it.
          log?.warn({ mailbox: row.key }, 'mailbox lease lost');
          if (sessions.get(idOf(row)) === session) sessions.delete(idOf(row));
          break;
        }
        const failure = await connectAndSweep(row, control).then(
          () => undefined,
          (error: unknown) => error,
        );
        if (signal.aborted) break;
        // Ended without a failure: the lease was not renewed in time (checked above).
        if (failure === undefined) continue;
        const { message } = describeMailboxError(failure, row, (failure as Failure).atFolder);
        const text = errorText(message.code, message.parameters);
        log?.warn({ mailbox: row.key, err: text }, 'mailbox failed');
        await setState(row, 'failed', text);
        // A connection that worked before is tried again soonest.
        if ((failure as Failure).wasConnected) delay = backoff.firstMs;
        await wait(delay);
        pending = false;
        delay = Math.min(delay * 2, backoff.maxMs);
      }
    }
    const session: Session = {
      row,
      isStopping: false,
      heldUntil: Date.now() + leaseSeconds * 1000,
      kick: () => {
        pending = true;
        interrupt();
      },
      stop: async () => {
        session.isStopping = true;
        controller.abort();
        await done;
      },
    };
    const done = run().catch((error: unknown) =>
      log?.warn({ mailbox: row.key, err: String(error) }, 'mailbox session ended'),
    );
    return session;
  }

  /**
   * One connection's life: log in, open the folder, sweep whenever told (IDLE's EXISTS, a
   * wake, the poll), until the connection drops or the session stops. Rejects with what
   * ended it; resolves when the session stopped.
   */
  async function connectAndSweep(row: MailboxRow, control: SessionControl): Promise<void> {
    const password = isSealed(row.password) ? unseal(row.password) : row.password;
    if (password === undefined) throw new PollError('PasswordUnreadable');
    const settings: MailboxSettings = { ...row, password };
    const client = new ImapFlow(
      imapOptions(settings, {
        // IDLE soon after a sweep, so that new mail is told at once.
        autoIdleDelay: 1000,
        connectionTimeout: 30_000,
        greetingTimeout: 16_000,
        ...options.imap,
      }),
    );
    client.on('error', (error: unknown) =>
      log?.info({ mailbox: row.key, err: String(error) }, 'mailbox connection error'),
    );
    client.on('exists', control.newMail);
    let wasConnected = false;
    // A stop does not wait for a slow server's connect or login; a sweep it lets finish.
    const closeWhileConnecting = () => {
      if (!wasConnected) client.close();
    };
    control.signal.addEventListener('abort', closeWhileConnecting);
    try {
      await client.connect();
      try {
        await client.mailboxOpen(row.folder);
      } catch (error) {
        throw marked(error, { atFolder: true });
      }
      wasConnected = true;
      const moveReady = { done: false };
      while (!control.signal.aborted && control.isHeld()) {
        control.takePending();
        const importFailure = await sweep(
          client,
          row,
          () => !control.signal.aborted && control.isHeld(),
          moveReady,
        );
        await setState(row, importFailure ? 'failed' : 'ok', importFailure ?? '');
        await control.wait(options.pollMs, client);
        if (!client.usable && !control.signal.aborted) throw new PollError('EConnectionClosed');
      }
    } catch (error) {
      throw marked(error, { wasConnected });
    } finally {
      control.signal.removeEventListener('abort', closeWhileConnecting);
      client.off('exists', control.newMail);
      if (client.usable) await Promise.race([client.logout(), sleep(2000)]).catch(() => undefined);
      client.close();
    }
  }

  lookNow();
  return {
    id,
    wake,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await looking;
      await Promise.allSettled([...sessions.values()].map((s) => s.stop()));
      sessions.clear();
      await releaseAll().catch((error: unknown) =>
        log?.warn({ err: String(error) }, 'mailboxes not released'),
      );
    },
  };
}

interface SessionControl {
  signal: AbortSignal;
  /** Whether the lease is still surely this worker's: no message is begun otherwise. */
  isHeld: () => boolean;
  wait(ms: number, client?: ImapFlow): Promise<void>;
  /** Whether new mail was told since the last call. */
  takePending(): boolean;
  newMail: () => void;
}

/** What ended a connection: where it was, and whether it had worked. */
interface Failure {
  atFolder?: boolean;
  wasConnected?: boolean;
}

/** The error with where it happened, for describeMailboxError and the backoff. */
function marked(error: unknown, failure: Failure): Error {
  const found = error instanceof Error ? error : new Error(String(error));
  return Object.assign(found, failure);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
