import net from 'node:net';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  dovecotAvailable,
  startDovecot,
  withDovecot,
  type DovecotServer,
} from '../../../test/dovecot';
import { createTestApp, soleMember, type TestApp } from '../../../test/factories';
import { composeMail } from '../../../test/mail';
import { invoicePdf, plannedInvoices } from '../../../test/upload';
import { uuidv7 } from '../../lib/ids';
import type { AfterImport } from '../tables/entities/intake';
import type { IncomingMessage, IntakeOutcome, IntakeService } from './intake-types';
import {
  startMailboxPoller,
  type MailboxPoller,
  type MailboxPollerOptions,
} from './mailbox-poller';
import { seal } from './secret-box';

/**
 * Polled mailboxes (issue 25) against a real Dovecot on 127.0.0.1 and the real intake: what
 * comes in is imported once and only then marked read, moved or deleted; new mail told by
 * IDLE is taken at once; a dropped connection is made again; a worker that dies between
 * import and mark leaves the message to be marked (not imported again) by the next; and two
 * workers never work one mailbox at once.
 */

const USERS = [
  'read',
  'move',
  'remove',
  'idle',
  'drop',
  'crash',
  'pair1',
  'pair2',
  'pair3',
  'big',
  'lease',
  'wrong',
];
const passwordOf = (user: string) => `pw-${user}-1`;

let dovecot: DovecotServer;
let t: TestApp;
let organizationId = '';
const pdfs: Buffer[] = [];
const pollers: MailboxPoller[] = [];

let copies = 0;
/** A supplier's message with an invoice PDF, new bytes each time. */
const invoiceMail = (subject: string) =>
  composeMail({
    subject,
    messageId: `${uuidv7()}@dobavitelj.si`,
    attachments: [
      {
        filename: 'racun.pdf',
        content: Buffer.concat([
          pdfs[copies % pdfs.length] ?? Buffer.alloc(0),
          Buffer.from(`\n%copy ${copies++}\n`),
        ]),
        contentType: 'application/pdf',
      },
    ],
  });

