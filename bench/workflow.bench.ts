/**
 * Workflow actions and live notifications (issue 6), through the whole server over HTTP on
 * the loopback:
 *
 * 1. Bulk action throughput: POST /api/wf/actions/ (confirmed, by an approver) on batches of
 *    active documents at their approval step, fresh documents every run; documents/s and ms
 *    per call. The activation of the same documents (POST /api/doc/activate, 500 a call) is
 *    timed beside it.
 * 2. Live notifications: 200 users, each an approver of one organisation, hold a
 *    GET /api/notification/events stream open; one document is activated (which tells every
 *    approver) and the time from sending the activation to each stream's next `event: count`
 *    is taken, per stream, over several activations.
 *
 * Calls and streams run on a worker thread of their own (`support/live-client.ts`), as a
 * browser never shares the server's event loop (here also PGlite's, when embedded). Drafts are
 * written in SQL as the engine writes them (its search text and sort keys), complete for
 * their type, and activated through the API.
 *
 *   npx tsx bench/workflow.bench.ts                             # embedded PGlite (in memory)
 *   DATABASE_URL=postgres://… npx tsx bench/workflow.bench.ts   # PostgreSQL (a new database,
 *                                                                  dropped at the end)
 *   options: --runs 10 --sizes 100,500 (bulk calls) --users 200 --streams-per-user 1
 *            --activations 30 (live notifications)
 *            --profile   after the timed calls, one more bulk call of 100 and one more
 *                        activation, with the SQL statements they cause counted and timed at
 *                        the driver (support/statement-profile.ts)
 */
import type http from 'node:http';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import type { TableRecord } from '@listina/contract';
import { partner } from '../apps/server/src/modules/tables/entities/partner';
import {
  createOrganization,
  createTestApp,
  createUser,
  login,
  memberHeaders,
} from '../apps/server/test/factories';
import { insertDrafts as insertDraftRows } from './support/drafts';
import { liveClient, type LiveRequest } from './support/live-client';
import { cpuMsOf } from './support/proc-usage';
import { measureStatements, type StatementStats } from './support/statement-profile';
import { machine, markdownTable, max, median, percentile } from './support/stats';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '10' },
    sizes: { type: 'string', default: '100,500' },
    users: { type: 'string', default: '200' },
    'streams-per-user': { type: 'string', default: '1' },
    activations: { type: 'string', default: '30' },
    profile: { type: 'boolean', default: false },
  },
});
const runs = Number(args.runs);
const sizes = args.sizes.split(',').map(Number);
const userCount = Number(args.users);
const streamsPerUser = Number(args['streams-per-user']);
const activations = Number(args.activations);
/** Documents one POST /api/doc/activate takes at most (MAX_ACTIVATE_KEYS). */
const ACTIVATE_CHUNK = 500;
const WARM_UP_BATCH = 100;

const t = await createTestApp(
  { LOGIN_RATE_MAX_PER_USER: '1000000', LOGIN_RATE_MAX_PER_ADDRESS: '1000000' },
  { tmpPrefix: 'listina-bench-' },
);
const db = t.database.db;

async function injected(
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) {
  const res = await t.app.inject({ method, url, headers, payload });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json<{ item: TableRecord }>().item;
}

/**
 * An organisation as an orgadmin sets it up: an invoice type (380, so activation asks for
 * partner, number, dates, total and currency), a supplier, and the workflow of issue 6:
 * approval by any one approver, then booking by any accountant.
 */
async function workflowOrganization(name: string, members: Record<string, string[]>) {
  const admin = await createUser(t);
  const org = await createOrganization(t, { ...members, [admin.id]: ['orgadmin'] }, name);
  const headers = await memberHeaders(t, admin, org);
  const type = await injected('POST', '/api/cl/documentType', headers, {
    code: 'INV',
    name: 'Invoice',
    nameSl: 'Račun',
    einvoiceTypeCode: '380',
    isActive: true,
  });
  const supplier = await injected('POST', '/api/cl/partner', headers, partner.sample(1));
  const step = (position: number, systemTileCode: string, name: string, role: string) => ({
    id: -position,
    position,
    systemTileCode,
    name,
    memberKeys: [],
    roles: [role],
    approvalRule: 'any',
    minApprovers: 1,
    commentRequired: false,
  });
  await injected('POST', '/api/cl/workflow', headers, {
    code: 'INV',
    name: 'Invoices',
    documentTypeId: type.id,
    isActive: true,
    steps: [
      step(1, 'approval', 'Approval', 'approver'),
      step(2, 'accounting', 'Booking', 'accountant'),
    ],
  });
  return {
    org,
    admin,
    headers,
    documentTypeId: Number(type.id),
    customerKey: String(supplier.key),
  };
}

