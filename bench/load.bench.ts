/**
 * Load (issue 9): a mixed workload of virtual users against the real server on PostgreSQL.
 *
 * Starts `node apps/server/dist/main.js` (the server of `npm start`, NODE_ENV=production,
 * LOG_LEVEL=warn) on 127.0.0.1 against a new database on the PostgreSQL server of
 * DATABASE_URL, seeds organisations, users, partners, payment orders, a workflow and
 * documents (support/load-seed.ts), then runs VUS virtual users (support/load-vu.ts) for
 * RAMP + DURATION: each signs in at its start (starts spread evenly over RAMP), then loops
 * over actions drawn by the weights of its persona with a think time between them. Latencies
 * count after the ramp-up; failures (a non-2xx answer or a network error) count throughout.
 * The database is dropped at the end unless KEEP=1.
 *
 *   npm run build
 *   npx tsx bench/load.bench.ts                               # 200 VUs, 5 min, think 1-3 s
 *   VUS=20 DURATION=20s RAMP=5s npx tsx bench/load.bench.ts   # a short run
 *   settings (environment): VUS=200 DURATION=5m RAMP=30s THINK=1-3 ORGS=4 POOL (documents
 *   waiting per approver or accountant; by default enough for the run) ARCHIVED=300
 *   PARTNERS=200 PAY_ORDERS=100 (per organisation)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres (the default)
 *   PROFILE=/tmp/prof (a CPU profile of the server; summed by support/cpu-profile.ts)
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { sql } from 'kysely';
import pg from 'pg';
import { createDb } from '../apps/server/src/db/create-db';
import { loadClient, Recorder } from './support/load-client';
import { seedLoad, seedPhases } from './support/load-seed';
import { ACTIONS, runVu } from './support/load-vu';
import { cpuMsOf, sampleCpuOf, sampleRss } from './support/proc-usage';
import { removeDir, startServer, tempDataDir, type StartedServer } from './support/server';
import { machine, markdownTable } from './support/stats';

/** "300", "300s", "5m", "1.5m" → seconds. */
function seconds(value: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*(s|m)?$/.exec(value.trim());
  if (!match) throw new Error(`not a duration: ${value} (e.g. 20s, 5m)`);
  return Number(match[1]) * (match[2] === 'm' ? 60 : 1);
}

const env = process.env;
const vus = Number(env.VUS ?? 200);
const duration = seconds(env.DURATION ?? '5m');
const ramp = seconds(env.RAMP ?? '30s');
const [thinkMin = 1, thinkMax = 3] = (env.THINK ?? '1-3').split('-').map(Number);
const orgs = Math.min(vus, Number(env.ORGS ?? 4));
// An approver confirms about once in 10 s, an accountant books half as often; a margin.
const poolPerVu = Number(env.POOL ?? Math.ceil((duration + ramp) / 8) + 5);
const adminUrl = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:55432/postgres';

const dbName = `listina_load_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${dbName}`);
await admin.end();
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${dbName}`;

const dataDir = tempDataDir('load');
async function dropDatabase() {
  const dropper = new pg.Client({ connectionString: adminUrl });
  await dropper.connect();
  await dropper.query(`drop database if exists ${dbName} with (force)`);
  await dropper.end();
}

// CAPTURE=process (the default): the API server runs no capture jobs (CAPTURE_WORKERS=0) and a
// second process of the same bundle runs them (CAPTURE_WORKERS=1, same database and DATA_DIR,
// no traffic, at nice 10 so that requests come first), as docs/capture.md allows;
// CAPTURE=inline: one process does both, as `npm start`.
const captureInline = env.CAPTURE === 'inline';
const serverEnv = {
  DATABASE_URL: dbUrl.toString(),
  NODE_ENV: 'production',
  SEED_DEMO: '0',
};
const servers = await (async () => {
  const started = [];
  try {
    started.push(
      await startServer({
        dataDir,
        env: { ...serverEnv, CAPTURE_WORKERS: captureInline ? '1' : '0' },
        // PROFILE=dir: a V8 CPU profile of the API server, written there when it stops.
        nodeArgs: env.PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${env.PROFILE}`] : [],
      }),
    );
    if (!captureInline)
      started.push(
        await startServer({ dataDir, env: { ...serverEnv, CAPTURE_WORKERS: '1' }, nice: 10 }),
      );
    return started;
  } catch (error) {
    await Promise.all(started.map((s) => s.stop()));
    await dropDatabase();
    removeDir(dataDir);
    throw error;
  }
})();
const [server, captureServer] = servers as [StartedServer, StartedServer | undefined];
const handle = await createDb({ databaseUrl: dbUrl.toString() });
const client = loadClient(server.url, vus + 8);
const recorder = new Recorder();

async function cleanUp() {
  client.close();
  for (const s of servers) await s.stop();
  await handle.close();
  removeDir(dataDir);
  if (env.KEEP === '1') console.log(`\nkept database ${dbName}`);
  else await dropDatabase();
}

