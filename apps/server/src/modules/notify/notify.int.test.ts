import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationList, NotificationSettings, TableRecord } from '@listina/contract';
import {
  createDocumentType,
  createOrganization,
  createTestApp,
  createUser,
  createWorkflow,
  errorCodes,
  memberHeaders,
  type TestApp,
} from '../../../test/factories';
import { uploadedDocument } from '../../../test/upload';
import { doc } from '../tables/entities/doc';
import { partner } from '../tables/entities/partner';
import { createNotifyDelivery } from './notify.service';

/**
 * Issue 26 on the real engine: which mails go out for which event and setting, what they say
 * and link to, the digest's contents, reminders and escalation by a fixed clock, and nothing
 * sent twice when two workers deliver at once.
 */
let t: TestApp;
type Name = 'sam' | 'ana' | 'bor' | 'boss' | 'acc';
const users = {} as Record<Name, Awaited<ReturnType<typeof createUser>>>;
const h = {} as Record<Name | 'anaB' | 'borB', Record<string, string>>;
let orgA: Awaited<ReturnType<typeof createOrganization>>;
let orgB: Awaited<ReturnType<typeof createOrganization>>;
let typeA: number;
let typeB: number;
let supplierA: string;
let supplierB: string;
const PUBLIC_URL = 'https://listina.example.test';

beforeAll(async () => {
  t = await createTestApp({
    CAPTURE_WORKERS: '0',
    NOTIFY_MAIL_DELAY_SECONDS: '0',
    PUBLIC_URL,
  });
  for (const name of ['sam', 'ana', 'bor', 'boss', 'acc'] as const)
    users[name] = await createUser(t, { username: `${name}-${Date.now().toString(36)}` });
  orgA = await createOrganization(
    t,
    {
      [users.sam.id]: ['dataentry'],
      [users.ana.id]: ['approver'],
      [users.bor.id]: ['approver'],
      [users.boss.id]: ['orgadmin'],
      [users.acc.id]: ['accountant'],
    },
    'Alfa',
  );
  orgB = await createOrganization(
    t,
    { [users.ana.id]: ['approver', 'orgadmin'], [users.bor.id]: ['dataentry'] },
    'Beta',
  );
  for (const name of Object.keys(users) as Name[])
    h[name] = await memberHeaders(t, users[name], orgA);
  h.anaB = await memberHeaders(t, users.ana, orgB);
  h.borB = await memberHeaders(t, users.bor, orgB);
  typeA = await createDocumentType(t, h.boss);
  typeB = await createDocumentType(t, h.anaB);
  await createWorkflow(t, h.boss, typeA, [
    { systemTileCode: 'approval', roles: ['approver'] },
    { systemTileCode: 'accounting', roles: ['accountant'] },
  ]);
  await createWorkflow(t, h.anaB, typeB, [{ systemTileCode: 'approval', roles: ['approver'] }]);
  supplierA = await newPartner(h.boss, 'Dobavitelj Alfa d.o.o.');
  supplierB = await newPartner(h.anaB, 'Dobavitelj Beta d.o.o.');
}, 120_000);
afterAll(() => t.close());

async function newPartner(headers: Record<string, string>, name: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/cl/partner',
    headers,
    payload: { ...partner.sample(Math.floor(Math.random() * 1e6)), name },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ item: TableRecord }>().item.key;
}

let serial = 0;
/** An activated invoice of 1.234,50 EUR in org A (or B), due on the date given. */
async function activated(options: { dueDate?: string; org?: 'A' | 'B' } = {}) {
  serial += 1;
  const inB = options.org === 'B';
  const headers = inB ? h.borB : h.sam;
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/doc',
    headers,
    payload: {
      ...doc.sample(serial),
      number: `N-${serial}`,
      documentTypeId: inB ? typeB : typeA,
      customerKey: inB ? supplierB : supplierA,
      dueDate: options.dueDate ?? '2026-12-20',
      netAmount: null,
      vatAmount: null,
      totalAmount: '1234.50',
      costLines: [],
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const key = created.json<{ item: TableRecord }>().item.key;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/doc/activate',
    headers,
    payload: { keys: [key] },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: TableRecord[] }>().items[0] as TableRecord;
}