/** `count` complete drafts of the organisation's type and supplier, written in SQL; their keys. */
const insertDrafts = (o: Awaited<ReturnType<typeof workflowOrganization>>, count: number) =>
  insertDraftRows(
    db,
    {
      organizationId: o.org.id,
      documentTypeId: o.documentTypeId,
      customerKey: () => o.customerKey,
      createdBy: o.admin.id,
    },
    count,
  );

/**
 * The CPU time a piece of work cost: this process (the server, PGlite when embedded, and the
 * client's thread) and, on PostgreSQL on this machine, the backends serving this database.
 */
async function withCpu<T extends object>(work: () => Promise<T>) {
  const pids =
    t.database.kind === 'postgres'
      ? (
          await sql<{ pid: number }>`
            select pid from pg_stat_activity where datname = current_database()
          `.execute(db)
        ).rows.map((r) => r.pid)
      : [];
  const node = process.cpuUsage();
  const database = cpuMsOf(pids);
  const result = await work();
  const used = process.cpuUsage(node);
  return {
    ...result,
    nodeCpuMs: (used.user + used.system) / 1000,
    nodeSystemMs: used.system / 1000,
    databaseCpuMs: pids.length ? cpuMsOf(pids) - database : undefined,
  };
}

await t.app.listen({ host: '127.0.0.1', port: 0 });
const address = t.app.server.address();
if (!address || typeof address === 'string') throw new Error('no port');
const client = liveClient(address.port);

// The server's own time of the last call (request in → answer handed to the socket), and the
// moments it wrote a count event to any notification stream.
let lastCall = { started: 0, finished: 0 };
let countWrites: number[] = [];
t.app.server.prependListener('request', (request: http.IncomingMessage, response) => {
  const started = performance.now();
  if (request.url?.startsWith('/api/notification/events')) {
    const write = response.write.bind(response) as (chunk: unknown, ...rest: unknown[]) => boolean;
    response.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (typeof chunk === 'string' && chunk.startsWith('event: count'))
        countWrites.push(performance.now());
      return write(chunk, ...rest);
    }) as typeof response.write;
    return;
  }
  response.on('finish', () => (lastCall = { started, finished: performance.now() }));
});

const post = (path: string, headers: Record<string, string>, body: object): LiveRequest => ({
  method: 'POST',
  path,
  headers,
  body: JSON.stringify(body),
});

/** POST /api/doc/activate of every key, 500 a call; the calls' times. */
/** The documents' versions after activation: each action names the one it acts on. */
const versions = new Map<string, number>();

async function activateAll(headers: Record<string, string>, keys: string[]) {
  const times: number[] = [];
  for (let i = 0; i < keys.length; i += ACTIVATE_CHUNK) {
    const chunk = keys.slice(i, i + ACTIVATE_CHUNK);
    const res = await client.call(post('/api/doc/activate', headers, { keys: chunk }));
    if (res.status !== 200) throw new Error(`activate: ${res.status} ${res.body.slice(0, 500)}`);
    if (chunk.length === ACTIVATE_CHUNK) times.push(res.elapsed);
    const { items } = JSON.parse(res.body) as { items: { key: string; version: number }[] };
    for (const item of items) versions.set(item.key, item.version);
  }
  return times;
}

// 1. Bulk action throughput.
const approver = await createUser(t);
const accountant = await createUser(t);
const bulk = await workflowOrganization('Workflow bulk', {
  [approver.id]: ['approver'],
  [accountant.id]: ['accountant'],
});
const approverHeaders = await memberHeaders(t, approver, bulk.org);
const PROFILED_BATCH = 100;
const needed =
  WARM_UP_BATCH +
  runs * sizes.reduce((sum, size) => sum + size, 0) +
  (args.profile ? PROFILED_BATCH : 0);
const insertStarted = performance.now();
const bulkKeys = await insertDrafts(bulk, needed);
const insertSeconds = (performance.now() - insertStarted) / 1000;
const activationTimes = await activateAll(bulk.headers, bulkKeys);

const confirm = (keys: string[]) =>
  post('/api/wf/actions/', approverHeaders, {
    documentKeys: keys,
    workflowStepResultCode: 'confirmed',
    extras: { versions: Object.fromEntries(keys.map((key) => [key, versions.get(key)])) },
  });
