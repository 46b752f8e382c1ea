/**
 * The daily digest (issue 26): 10,000 users over 1,000 organisations on PostgreSQL, every
 * user's digest due at once (a Monday 08:30 in Ljubljana, the default hour 7 and days Mon–Fri).
 * Times digest(now) of the notification delivery with a real mailer whose flush is a no-op
 * (the outbox rows queued: the figure), then the flush that writes the .eml files, apart;
 * samples the process's RSS and heap every 500 ms; checks that every user with a task or a
 * waiting notification got exactly one mail and that a second digest(now) at once sends none.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:55442/postgres npx tsx bench/notify-digest.bench.ts
 *   options: --users 10000 --orgs 1000 --docs 50 (in workflow, per organisation)
 *   --archived 200 (per organisation) --rounds 3
 *
 * The database of DATABASE_URL gets a new database `notify_digest` (dropped first when left
 * over), migrated; the data is generated with set-based SQL (generate_series).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { createDb, migrateToLatest } from '../apps/server/src/db/create-db';
import { createMailer } from '../apps/server/src/plugins/mail';
import { createNotifyDelivery } from '../apps/server/src/modules/notify/notify.service';
import { machine, markdownTable } from './support/stats';

const { values: args } = parseArgs({
  options: {
    users: { type: 'string', default: '10000' },
    orgs: { type: 'string', default: '1000' },
    docs: { type: 'string', default: '50' },
    archived: { type: 'string', default: '200' },
    rounds: { type: 'string', default: '3' },
  },
});
const userCount = Number(args.users);
const orgCount = Number(args.orgs);
const docsPerOrg = Number(args.docs);
const archivedPerOrg = Number(args.archived);
const rounds = Number(args.rounds);
const NAME = 'notify_digest';
// Monday 30 November 2026, 08:30 in Ljubljana (UTC+1): everyone's digest is due.
const NOW = new Date('2026-11-30T07:30:00Z');

const log = (text: string) => console.log(`${new Date().toISOString().slice(11, 19)} ${text}`);
const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) throw new Error('DATABASE_URL (a PostgreSQL server) is needed');
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`drop database if exists ${NAME}`);
await admin.query(`create database ${NAME}`);
await admin.end();
const url = new URL(adminUrl);
url.pathname = `/${NAME}`;
const handle = await createDb({
  databaseUrl: url.toString(),
  timeouts: { connectMs: 5000, statementMs: 0 },
});
const db = handle.db;
await migrateToLatest(db);

log('generating');
const genStarted = performance.now();
await sql`
  insert into app_user (key, username, email, display_name, password_hash, email_confirmed_at)
  select gen_random_uuid(), 'bench' || g, 'bench' || g || '@bench.test', 'Uporabnik ' || g, 'x',
         now()
  from generate_series(1, ${userCount}::int) g
`.execute(db);
await sql`
  insert into organization (key, intake_code, connect_code, name_nick, name)
  select gen_random_uuid(), 'in' || g, 'cc' || g, 'Tenant ' || g, 'Tenant ' || g || ' d.o.o.'
  from generate_series(1, ${orgCount}::int) g
`.execute(db);
// A member is active when their address is confirmed (a trigger copies it onto the row).
// Each user in 3 organisations (roles approver / accountant / orgadmin by turn); every 100th
// user, an accountant of an office, in 25 more.
await sql`
  with u as (select id, row_number() over (order by id) as g from app_user where username like 'bench%'),
       o as (select id, row_number() over (order by id) - 1 as r from organization where name_nick like 'Tenant %'),
       pairs as (
         select u.id as user_id, (u.g * 7 + k * 331) % ${orgCount}::int as r,
                (array['approver', 'accountant', 'orgadmin'])[1 + (u.g + k) % 3] as role
         from u, generate_series(0, 2) k
         union all
         select u.id, (u.g * 13 + k * 37) % ${orgCount}::int, 'accountant'
         from u, generate_series(0, 24) k where u.g % 100 = 0)
  insert into organization_member (key, organization_id, user_id, roles, is_active)
  select distinct on (o.id, p.user_id) gen_random_uuid(), o.id, p.user_id, array[p.role], true
  from pairs p join o on o.r = p.r
  order by o.id, p.user_id
`.execute(db);
await sql`
  insert into workflow (key, organization_id, code, name, is_active)
  select gen_random_uuid(), id, 'WF', 'Odobritev', true from organization
`.execute(db);
await sql`
  insert into workflow_step (key, organization_id, workflow_id, position, system_tile_code, name,
                             roles, member_keys)
  select gen_random_uuid(), w.organization_id, w.id, s.position, s.tile, s.name, array[s.role],
         '{}'
  from workflow w,
       (values (1, 'approval', 'Odobritev', 'approver'), (2, 'accounting', 'Knjiženje', 'accountant'))
         as s(position, tile, name, role)
`.execute(db);
await sql`
  insert into partner (key, organization_id, code, name)
  select gen_random_uuid(), o.id, 'P' || g, 'Dobavitelj ' || g || ' d.o.o.'
  from organization o, generate_series(1, 5) g
`.execute(db);
// Documents in the workflow: half at each step; every 4th overdue; every 10th forwarded to a
// member; every 25th back with its submitter for a supplement.
await sql`
  insert into doc (key, organization_id, number, issue_date, due_date, total_amount, status,
                   customer_key, workflow_id, workflow_step_id, workflow_standing,
                   workflow_forwarded_to, workflow_submitted_by, workflow_step_at)
  select gen_random_uuid(), o.id, 'R-' || g, date '2026-11-01',
         case when g % 4 = 0 then date '2026-11-20' else date '2026-12-15' end,
         (g * 37 % 5000) + 0.5, 'active',
         (select p.key from partner p where p.organization_id = o.id and p.code = 'P' || (1 + g % 5)),
         w.id, s.id,
         case when g % 25 = 0 then 'supplement' else 'step' end,
         case when g % 10 = 3 then mem.user_id end,
         mem.user_id,
         timestamptz '2026-11-01' + g * interval '1 hour'
  from organization o
  join workflow w on w.organization_id = o.id
  cross join generate_series(1, ${docsPerOrg}::int) g
  join workflow_step s on s.workflow_id = w.id and s.position = 1 + g % 2
  cross join lateral (select m.user_id from organization_member m
                      where m.organization_id = o.id order by m.id limit 1 offset 0) mem
`.execute(db);
await sql`
  insert into doc (key, organization_id, number, issue_date, total_amount, status)
  select gen_random_uuid(), o.id, 'A-' || g, date '2025-01-01' + g % 600, g % 3000 + 0.5, 'archived'
  from organization o, generate_series(1, ${archivedPerOrg}::int) g
`.execute(db);
// Notifications waiting for the digest: two for every third membership.
await sql`
  insert into notification (key, organization_id, user_id, kind, doc_id, channel)
  select gen_random_uuid(), m.organization_id, m.user_id, 'assigned', d.id, 'digest'
  from organization_member m
  cross join generate_series(1, 2) k
  join lateral (select id from doc where organization_id = m.organization_id
                and workflow_standing is not null order by id offset k limit 1) d on true
  where m.id % 3 = 0
`.execute(db);
await sql`vacuum analyze`.execute(db);
const genSeconds = (performance.now() - genStarted) / 1000;

const count = async (query: ReturnType<typeof sql<{ n: string }>>) =>
  Number((await query.execute(db)).rows[0]?.n ?? 0);
const members = await count(sql`select count(*) as n from organization_member`);
const inWorkflow = await count(
  sql`select count(*) as n from doc where workflow_standing is not null`,
);
const allDocs = await count(sql`select count(*) as n from doc`);
log(
  `generated in ${genSeconds.toFixed(0)} s: ${userCount} users, ${orgCount} organisations, ` +
    `${members} memberships, ${inWorkflow} documents in workflow, ${allDocs} documents`,
);

const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'listina-digest-'));
const quiet = {
  info: () => {},
  warn: () => {},
  error: (o: unknown, m: string) => console.error(m, o),
  debug: () => {},
  trace: () => {},
  fatal: () => {},
  child: () => quiet,
  level: 'warn',
  silent: () => {},
};
const real = createMailer({
  db,
  smtpUrl: undefined,
  from: 'Listina <no-reply@listina.local>',
  mailDir,
  log: quiet as never,
});
const delivery = (flush: () => Promise<number>) =>
  createNotifyDelivery({
    db,
    mailer: { enqueue: (conn, mail) => real.enqueue(conn, mail), flush },
    publicUrl: 'https://listina.example',
    delayMs: 0,
    changed: () => {},
    log: quiet,
  });
const queued = delivery(async () => 0);

const gc = (globalThis as { gc?: () => void }).gc;
const mb = (bytes: number) => (bytes / 1048576).toFixed(0);

interface Round {
  seconds: number;
  mails: number;
  again: number;
  tasks: number;
  rssStart: number;
  rssPeak: number;
  rssEnd: number;
  heapPeak: number;
  heapAfterGc: number;
  flushSeconds: number;
  flushed: number;
  wrong: number;
}
const results: Round[] = [];
// The users who should get a mail: an active member with a task, or a digest notification.
const expected = await count(sql`
  select count(distinct m.user_id) as n
  from organization_member m
  join doc d on d.organization_id = m.organization_id and d.workflow_standing is not null
  left join workflow_step s on s.organization_id = d.organization_id and s.id = d.workflow_step_id
  where m.is_active and (
    (d.workflow_standing = 'step' and (d.workflow_forwarded_to = m.user_id
      or (d.workflow_forwarded_to is null and (m.key::text = any(s.member_keys) or s.roles && m.roles)
          and not (m.user_id = any(d.workflow_approvals)))))
    or (d.workflow_standing = 'supplement' and d.workflow_submitted_by = m.user_id))
  or m.user_id in (select user_id from notification where channel = 'digest')
`);
const tasks = await count(sql`
  select count(*) as n
  from organization_member m
  join doc d on d.organization_id = m.organization_id and d.workflow_standing is not null
  left join workflow_step s on s.organization_id = d.organization_id and s.id = d.workflow_step_id
  where m.is_active and (
    (d.workflow_standing = 'step' and (d.workflow_forwarded_to = m.user_id
      or (d.workflow_forwarded_to is null and (m.key::text = any(s.member_keys) or s.roles && m.roles)
          and not (m.user_id = any(d.workflow_approvals)))))
    or (d.workflow_standing = 'supplement' and d.workflow_submitted_by = m.user_id))
`);

for (let round = 1; round <= rounds; round++) {
  await sql`update app_user set digest_sent_on = null`.execute(db);
  await sql`update notification set sent_at = null where channel = 'digest'`.execute(db);
  await sql`delete from mail_outbox`.execute(db);
  gc?.();
  const rssStart = process.memoryUsage().rss;
  let rssPeak = rssStart;
  let heapPeak = process.memoryUsage().heapUsed;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    rssPeak = Math.max(rssPeak, m.rss);
    heapPeak = Math.max(heapPeak, m.heapUsed);
  }, 500);
  const started = performance.now();
  const mails = await queued.digest(NOW);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const again = await queued.digest(NOW);
  const rssEnd = process.memoryUsage().rss;
  gc?.();
  const heapAfterGc = process.memoryUsage().heapUsed;
  // Exactly one mail per expected user: no address twice, none missing.
  const wrong = await count(sql`
    select count(*) as n from (
      select to_address from mail_outbox group by to_address having count(*) <> 1
    ) x
  `);
  const outbox = await count(sql`select count(*) as n from mail_outbox`);
  const flushStarted = performance.now();
  // Writing the .eml files once is enough to know its cost; later rounds skip it.
  const flushed = round === 1 ? await real.flush() : 0;
  const flushSeconds = (performance.now() - flushStarted) / 1000;
  results.push({
    seconds,
    mails,
    again,
    tasks,
    rssStart,
    rssPeak,
    rssEnd,
    heapPeak,
    heapAfterGc,
    flushSeconds,
    flushed,
    wrong: wrong + Math.abs(outbox - expected),
  });
  log(
    `round ${round}: ${mails} mails in ${seconds.toFixed(1)} s (again: ${again}), outbox ${outbox} ` +
      `of ${expected} expected, ${wrong} addresses not once; flush ${flushed} files in ` +
      `${flushSeconds.toFixed(1)} s; RSS ${mb(rssStart)}/${mb(rssPeak)}/${mb(rssEnd)} MB`,
  );
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const mid = results.find((r) => r.seconds === median(results.map((x) => x.seconds)));
console.log(`\n${machine()}\n`);
console.log(
  markdownTable(
    [
      'users',
      'organisations',
      'documents in workflow',
      'tasks listed',
      'mails',
      'seconds (median)',
      'mails/s',
      'second run',
      'not exactly one',
      'RSS start/peak/end MB',
      'heap peak / after GC MB',
      'flush to .eml s (round 1)',
    ],
    mid
      ? [
          [
            String(userCount),
            String(orgCount),
            String(inWorkflow),
            String(mid.tasks),
            String(mid.mails),
            mid.seconds.toFixed(1),
            (mid.mails / mid.seconds).toFixed(0),
            String(mid.again),
            String(mid.wrong),
            `${mb(mid.rssStart)} / ${mb(mid.rssPeak)} / ${mb(mid.rssEnd)}`,
            `${mb(mid.heapPeak)} / ${gc ? mb(mid.heapAfterGc) : '–'}`,
            (results[0]?.flushSeconds ?? 0).toFixed(1),
          ],
        ]
      : [],
  ),
);
console.log(
  `\nrounds (s): ${results.map((r) => r.seconds.toFixed(1)).join(', ')}; ` +
    `flush of round 1: ${results[0]?.flushed ?? 0} files in ${(results[0]?.flushSeconds ?? 0).toFixed(1)} s`,
);
await handle.close();
fs.rmSync(mailDir, { recursive: true, force: true });