interface Mail {
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string>;
  attachments: { filename: string }[];
}
/** The mails queued for a user since `after` (an outbox id), oldest first. */
async function mailsTo(name: Name, after = '0'): Promise<Mail[]> {
  const rows = await t.database.db
    .selectFrom('mail_outbox')
    .select(['subject', 'text_body', 'html_body', 'headers', 'attachments'])
    .where('to_address', '=', users[name].email)
    .where('id', '>', after)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    subject: r.subject,
    text: r.text_body,
    html: r.html_body,
    headers: r.headers,
    attachments: r.attachments,
  }));
}
async function lastMailId() {
  const row = await t.database.db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return String(row?.id ?? '0');
}

const deliver = (now = new Date()) => t.services.notify.deliver(now);

/** The delivery of a second worker process on the same database. */
const anotherWorker = (delayMs = 0) =>
  createNotifyDelivery({
    db: t.database.db,
    mailer: t.mailer,
    publicUrl: PUBLIC_URL,
    delayMs,
    changed: () => undefined,
    log: { info: () => undefined, error: () => undefined },
  });

async function saveSettings(name: Name, change: Partial<NotificationSettings>) {
  const current = await t.app.inject({ url: '/api/notification/settings', headers: h[name] });
  expect(current.statusCode, current.body).toBe(200);
  const body = { ...current.json<NotificationSettings>(), ...change };
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/notification/settings',
    headers: h[name],
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<NotificationSettings>();
}

const channels = (over: Partial<NotificationSettings['channels']>) => ({
  assigned: 'mail' as const,
  forwarded: 'mail' as const,
  rejected: 'digest' as const,
  supplement: 'digest' as const,
  comment: 'digest' as const,
  paymentRejected: 'digest' as const,
  reminder: 'mail' as const,
  ...over,
});