let next = 0;
const take = (count: number) => bulkKeys.slice(next, (next += count));
const bulkCall = async (size: number) => {
  const res = await client.call(confirm(take(size)));
  if (res.status !== 200) throw new Error(`actions: ${res.status} ${res.body.slice(0, 500)}`);
  const answer = JSON.parse(res.body) as { done: number; refused: number };
  if (answer.done !== size) throw new Error(`actions: ${res.body.slice(0, 500)}`);
  return { elapsed: res.elapsed, inServer: lastCall.finished - lastCall.started };
};
await bulkCall(WARM_UP_BATCH);
const bulkTimes = new Map(
  sizes.map((size) => [size, { wall: [] as number[], own: [] as number[] }]),
);
// Sizes interleaved run by run, so that a change in the machine's load touches them alike.
for (let run = 0; run < runs; run++) {
  for (const size of sizes) {
    const { elapsed, inServer } = await bulkCall(size);
    bulkTimes.get(size)?.wall.push(elapsed);
    bulkTimes.get(size)?.own.push(inServer);
  }
}
const bulkProfile = args.profile
  ? await withCpu(() => measureStatements(() => bulkCall(PROFILED_BATCH)))
  : undefined;
const landed = await sql<{ tile: string | null; n: string }>`
  select workflow_current_step_system_tile_code as tile, count(*) as n from doc
  where organization_id = ${bulk.org.id} group by 1 order by 1
`.execute(db);

// 2. Live notifications: userCount approvers with streamsPerUser streams each.
const approvers = [];
for (let i = 0; i < userCount; i++) approvers.push(await createUser(t));
const live = await workflowOrganization(
  'Workflow live',
  Object.fromEntries(approvers.map((u) => [u.id, ['approver']])),
);
const loginStarted = performance.now();
const streamHeaders: Record<string, string>[] = [];
for (const user of approvers) {
  const { apikey } = await login(t, user.username);
  for (let s = 0; s < streamsPerUser; s++)
    streamHeaders.push({ authorization: apikey, 'organization-id': live.org.key });
}
const loginSeconds = (performance.now() - loginStarted) / 1000;
const liveKeys = await insertDrafts(live, activations + (args.profile ? 2 : 1));
const openStarted = performance.now();
const first = await client.openStreams(streamHeaders);
const openSeconds = (performance.now() - openStarted) / 1000;
const latencies: number[] = [];
const activationCall: number[] = [];
const activationInServer: number[] = [];
const firstWritten: number[] = [];
const lastWritten: number[] = [];
const activate = (key: string) => post('/api/doc/activate', live.headers, { keys: [key] });
let missing = 0;
let wrongCount = 0;
for (let run = 0; run <= activations; run++) {
  const key = liveKeys[run] ?? '';
  countWrites = [];
  const watched = await client.watch(activate(key));
  if (watched.response.status !== 200)
    throw new Error(`activate: ${watched.response.status} ${watched.response.body}`);
  if (run === 0) continue; // warm-up
  activationCall.push(watched.response.elapsed);
  activationInServer.push(lastCall.finished - lastCall.started);
  firstWritten.push(Math.min(...countWrites) - lastCall.started);
  lastWritten.push(Math.max(...countWrites) - lastCall.started);
  watched.latencies.forEach((latency, i) => {
    if (latency === null) missing += 1;
    else latencies.push(latency);
    if (watched.unread[i] !== (first.unread[i] ?? 0) + run + 1) wrongCount += 1;
  });
  await new Promise((resolve) => setTimeout(resolve, 100));
}
const liveProfile = args.profile
  ? await withCpu(() =>
      measureStatements(() => client.watch(activate(liveKeys[activations + 1] ?? ''))),
    )
  : undefined;
await client.closeStreams();