try {
  const seedStarted = performance.now();
  const plans = await seedLoad(handle.db, client, server.url, {
    orgs,
    vus,
    poolPerVu,
    archived: Number(env.ARCHIVED ?? 300),
    partners: Number(env.PARTNERS ?? 200),
    payOrders: Number(env.PAY_ORDERS ?? 100),
  });
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const counts = await sql<{ docs: string; orders: string; users: string }>`
    select (select count(*) from doc) as docs, (select count(*) from pay_order) as orders,
           (select count(*) from app_user) as users
  `.execute(handle.db);
  console.log(
    `seeded in ${seedSeconds.toFixed(0)} s (${[...seedPhases].map(([name, s]) => `${name} ${s.toFixed(1)} s`).join(', ')}): ${orgs} organisations, ${JSON.stringify(counts.rows[0])}`,
  );

  const started = performance.now();
  const stopAt = started + (ramp + duration) * 1000;
  const runs = plans.map(async (plan, i) => {
    await new Promise((resolve) => setTimeout(resolve, (i / vus) * ramp * 1000));
    await runVu({ client, recorder, plan, think: { min: thinkMin, max: thinkMax }, stopAt });
  });
  await new Promise((resolve) => setTimeout(resolve, ramp * 1000));

  // The measured window: after the ramp-up until the last action started has ended.
  const probe = new pg.Client({ connectionString: adminUrl });
  await probe.connect();
  const postgresCpu = sampleCpuOf(async () => {
    const found = await probe.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1',
      [dbName],
    );
    return found.rows.map((r) => r.pid);
  });
  recorder.measuring = true;
  const cpuBefore = {
    server: cpuMsOf([server.pid ?? 0]),
    capture: cpuMsOf([captureServer?.pid ?? 0]),
    bench: process.cpuUsage(),
  };
  const rss = sampleRss(server.pid ?? 0);
  const loads: number[] = [];
  const loadTimer = setInterval(() => loads.push(os.loadavg()[0] ?? 0), 5000);
  const windowStarted = performance.now();
  await Promise.all(runs);
  const windowSeconds = (performance.now() - windowStarted) / 1000;
  clearInterval(loadTimer);
  const memory = rss.stop();
  const bench = process.cpuUsage(cpuBefore.bench);
  const cpu = {
    server: cpuMsOf([server.pid ?? 0]) - cpuBefore.server,
    capture: cpuMsOf([captureServer?.pid ?? 0]) - cpuBefore.capture,
    postgres: await postgresCpu.stop(),
    bench: (bench.user + bench.system) / 1000,
  };
  await probe.end();

  const { rows, overall } = recorder.summary();
  const failures = [...recorder.failures].sort((a, b) => b[1].count - a[1].count);
  const failed = failures.reduce((sum, [, f]) => sum + f.count, 0);
  const f0 = (v: number) => v.toFixed(0);
  const f1 = (v: number) => v.toFixed(1);
  const pct = (ms: number) => `${f0((ms / 1000 / windowSeconds) * 100)} %`;
  console.log(`\n${machine()}`);
  console.log(
    `${vus} virtual users (${orgs} organisations), ramp-up ${ramp} s (not measured), then ${duration} s measured (${f0(windowSeconds)} s until the last action ended); think time ${thinkMin}–${thinkMax} s uniform; load average (1 min) during the window: ${loads.map(f1).join(' ')}\n`,
  );
  console.log(
    markdownTable(
      ['requests (measured)', 'throughput', 'failures (whole run)', 'p50', 'p95', 'p99', 'max'],
      [
        [
          String(overall.count),
          `${f1(overall.count / windowSeconds)}/s`,
          `${failed} of ${overall.count + recorder.rampCalls}`,
          `${f1(overall.p50)} ms`,
          `${f1(overall.p95)} ms`,
          `${f1(overall.p99)} ms`,
          `${f0(overall.max)} ms`,
        ],
      ],
    ),
  );
  console.log('');
  console.log(
    markdownTable(
      ['call', 'requests', 'KB per answer', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'],
      rows.map((r) => [
        `\`${r.name}\``,
        String(r.count),
        f1(r.kb),
        f1(r.p50),
        f1(r.p95),
        f1(r.p99),
        f0(r.max),
      ]),
    ),
  );
  console.log(
    `\nCPU over the window (100 % = one core): API server ${pct(cpu.server)}, ${captureServer ? `capture process ${pct(cpu.capture)}` : 'capture in the API server'}, PostgreSQL backends ${pct(cpu.postgres)}, this benchmark's client ${pct(cpu.bench)}; server CPU per request ${f1(cpu.server / overall.count)} ms, PostgreSQL ${f1(cpu.postgres / overall.count)} ms; server RSS ${f0(memory.first)} MiB at the window's start, ${f0(memory.max)} MiB at most, ${f0(memory.last)} MiB at the end`,
  );
  if (failures.length) {
    console.log('\nFailures by call and status:\n');
    console.log(
      markdownTable(
        ['call → status', 'count', 'first answer'],
        failures.map(([id, f]) => [
          id,
          String(f.count),
          f.sample.replaceAll('|', '\\|').replaceAll(/\s+/g, ' '),
        ]),
      ),
    );
  }
  const captured = await sql<{ state: string; n: string }>`
    select capture_state as state, count(*) as n from doc where number like 'U%' group by 1
  `.execute(handle.db);
  console.log(
    `\nUploaded documents by capture state at the end: ${captured.rows.map((r) => `${r.state} ${r.n}`).join(', ')}`,
  );
  console.log(
    `\nWeights (clerk / approver / accountant): ${ACTIONS.map((a) => `${a.name} ${a.weights.clerk}/${a.weights.approver}/${a.weights.accountant}`).join('; ')}`,
  );
} finally {
  await cleanUp();
}
