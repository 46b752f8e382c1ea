/**
 * Cold start: wall time from spawning the real server (`tsx src/main.ts` in apps/server, the
 * server step of `npm start`) to the first 200 of GET /api/health, for
 *   (a) an empty data directory without the demo seed,
 *   (b) an empty data directory with the demo seed,
 *   (c) a restart on an existing data directory.
 * Then the same start-up split into phases (support/start-phases.ts).
 *
 *   npm run bench:cold-start -- --runs 5
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  freePort,
  removeDir,
  serverDir,
  serverEnv,
  startServer,
  tempDataDir,
  tsxBin,
} from './support/server';
import { machine, markdownTable, max, median, min, ms } from './support/stats';

const TARGET_MS = 3000;
const { values: args } = parseArgs({
  options: { runs: { type: 'string', default: '5' } },
});
const runs = Number(args.runs);

interface Scenario {
  name: string;
  seed: boolean;
  /** Returns the data directory for one run; the directory is removed after the scenario. */
  dataDir: () => string;
}

interface Sample {
  startMs: number;
  readyMs: number | undefined;
}

async function measure(scenario: Scenario): Promise<Sample[]> {
  const samples: Sample[] = [];
  for (let i = 0; i < runs; i++) {
    const dataDir = scenario.dataDir();
    const server = await startServer({
      dataDir,
      env: { SEED_DEMO: scenario.seed ? '1' : '0' },
    });
    samples.push({ startMs: server.startMs, readyMs: server.readyMs });
    await server.stop();
    process.stdout.write(`  ${scenario.name} #${i + 1}: ${ms(server.startMs)}\n`);
  }
  return samples;
}

/** The template under apps/server/.cache makes a new data directory fast; see pglite-template.ts. */
function hasPgliteTemplate(): boolean {
  const cache = path.join(serverDir, '.cache');
  return fs.existsSync(cache) && fs.readdirSync(cache).some((f) => /^pglite-.*\.tar\.gz$/.test(f));
}

type Phases = Record<string, number>;

async function measurePhases(seed: boolean, dataDir: string): Promise<Phases> {
  const port = await freePort();
  const spawnedAt = Date.now();
  const child = spawn(tsxBin, [path.resolve(import.meta.dirname, 'support/start-phases.ts')], {
    cwd: serverDir,
    env: serverEnv(port, dataDir, { SEED_DEMO: seed ? '1' : '0' }),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  const line = /^PHASES (.*)$/m.exec(output)?.[1];
  if (code !== 0 || !line) throw new Error(`phase run failed (exit ${code}):\n${output}`);
  const { bootedAt, ...phases } = JSON.parse(line) as Phases;
  return { bootNodeAndTsx: (bootedAt ?? spawnedAt) - spawnedAt, ...phases };
}

async function main() {
  console.log(`Cold start, ${runs} runs per scenario\n${machine()}\n`);
  const dirs: string[] = [];
  const fresh = (label: string) => () => {
    const dir = tempDataDir(label);
    dirs.push(dir);
    return dir;
  };

  const hadTemplate = hasPgliteTemplate();
  // One start outside the figures: warms the OS file cache and, on a checkout where
  // `npm run build` has not run yet, makes the PGlite template (a one-off cost).
  const warmup = await startServer({ dataDir: fresh('warmup')(), env: { SEED_DEMO: '0' } });
  await warmup.stop();
  console.log(
    `  warm-up: ${ms(warmup.startMs)}${hadTemplate ? '' : ' (made the PGlite template: first start on this checkout)'}`,
  );

  const existing = fresh('existing')();
  const seedOnce = await startServer({ dataDir: existing, env: { SEED_DEMO: '1' } });
  await seedOnce.stop();

  const scenarios: Scenario[] = [
    { name: '(a) empty database, SEED_DEMO=0', seed: false, dataDir: fresh('empty') },
    { name: '(b) empty database, demo seed', seed: true, dataDir: fresh('seed') },
    { name: '(c) restart on an existing data directory', seed: true, dataDir: () => existing },
  ];
  const rows: string[][] = [];
  try {
    for (const scenario of scenarios) {
      const samples = await measure(scenario);
      const start = samples.map((s) => s.startMs);
      const ready = samples.flatMap((s) => (s.readyMs === undefined ? [] : [s.readyMs]));
      rows.push([
        scenario.name,
        ms(min(start)),
        ms(median(start)),
        ms(max(start)),
        ms(median(ready)),
        median(start) < TARGET_MS ? 'yes' : '**no**',
      ]);
    }

    const phaseRuns = [
      { name: '(a) empty, no seed', phases: await measurePhases(false, fresh('phase-a')()) },
      { name: '(b) empty, demo seed', phases: await measurePhases(true, fresh('phase-b')()) },
      { name: '(c) restart', phases: await measurePhases(true, existing) },
    ];

    console.log(`\nSpawn to first 200 of GET /api/health (target < ${TARGET_MS} ms):\n`);
    console.log(
      markdownTable(
        ['scenario', 'min', 'median', 'max', 'server "ready in" (median)', 'under 3 s'],
        rows,
      ),
    );
    const phaseNames = Object.keys(phaseRuns[0]?.phases ?? {});
    console.log('\nWhere the time goes (one run each, ms):\n');
    console.log(
      markdownTable(
        ['phase', ...phaseRuns.map((r) => r.name)],
        phaseNames.map((phase) => [
          phase,
          ...phaseRuns.map((r) => String(Math.round(r.phases[phase] ?? Number.NaN))),
        ]),
      ),
    );
  } finally {
    for (const dir of dirs) removeDir(dir);
  }
}

await main();