console.log(`\n${machine()}`);
console.log(
  `database: ${t.database.kind}; ${needed} drafts inserted in ${insertSeconds.toFixed(1)} s, activated ${ACTIVATE_CHUNK} a call; ${runs} runs per batch size, after a warm-up call of ${WARM_UP_BATCH}\n`,
);
const ms = (value: number) => value.toFixed(1);
console.log(
  markdownTable(
    [
      'call',
      'calls',
      'documents/s (median call)',
      'client p50 ms',
      'client p95 ms',
      'in server p50 ms',
      'ms per document',
    ],
    [
      ...sizes.map((size) => {
        const { wall, own } = bulkTimes.get(size) ?? { wall: [], own: [] };
        return [
          `POST /api/wf/actions/ confirmed, ${size} documents`,
          String(wall.length),
          ((size / median(wall)) * 1000).toFixed(0),
          ms(median(wall)),
          ms(percentile(wall, 95)),
          ms(median(own)),
          (median(wall) / size).toFixed(2),
        ];
      }),
      [
        `POST /api/doc/activate, ${ACTIVATE_CHUNK} drafts (1 approver told each)`,
        String(activationTimes.length),
        ((ACTIVATE_CHUNK / median(activationTimes)) * 1000).toFixed(0),
        ms(median(activationTimes)),
        ms(percentile(activationTimes, 95)),
        '–',
        (median(activationTimes) / ACTIVATE_CHUNK).toFixed(2),
      ],
    ],
  ),
);
console.log(
  `\nCalls in order (client ms): ${[
    ...sizes.map(
      (size) => `${size}: ${(bulkTimes.get(size)?.wall ?? []).map((v) => v.toFixed(0)).join(', ')}`,
    ),
    `activate ${ACTIVATE_CHUNK}: ${activationTimes.map((v) => v.toFixed(0)).join(', ')}`,
  ].join('; ')}`,
);
console.log(
  `\nwhere the documents are: ${landed.rows.map((r) => `${r.tile ?? 'none'} ${r.n}`).join(', ')}`,
);
console.log(
  `\n${streamHeaders.length} streams of ${userCount} approvers (${streamsPerUser} each; ${userCount} sign-ins took ${loginSeconds.toFixed(1)} s; streams open with their first count in ${openSeconds.toFixed(2)} s); ${activations} activations of one document after a warm-up one; ${missing} events missing, ${wrongCount} with an unexpected count\n`,
);
console.log(
  markdownTable(
    ['measure', 'samples', 'p50 ms', 'p95 ms', 'max ms'],
    [
      ['activation → next count event, per stream', latencies],
      ['activation call (client)', activationCall],
      ['activation call (in server)', activationInServer],
      ['activation arrived → first count event written', firstWritten],
      ['activation arrived → last count event written', lastWritten],
    ].map(([name, values]) => {
      const v = values as number[];
      return [name as string, String(v.length), ms(median(v)), ms(percentile(v, 95)), ms(max(v))];
    }),
  ),
);

/** The statements of a profiled piece of work, the most time first (all of them, summed). */
function profileTable(
  label: string,
  profile: {
    statements: StatementStats[];
    wallMs: number;
    nodeCpuMs: number;
    nodeSystemMs: number;
    databaseCpuMs: number | undefined;
  },
) {
  const shown = profile.statements.slice(0, 14);
  const rest = profile.statements.slice(14);
  const total = (list: StatementStats[]) => ({
    count: list.reduce((sum, s) => sum + s.count, 0),
    ms: list.reduce((sum, s) => sum + s.ms, 0),
  });
  const row = (name: string, s: { count: number; ms: number }) => [
    name,
    String(s.count),
    s.ms.toFixed(1),
  ];
  const databaseCpu =
    profile.databaseCpuMs === undefined
      ? ''
      : `, PostgreSQL backends ${profile.databaseCpuMs.toFixed(0)} ms`;
  console.log(
    `\n${label}: ${profile.wallMs.toFixed(0)} ms wall; CPU: this process ${profile.nodeCpuMs.toFixed(0)} ms (in the kernel ${profile.nodeSystemMs.toFixed(0)} ms)${databaseCpu}\n`,
  );
  console.log(
    markdownTable(
      ['statement (first words)', 'count', 'ms at the driver'],
      [
        ...shown.map((s) => row(`\`${s.statement.replaceAll('|', '\\|')}\``, s)),
        ...(rest.length ? [row(`${rest.length} other statements`, total(rest))] : []),
        row('all', total(profile.statements)),
      ],
    ),
  );
}
if (bulkProfile)
  profileTable(`POST /api/wf/actions/ confirmed, ${PROFILED_BATCH} documents`, bulkProfile);
if (args.profile) {
  // The fixed cost of one statement with a parameter on this database: a round trip
  // (PostgreSQL), or one query through PGlite's protocol in the process.
  const trivial: number[] = [];
  for (let i = 0; i < 200; i++) {
    const started = performance.now();
    await sql`select ${i}::int as one`.execute(db);
    trivial.push(performance.now() - started);
  }
  console.log(
    `\n\`select $1::int\` on the same database handle, 200 times: p50 ${median(trivial).toFixed(2)} ms, p95 ${percentile(trivial, 95).toFixed(2)} ms`,
  );
}
if (liveProfile)
  profileTable(
    `POST /api/doc/activate of one document, ${userCount} approvers told, until every stream's count event`,
    liveProfile,
  );
await client.close();
await t.close();