async function list(name: Name) {
  const res = await t.app.inject({ url: '/api/notification', headers: h[name] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<NotificationList>();
}

describe('settings', () => {
  it('start from the defaults: new tasks and reminders at once, the rest in the digest', async () => {
    const res = await t.app.inject({ url: '/api/notification/settings', headers: h.acc });
    expect(res.json()).toEqual({
      channels: channels({}),
      digestHour: 7,
      digestDays: [1, 2, 3, 4, 5],
      timeZone: 'Europe/Ljubljana',
    });
  });

  it('refuses an unknown time zone on its field and keeps what was saved', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/notification/settings',
      headers: h.acc,
      payload: {
        channels: channels({ assigned: 'app' }),
        digestHour: 9,
        digestDays: [1],
        timeZone: 'Mars/Olympus',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(errorCodes(res)).toEqual(['errors.notify.timeZone']);
    const kept = await t.app.inject({ url: '/api/notification/settings', headers: h.acc });
    expect(kept.json<NotificationSettings>().channels.assigned).toBe('mail');
    expect(kept.json<NotificationSettings>().digestHour).toBe(7);
  });

  it('refuses an hour out of range and a day twice', async () => {
    for (const payload of [
      { channels: channels({}), digestHour: 24, digestDays: [1], timeZone: 'Europe/Ljubljana' },
      { channels: channels({}), digestHour: 7, digestDays: [1, 1], timeZone: 'Europe/Ljubljana' },
      { channels: { assigned: 'pigeon' }, digestHour: 7, digestDays: [], timeZone: 'UTC' },
    ]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/notification/settings',
        headers: h.acc,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});

describe('a new task', () => {
  it('mails each assignee at once, in their language, with the facts and a link to the document', async () => {
    await t.database.db
      .updateTable('app_user')
      .set({ lang: 'sl' })
      .where('id', '=', users.bor.id)
      .execute();
    const after = await lastMailId();
    const item = await activated({ dueDate: '2026-12-20' });
    expect(await mailsTo('ana', after)).toEqual([]);
    const counts = await deliver();
    expect(counts.mail).toBeGreaterThanOrEqual(2);
    const [ana] = await mailsTo('ana', after);
    const [bor] = await mailsTo('bor', after);
    const link = `${PUBLIC_URL}/o/${orgA.key}/work/edit/${item.key}`;
    expect(ana?.subject).toBe(
      `[Alfa d.o.o.] A document waits for you: N-${serial} Dobavitelj Alfa d.o.o.`,
    );
    expect(ana?.text).toContain('Organisation: Alfa d.o.o.');
    expect(ana?.text).toContain('Supplier: Dobavitelj Alfa d.o.o.');
    expect(ana?.text).toContain(`Number: N-${serial}`);
    expect(ana?.text).toContain('Amount due: 1.234,50 EUR');
    expect(ana?.text).toContain('Due date: 20.12.2026');
    expect(ana?.text).toContain(link);
    expect(ana?.html).toContain(`href="${link}"`);
    expect(ana?.html).toContain('1.234,50 EUR');
    expect(ana?.headers['List-Unsubscribe']).toBe(`<${PUBLIC_URL}/account/profile#notifications>`);
    expect(ana?.attachments).toEqual([]);
    expect(bor?.subject).toBe(
      `[Alfa d.o.o.] Dokument čaka na vas: N-${serial} Dobavitelj Alfa d.o.o.`,
    );
    expect(bor?.text).toContain('Za plačilo: 1.234,50 EUR');
    // The submitter is not told of their own activation; delivered once only.
    expect(await mailsTo('sam', after)).toEqual([]);
    await deliver();
    expect(await mailsTo('ana', after)).toHaveLength(1);
  });

  it('mails nothing to one who chose the app only or the digest', async () => {
    await saveSettings('ana', { channels: channels({ assigned: 'app' }) });
    await saveSettings('bor', { channels: channels({ assigned: 'digest' }) });
    const after = await lastMailId();
    await activated();
    await deliver();
    expect(await mailsTo('ana', after)).toEqual([]);
    expect(await mailsTo('bor', after)).toEqual([]);
    const waiting = await sql<{ channel: string; n: string }>`
      select channel, count(*) as n from notification
      where user_id = ${users.bor.id} and channel = 'digest' and sent_at is null group by channel
    `.execute(t.database.db);
    expect(Number(waiting.rows[0]?.n)).toBeGreaterThan(0);
    await saveSettings('ana', { channels: channels({}) });
    await saveSettings('bor', { channels: channels({}) });
  });

  it('sends nothing for an action undone before the mail was due', async () => {
    const late = anotherWorker(60_000);
    const item = await activated();
    await deliver();
    // Forwarded to Bor by Ana, then undone within the delay.
    const after = await lastMailId();
    const memberKey = (
      await t.app.inject({ url: '/api/cl/organizationMember?count=100', headers: h.boss })
    )
      .json<{ items: TableRecord[] }>()
      .items.find((m) => m.userName === users.bor.username)?.key;
    const forwarded = await t.app.inject({
      method: 'POST',
      url: `/api/wf/action/${item.key}`,
      headers: h.ana,
      payload: {
        workflowStepResultCode: 'forwarded',
        extras: { version: item.version, userId: memberKey },
      },
    });
    expect(forwarded.statusCode, forwarded.body).toBe(200);
    const { undoId } = forwarded.json<{ undoId: string }>();
    await late.deliver(new Date());
    const undone = await t.app.inject({
      method: 'POST',
      url: `/api/undo/${undoId}`,
      headers: h.ana,
    });
    expect(undone.statusCode, undone.body).toBe(200);
    await late.deliver(new Date(Date.now() + 120_000));
    expect((await mailsTo('bor', after)).map((m) => m.subject)).toEqual([]);
  });

  it('tells a forward as such, and a comment to the others who took part', async () => {
    const item = await activated();
    await deliver();
    const after = await lastMailId();
    const members = (
      await t.app.inject({ url: '/api/cl/organizationMember?count=100', headers: h.boss })
    ).json<{ items: TableRecord[] }>().items;
    const borKey = members.find((m) => m.userName === users.bor.username)?.key;
    const forwarded = await t.app.inject({
      method: 'POST',
      url: `/api/wf/action/${item.key}`,
      headers: h.ana,
      payload: {
        workflowStepResultCode: 'forwarded',
        extras: { version: item.version, userId: borKey, comment: 'Please check the VAT.' },
      },
    });
    expect(forwarded.statusCode, forwarded.body).toBe(200);
    await deliver();
    const [bor] = await mailsTo('bor', after);
    expect(bor?.subject).toContain('Odstopljeno vam');
    expect(bor?.text).toContain('> Please check the VAT.');
    // Sam submitted it: the comment waits for the digest (the default for comments).
    const sam = await list('sam');
    expect(sam.items[0]).toMatchObject({ kind: 'comment', comment: 'Please check the VAT.' });
    expect(await mailsTo('sam', after)).toEqual([]);
  });

  it('attaches the main file only where the organisation allows it', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const upload = async () => {
      const item = await uploadedDocument(
        t,
        h.sam,
        { filename: 'racun.pdf', content: pdf, type: 'application/pdf' },
        {
          documentTypeId: typeA,
          customerKey: supplierA,
          number: `F-${++serial}`,
          totalAmount: '10.00',
          dueDate: '2026-12-24',
        },
      );
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/doc/activate',
        headers: h.sam,
        payload: { keys: [item.key] },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    let after = await lastMailId();
    await upload();
    await deliver();
    expect((await mailsTo('ana', after))[0]?.attachments).toEqual([]);
    await t.database.db
      .updateTable('organization')
      .set({ mail_attaches_file: true } as never)
      .where('id', '=', orgA.id)
      .execute();
    after = await lastMailId();
    await upload();
    await deliver();
    expect((await mailsTo('ana', after))[0]?.attachments).toEqual([
      expect.objectContaining({ filename: 'racun.pdf', contentType: 'application/pdf' }),
    ]);
    await t.database.db
      .updateTable('organization')
      .set({ mail_attaches_file: false } as never)
      .where('id', '=', orgA.id)
      .execute();
  });
});

describe('the bell across organisations', () => {
  it("counts and lists the user's notifications of every organisation, each named", async () => {
    const before = await list('ana');
    const item = await activated({ org: 'B' });
    // Ana works in Alfa (her header names it) and sees Beta's task there.
    const after = await list('ana');
    expect(after.count.unread).toBe(before.count.unread + 1);
    expect(after.items[0]).toMatchObject({
      kind: 'assigned',
      organizationKey: orgB.key,
      organizationName: 'Beta d.o.o.',
      documentKey: item.key,
      read: false,
    });
    // Without any organisation header too.
    const bare = await t.app.inject({
      url: '/api/notification',
      headers: { authorization: h.ana.authorization ?? '' },
    });
    expect(bare.json<NotificationList>().count.unread).toBe(after.count.unread);
  });

  it('marks a notification read, and unread again', async () => {
    const first = (await list('ana')).items[0];
    if (!first) throw new Error('Ana has no notification');
    const read = await t.app.inject({
      method: 'PUT',
      url: `/api/notification/${first.id}/read`,
      headers: h.ana,
      payload: { read: true },
    });
    expect(read.statusCode, read.body).toBe(200);
    const count = read.json<{ count: { unread: number } }>().count.unread;
    const unread = await t.app.inject({
      method: 'PUT',
      url: `/api/notification/${first.id}/read`,
      headers: h.ana,
      payload: { read: false },
    });
    expect(unread.json<{ count: { unread: number } }>().count.unread).toBe(count + 1);
    expect((await list('ana')).items[0]).toMatchObject({ id: first.id, read: false });
    // Another user cannot touch it: not found, and it stays as it was.
    const foreign = await t.app.inject({
      method: 'PUT',
      url: `/api/notification/${first.id}/read`,
      headers: h.bor,
      payload: { read: true },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await list('ana')).items[0]).toMatchObject({ id: first.id, read: false });
  });

  it('leaves out an organisation the user is no longer an active member of', async () => {
    const withB = await list('ana');
    await t.database.db
      .updateTable('organization_member')
      .set({ is_active: false } as never)
      .where('organization_id', '=', orgB.id)
      .where('user_id', '=', users.ana.id)
      .execute();
    const withoutB = await list('ana');
    expect(withoutB.items.some((n) => n.organizationKey === orgB.key)).toBe(false);
    expect(withoutB.count.unread).toBeLessThan(withB.count.unread);
    await t.database.db
      .updateTable('organization_member')
      .set({ is_active: true } as never)
      .where('organization_id', '=', orgB.id)
      .where('user_id', '=', users.ana.id)
      .execute();
  });
});

/** 2026-12-07 is a Monday; these are its hours in Ljubljana (UTC+1 in winter). */
const at = (date: string, hour: number) =>
  new Date(`${date}T${String(hour - 1).padStart(2, '0')}:30:00Z`);

describe('the daily digest', () => {
  it("lists each organisation's tasks oldest first with overdue ones marked, once a day", async () => {
    await deliver();
    // Everything before is out of the way: today's digest of everyone is sent.
    await t.services.notify.digest(at('2026-12-04', 23));
    const overdue = await activated({ dueDate: '2026-12-01' });
    await activated({ dueDate: '2026-12-24', org: 'B' });
    await saveSettings('ana', { digestHour: 8, digestDays: [1, 3] });
    await deliver();
    const after = await lastMailId();
    // Monday 07:30: not yet her hour.
    await t.services.notify.digest(at('2026-12-07', 7));
    expect(await mailsTo('ana', after)).toEqual([]);
    await t.services.notify.digest(at('2026-12-07', 8));
    const mails = await mailsTo('ana', after);
    expect(mails).toHaveLength(1);
    const [digest] = mails;
    expect(digest?.subject).toMatch(/^Listina: \d+ document\(s\) wait for you$/);
    const text = digest?.text ?? '';
    const alfa = text.indexOf('Alfa d.o.o.:');
    const beta = text.indexOf('Beta d.o.o.:');
    expect(alfa).toBeGreaterThan(-1);
    expect(beta).toBeGreaterThan(alfa);
    expect(text).toContain(
      `! Dobavitelj Alfa d.o.o. · ${String(overdue.number)}, 1.234,50 EUR, due 01.12.2026, OVERDUE by 6 day(s)`,
    );
    expect(text).toContain(`${PUBLIC_URL}/o/${orgA.key}/work/edit/${overdue.key}`);
    expect(digest?.html).toContain('color:#b71c1c');
    expect(digest?.headers['List-Unsubscribe']).toBe(
      `<${PUBLIC_URL}/account/profile#notifications>`,
    );
    // Once a day; not on Tuesday (not one of her days); again on Wednesday.
    await t.services.notify.digest(at('2026-12-07', 18));
    await t.services.notify.digest(at('2026-12-08', 9));
    expect(await mailsTo('ana', after)).toHaveLength(1);
    await t.services.notify.digest(at('2026-12-09', 9));
    expect(await mailsTo('ana', after)).toHaveLength(2);
  });

  it('carries the notifications chosen for it, once', async () => {
    await saveSettings('sam', { channels: channels({ rejected: 'digest' }) });
    const item = await activated();
    await deliver();
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/api/wf/action/${item.key}`,
      headers: h.ana,
      payload: {
        workflowStepResultCode: 'rejected',
        extras: { version: item.version, comment: 'Not ours.' },
      },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    await deliver();
    const after = await lastMailId();
    await t.services.notify.digest(at('2026-12-10', 7));
    const [digest] = await mailsTo('sam', after);
    expect(digest?.text).toContain('Since your last digest');
    expect(digest?.text).toContain(`Alfa d.o.o.: ${String(item.number)} was rejected by`);
    // Said as the bell says it: one sentence for both.
    const bell = await t.app.inject({ url: '/api/notification', headers: h.sam });
    const said = bell
      .json<{ items: { kind: string; text: string }[] }>()
      .items.find((n) => n.kind === 'rejected')?.text;
    expect(said).toMatch(/was rejected by User /);
    expect(digest?.text).toContain(`Alfa d.o.o.: ${said}`);
    await t.services.notify.digest(at('2026-12-11', 7));
    expect((await mailsTo('sam', after)).slice(1).map((m) => m.text)).not.toContainEqual(
      expect.stringContaining('was rejected'),
    );
  });

  it('sends no mail to one with nothing waiting and nothing new', async () => {
    const after = await lastMailId();
    await t.services.notify.digest(at('2026-12-14', 9));
    expect(await mailsTo('boss', after)).toEqual([]);
  });
});

describe('reminders', () => {
  /** The reminders of a document, as notifications: who, what (sorted). */
  async function remindersOf(key: string) {
    const { rows } = await sql<{ user_id: string; kind: string }>`
      select n.user_id, n.kind from notification n join doc d
        on d.organization_id = n.organization_id and d.id = n.doc_id
      where d.key = ${key} and n.kind in ('dueSoon', 'overdue', 'escalated')
      order by n.id
    `.execute(t.database.db);
    const name = (id: string) =>
      (Object.keys(users) as Name[]).find((n) => String(users[n].id) === String(id));
    return rows.map((r) => `${name(r.user_id)}:${r.kind}`).sort();
  }

  it('remind the assignees once when the due date is near, not before 7:00', async () => {
    const item = await activated({ dueDate: '2027-01-20' });
    expect(await t.services.notify.remind(at('2027-01-18', 6))).toBe(0);
    await t.services.notify.remind(at('2027-01-18', 8));
    expect(await remindersOf(item.key)).toEqual(['ana:dueSoon', 'bor:dueSoon']);
    await t.services.notify.remind(at('2027-01-18', 12));
    await t.services.notify.remind(at('2027-01-19', 8));
    expect(await remindersOf(item.key)).toEqual(['ana:dueSoon', 'bor:dueSoon']);
    // Mailed by the reminder setting (at once by default).
    const after = await lastMailId();
    await deliver();
    const mails = await mailsTo('ana', after);
    expect(mails.map((m) => m.subject)).toContainEqual(
      `[Alfa d.o.o.] Due soon: ${String(item.number)} Dobavitelj Alfa d.o.o.`,
    );
  });

  it('remind daily once overdue, and tell the admins after the escalation days', async () => {
    await t.database.db
      .updateTable('organization')
      .set({ remind_days_before: 0, escalate_after_days: 2 } as never)
      .where('id', '=', orgA.id)
      .execute();
    const item = await activated({ dueDate: '2027-02-01' });
    await t.services.notify.remind(at('2027-02-01', 8));
    expect(await remindersOf(item.key)).toEqual([]);
    await t.services.notify.remind(at('2027-02-02', 8));
    await t.services.notify.remind(at('2027-02-02', 9));
    expect(await remindersOf(item.key)).toEqual(['ana:overdue', 'bor:overdue']);
    await t.services.notify.remind(at('2027-02-03', 8));
    expect(await remindersOf(item.key)).toEqual([
      'ana:overdue',
      'ana:overdue',
      'bor:overdue',
      'bor:overdue',
      'boss:escalated',
    ]);
  });

  it('stop once the task is done, and remind only those who still have to act', async () => {
    const item = await activated({ dueDate: '2027-03-01' });
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/api/wf/action/${item.key}`,
      headers: h.ana,
      payload: { workflowStepResultCode: 'confirmed', extras: { version: item.version } },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // Now at accounting: the accountant's task.
    await t.services.notify.remind(at('2027-03-02', 8));
    expect(await remindersOf(item.key)).toEqual(['acc:overdue']);
  });

  it('are claimed once when two workers look at the same time', async () => {
    const item = await activated({ dueDate: '2027-04-01' });
    const second = anotherWorker();
    await Promise.all([
      t.services.notify.remind(at('2027-04-02', 8)),
      second.remind(at('2027-04-02', 8)),
    ]);
    expect(await remindersOf(item.key)).toEqual(['ana:overdue', 'bor:overdue']);
  });
});

describe('two workers', () => {
  it('mail each notification once when they deliver at the same time', async () => {
    const second = anotherWorker();
    await deliver();
    const after = await lastMailId();
    for (let i = 0; i < 5; i++) await activated();
    await Promise.all([deliver(), second.deliver(), deliver(), second.deliver()]);
    expect(await mailsTo('ana', after)).toHaveLength(5);
    expect(await mailsTo('bor', after)).toHaveLength(5);
  });
});