async function waitFor<T>(
  what: string,
  fn: () => Promise<T | undefined | false>,
  ms = 20_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}\n${dovecot.log().slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** An active mailbox of the organisation for a Dovecot user, its password sealed as stored. */
async function addMailbox(
  user: string,
  afterImport: AfterImport = 'markRead',
  extra: { password?: string; moveFolder?: string } = {},
) {
  const key = uuidv7();
  const { rows } = await sql<{ id: string }>`
    insert into intake_mailbox (organization_id, key, name, host, port, tls, username, password,
      folder, after_import, move_folder)
    values (${organizationId}, ${key}, ${`Mailbox ${user} ${key}`}, ${dovecot.host}, ${dovecot.port},
      false, ${user}, ${seal(extra.password ?? passwordOf(user))}, 'INBOX', ${afterImport},
      ${extra.moveFolder ?? ''})
    returning id
  `.execute(t.database.db);
  return String(rows[0]?.id);
}

interface MailboxState {
  status: string;
  last_error: string;
  last_checked_at: Date | null;
  claimed_by: string | null;
}
const mailboxState = async (id: string) =>
  (
    await sql<MailboxState>`select status, last_error, last_checked_at, claimed_by from intake_mailbox where id = ${id}`.execute(
      t.database.db,
    )
  ).rows[0] as MailboxState;

interface LogRow {
  subject: string;
  result: string;
  reason: string;
  times_seen: number;
  documents: number;
}
/** The intake log of a mailbox as the Intake page has it, with the documents made. */
const logOf = async (mailboxId: string) =>
  (
    await sql<LogRow>`
      select m.subject, m.result, m.reason, m.times_seen,
        (select count(*)::int from doc d where d.organization_id = m.organization_id and d.intake_message_id = m.id) as documents
      from intake_message m where m.mailbox_id = ${mailboxId} order by m.id`.execute(t.database.db)
  ).rows;

/** The real intake, with each call and its outcome recorded; `fail` throws after the import. */
function recordingIntake(fail?: (message: IncomingMessage) => boolean) {
  const calls: { mailboxId: string; outcome: IntakeOutcome }[] = [];
  const intake: Pick<IntakeService, 'importMessage' | 'logRefused'> = {
    async importMessage(message) {
      const outcome = await t.services.intake.importMessage(message);
      calls.push({ mailboxId: message.mailboxId ?? '', outcome });
      if (fail?.(message)) throw new Error('the worker died');
      return outcome;
    },
    async logRefused(message) {
      const outcome = await t.services.intake.logRefused(message);
      calls.push({ mailboxId: message.mailboxId ?? '', outcome });
      return outcome;
    },
  };
  return { intake, calls };
}

function poller(options: Partial<MailboxPollerOptions> & Pick<MailboxPollerOptions, 'intake'>) {
  const started = startMailboxPoller({
    db: t.database.db,
    pollMs: 1000,
    leaseSeconds: 5,
    maxMessageBytes: 5 * 2 ** 20,
    backoff: { firstMs: 200, maxMs: 1000 },
    imap: { tls: { ca: [dovecot.certificate ?? ''] } },
    ...options,
  });
  pollers.push(started);
  return started;
}

const subjects = (log: LogRow[]) => log.map((r) => r.subject).sort();

describe.skipIf(!dovecotAvailable())(withDovecot('mailboxes polled by the workers'), () => {
  beforeAll(async () => {
    dovecot = await startDovecot({
      users: Object.fromEntries(USERS.map((u) => [u, passwordOf(u)])),
    });
    t = await createTestApp({ INTAKE_MAILBOXES: 'off', CAPTURE_WORKERS: '0' });
    const { org } = await soleMember(t, ['orgadmin']);
    organizationId = String(org.id);
    for (const invoice of plannedInvoices('mailbox-poller', 10).slice(0, 3))
      pdfs.push((await invoicePdf(invoice)).content);
  }, 120_000);
  afterEach(async () => {
    await Promise.all(pollers.splice(0).map((p) => p.stop()));
    await sql`update intake_mailbox set is_active = false`.execute(t.database.db);
  });
  afterAll(async () => {
    await t?.close();
    await dovecot?.stop();
  });

  it('imports the unread messages and marks each read after its documents are saved', async () => {
    const id = await addMailbox('read');
    await dovecot.append('read', 'INBOX', await invoiceMail('Račun 1'));
    await dovecot.append('read', 'INBOX', await invoiceMail('Račun 2'));
    await dovecot.append('read', 'INBOX', await invoiceMail('Already read'), ['\\Seen']);
    const { intake } = recordingIntake();
    poller({ intake });
    const log = await waitFor(
      'two imports',
      async () => (await logOf(id)).length === 2 && logOf(id),
    );
    expect(log.map(({ subject, result, documents }) => ({ subject, result, documents }))).toEqual([
      { subject: 'Račun 1', result: 'imported', documents: 1 },
      { subject: 'Račun 2', result: 'imported', documents: 1 },
    ]);
    await waitFor('all read', async () =>
      (await dovecot.messages('read', 'INBOX')).every((m) => m.flags.includes('\\Seen')),
    );
    const state = await waitFor('status ok', async () => {
      const s = await mailboxState(id);
      return s.status === 'ok' && s;
    });
    expect(state).toMatchObject({ last_error: '' });
    expect(state.last_checked_at).not.toBeNull();
    expect(await logOf(id)).toHaveLength(2);
  });

  it('moves the imported messages to the move folder, making it when missing', async () => {
    const id = await addMailbox('move', 'move', { moveFolder: 'Uvoženo' });
    await dovecot.append('move', 'INBOX', await invoiceMail('Move me'), ['\\Seen']);
    const { intake } = recordingIntake();
    poller({ intake });
    await waitFor('moved', async () => (await dovecot.messages('move', 'Uvoženo')).length === 1);
    expect(await dovecot.messages('move', 'INBOX')).toEqual([]);
    expect(subjects(await logOf(id))).toEqual(['Move me']);
  });

  it('deletes the imported messages', async () => {
    const id = await addMailbox('remove', 'delete');
    await dovecot.append('remove', 'INBOX', await invoiceMail('Delete me 1'));
    await dovecot.append('remove', 'INBOX', await invoiceMail('Delete me 2'), ['\\Seen']);
    const { intake } = recordingIntake();
    poller({ intake });
    await waitFor('deleted', async () => (await dovecot.messages('remove', 'INBOX')).length === 0);
    const log = await logOf(id);
    expect(subjects(log)).toEqual(['Delete me 1', 'Delete me 2']);
    expect(log.every((r) => r.result === 'imported' && r.documents === 1)).toBe(true);
  });

  it('takes a message told by IDLE at once, without waiting for the poll', async () => {
    const id = await addMailbox('idle');
    const { intake } = recordingIntake();
    poller({ intake, pollMs: 120_000 });
    await waitFor('first sweep', async () => (await mailboxState(id)).status === 'ok');
    // Past the auto-IDLE delay, the connection idles.
    await new Promise((r) => setTimeout(r, 1500));
    const sentAt = Date.now();
    await dovecot.append('idle', 'INBOX', await invoiceMail('Told by IDLE'));
    await waitFor('imported', async () => (await logOf(id)).length === 1, 10_000);
    expect(Date.now() - sentAt).toBeLessThan(10_000);
    await waitFor('read', async () =>
      (await dovecot.messages('idle', 'INBOX'))[0]?.flags.includes('\\Seen'),
    );
  });

  it('connects again after the server dropped the connection, and goes on', async () => {
    const id = await addMailbox('drop');
    const { intake } = recordingIntake();
    poller({ intake, pollMs: 120_000 });
    await dovecot.append('drop', 'INBOX', await invoiceMail('Before'));
    await waitFor('first', async () => (await logOf(id)).length === 1);
    await dovecot.kick('drop');
    await dovecot.append('drop', 'INBOX', await invoiceMail('After a kick'));
    await waitFor('after the kick', async () => (await logOf(id)).length === 2);
    await dovecot.restart();
    await dovecot.append('drop', 'INBOX', await invoiceMail('After a restart'));
    await waitFor('after the restart', async () => (await logOf(id)).length === 3);
    expect(subjects(await logOf(id))).toEqual(['After a kick', 'After a restart', 'Before']);
    await waitFor('status ok', async () => (await mailboxState(id)).status === 'ok');
    expect((await dovecot.messages('drop', 'INBOX')).every((m) => m.flags.includes('\\Seen'))).toBe(
      true,
    );
  });

  it('marks (and does not import again) a message whose worker died between import and mark', async () => {
    const id = await addMailbox('crash');
    await dovecot.append('crash', 'INBOX', await invoiceMail('Imported once'));
    const dying = recordingIntake(() => true);
    const first = poller({ intake: dying.intake });
    await waitFor('the first import', async () => dying.calls.length > 0);
    await first.stop();
    // Imported, its documents saved, but never marked on the server.
    expect((await logOf(id)).map((r) => [r.subject, r.documents])).toEqual([['Imported once', 1]]);
    expect((await dovecot.messages('crash', 'INBOX'))[0]?.flags).toEqual([]);
    expect((await mailboxState(id)).last_error).toMatch(
      /^Message Imported once could not be imported \(the worker died\)/,
    );

    const next = recordingIntake();
    poller({ intake: next.intake });
    await waitFor('marked', async () =>
      (await dovecot.messages('crash', 'INBOX'))[0]?.flags.includes('\\Seen'),
    );
    expect(next.calls.map((c) => c.outcome.seenBefore)).toEqual([true]);
    const log = await logOf(id);
    expect(log.map((r) => [r.subject, r.result, r.documents])).toEqual([
      ['Imported once', 'imported', 1],
    ]);
    await waitFor('status ok', async () => (await mailboxState(id)).status === 'ok');
  });

  it('lets two workers never work one mailbox at once, and one take over when the other stops', async () => {
    const ids = [await addMailbox('pair1'), await addMailbox('pair2'), await addMailbox('pair3')];
    for (const user of ['pair1', 'pair2', 'pair3'])
      for (const n of [1, 2])
        await dovecot.append(user, 'INBOX', await invoiceMail(`${user} ${n}`));
    const a = recordingIntake();
    const b = recordingIntake();
    // Worker a takes two (all it may hold), worker b the third: both work at once.
    const first = poller({ intake: a.intake, workerId: 'worker-a', maxMailboxes: 2 });
    await waitFor('a holds two', async () => {
      const holders = await Promise.all(ids.map(async (id) => (await mailboxState(id)).claimed_by));
      return holders.filter((h) => h === 'worker-a').length === 2;
    });
    poller({ intake: b.intake, workerId: 'worker-b' });
    // The calls are recorded after the log rows are committed: both are waited for.
    await waitFor('all imported', async () => {
      if (a.calls.length + b.calls.length < 6) return false;
      const counts = await Promise.all(ids.map(async (id) => (await logOf(id)).length));
      return counts.every((c) => c === 2);
    });
    for (const id of ids) {
      const byA = a.calls.filter((c) => c.mailboxId === id).length;
      const byB = b.calls.filter((c) => c.mailboxId === id).length;
      expect(byA === 0 || byB === 0).toBe(true);
      expect(byA + byB).toBe(2);
      expect((await logOf(id)).every((r) => r.times_seen === 1 && r.documents === 1)).toBe(true);
    }
    expect([...a.calls, ...b.calls].every((c) => !c.outcome.seenBefore)).toBe(true);
    const holders = await Promise.all(ids.map(async (id) => (await mailboxState(id)).claimed_by));
    expect([...holders].sort()).toEqual(['worker-a', 'worker-a', 'worker-b']);
    expect(a.calls).toHaveLength(4);
    expect(b.calls).toHaveLength(2);

    await first.stop();
    const users = ['pair1', 'pair2', 'pair3'];
    const ofA = ids.flatMap((id, i) => (holders[i] === 'worker-a' ? [i] : []));
    for (const i of ofA)
      await dovecot.append(users[i] ?? '', 'INBOX', await invoiceMail('after a'));
    await waitFor('taken over', async () => {
      if (b.calls.length < 4) return false;
      const counts = await Promise.all(ofA.map(async (i) => (await logOf(ids[i] ?? '')).length));
      return counts.every((c) => c === 3);
    });
    expect(b.calls).toHaveLength(4);
    expect(await Promise.all(ids.map(async (id) => (await mailboxState(id)).claimed_by))).toEqual([
      'worker-b',
      'worker-b',
      'worker-b',
    ]);
  });

  it('leaves a mailbox whose lease another worker holds, and takes it when the lease ended', async () => {
    const id = await addMailbox('lease');
    await sql`update intake_mailbox set claimed_by = 'gone', lease_until = now() + interval '1 hour' where id = ${id}`.execute(
      t.database.db,
    );
    await dovecot.append('lease', 'INBOX', await invoiceMail('Leased'));
    const { intake, calls } = recordingIntake();
    const running = poller({ intake, workerId: 'worker-c' });
    await new Promise((r) => setTimeout(r, 2000));
    expect(calls).toEqual([]);
    expect((await mailboxState(id)).claimed_by).toBe('gone');
    await sql`update intake_mailbox set lease_until = now() - interval '1 second' where id = ${id}`.execute(
      t.database.db,
    );
    running.wake();
    await waitFor('taken', async () => (await logOf(id)).length === 1);
    expect((await mailboxState(id)).claimed_by).toBe('worker-c');

    // Taken by another meanwhile (its lease ran out unnoticed): this worker lets it go.
    await sql`update intake_mailbox set claimed_by = 'other', lease_until = now() + interval '1 hour' where id = ${id}`.execute(
      t.database.db,
    );
    await new Promise((r) => setTimeout(r, 2000));
    await dovecot.append('lease', 'INBOX', await invoiceMail('Not ours'));
    await new Promise((r) => setTimeout(r, 2000));
    expect(calls).toHaveLength(1);
    expect((await mailboxState(id)).claimed_by).toBe('other');
    await sql`update intake_mailbox set lease_until = now() - interval '1 second' where id = ${id}`.execute(
      t.database.db,
    );
    running.wake();
    await waitFor('taken back', async () => (await logOf(id)).length === 2);
    await running.stop();
    expect((await mailboxState(id)).claimed_by).toBeNull();
  });

  it('logs a message over the size limit as refused, unread, and marks it', async () => {
    const id = await addMailbox('big');
    const big = await composeMail({
      subject: 'Too big',
      attachments: [
        { filename: 'scan.pdf', content: Buffer.alloc(300_000, 7), contentType: 'application/pdf' },
      ],
    });
    await dovecot.append('big', 'INBOX', big);
    const { intake } = recordingIntake();
    poller({ intake, maxMessageBytes: 200_000 });
    const log = await waitFor('refused', async () => (await logOf(id)).length === 1 && logOf(id));
    expect(log.map((r) => [r.subject, r.result, r.reason, r.documents])).toEqual([
      ['Too big', 'quarantined', 'intake.reason.tooLarge', 0],
    ]);
    await waitFor('read', async () =>
      (await dovecot.messages('big', 'INBOX'))[0]?.flags.includes('\\Seen'),
    );
  });

  it('stops at once while a server that never greets keeps it connecting', async () => {
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const id = await addMailbox('lease');
      const { port } = silent.address() as net.AddressInfo;
      await sql`update intake_mailbox set port = ${port} where id = ${id}`.execute(t.database.db);
      const { intake } = recordingIntake();
      const running = poller({ intake, workerId: 'worker-d' });
      await waitFor('claimed', async () => (await mailboxState(id)).claimed_by === 'worker-d');
      const stoppedAt = Date.now();
      await running.stop();
      expect(Date.now() - stoppedAt).toBeLessThan(3000);
      expect((await mailboxState(id)).claimed_by).toBeNull();
    } finally {
      silent.close();
    }
  });

  it('says on the mailbox why it failed: a refused password', async () => {
    const id = await addMailbox('wrong', 'markRead', { password: 'not-it' });
    const { intake } = recordingIntake();
    poller({ intake });
    const state = await waitFor('failed', async () => {
      const s = await mailboxState(id);
      return s.status === 'failed' && s;
    });
    expect(state.last_error).toBe(
      'The server 127.0.0.1 refused the user name or the password. Check both; some providers want an app password for IMAP.',
    );

    // An admin types the right password: the worker logs in with it and goes on.
    await dovecot.append('wrong', 'INBOX', await invoiceMail('After the fix'));
    const fixedAt = Date.now();
    await sql`update intake_mailbox set password = ${seal(passwordOf('wrong'))}, version = version + 1 where id = ${id}`.execute(
      t.database.db,
    );
    await waitFor('imported', async () => (await logOf(id)).length === 1);
    expect(Date.now() - fixedAt).toBeLessThan(15_000);
    await waitFor('status ok', async () => {
      const s = await mailboxState(id);
      return s.status === 'ok' && s.last_error === '';
    });
  });
});
