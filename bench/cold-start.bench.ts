/**
 * Cold start: wall time from spawning the real server (`tsx src/main.ts` in apps/server, the
 * server step of `npm start`) to the first 200 of GET /api/health, for
 *   (a) an empty data directory without the demo seed,
 *   (b) an empty data directory with the demo seed,
 *   (c) a restart on an existing data directory.
 * Then the same start-up split into phases (support/start-phases.ts).
 *
 *   npm run bench:cold-start -w @listina/bench -- --runs 5
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
  /** The data directory for one run (every directory is removed at the end). */
  dataDir: () => string;
}

interface Sample {
  startMs: number;
  readyMs: number | undefined;
  cpuMs: number | undefined;
}

async function measure(scenario: Scenario): Promise<Sample[]> {
  const samples: Sample[] = [];
  for (let i = 0; i < runs; i++) {
    const dataDir = scenario.dataDir();
    const server = await startServer({
      dataDir,
      env: { SEED_DEMO: scenario.seed ? '1' : '0' },
    });
    samples.push({ startMs: server.startMs, readyMs: server.readyMs, cpuMs: server.cpuMs });
    await server.stop();
    process.stdout.write(
      `  ${scenario.name} #${i + 1}: ${ms(server.startMs)} (CPU ${ms(server.cpuMs)})\n`,
    );
  }
  return samples;
}

/** The template under apps/server/.cache makes a new data directory fast; see pglite-template.ts. */
function hasPgliteTemplate(): boolean {
  const cache = path.join(serverDir, '.cache');
  return fs.existsSync(cache) && fs.readdirSync(cache).some((f) => /^pglite-.*\.tar\.gz$/.test(f));
}

type Phases = Record<string, { wall: number; cpu: number }>;

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
  const { bootedAt, marks } = JSON.parse(line) as { bootedAt: number; marks: Phases };
  // The child cannot see its own spawn; the parent's clock gives the boot's wall time.
  const boot = marks.bootNodeAndTsx;
  if (boot) boot.wall = bootedAt - spawnedAt;
  return marks;
}

/** Min, median and max of the wall times, with the server's own clock and the CPU used. */
function summaryRow(name: string, samples: Sample[]): string[] {
  const defined = (values: (number | undefined)[]) =>
    values.filter((v): v is number => v !== undefined);
  const start = samples.map((s) => s.startMs);
  return [
    name,
    ms(min(start)),
    ms(median(start)),
    ms(max(start)),
    ms(median(defined(samples.map((s) => s.readyMs)))),
    ms(median(defined(samples.map((s) => s.cpuMs)))),
    median(start) < TARGET_MS ? 'yes' : '**no**',
  ];
}

function phaseTable(runs: { name: string; phases: Phases }[]): string {
  const phaseNames = Object.keys(runs[0]?.phases ?? {});
  return markdownTable(
    ['phase', ...runs.map((r) => r.name)],
    phaseNames.map((phase) => [
      phase,
      ...runs.map((r) => {
        const step = r.phases[phase];
        return step ? `${Math.round(step.wall)} (${Math.round(step.cpu)})` : '–';
      }),
    ]),
  );
}

async function run(fresh: (label: string) => string) {
  const hadTemplate = hasPgliteTemplate();
  // One start outside the figures: warms the OS file cache and, on a checkout where
  // `npm run build` has not run yet, makes the PGlite template (a one-off cost).
  const warmup = await startServer({ dataDir: fresh('warmup'), env: { SEED_DEMO: '0' } });
  await warmup.stop();
  const note = hadTemplate ? '' : ' (made the PGlite template: first start on this checkout)';
  console.log(`  warm-up: ${ms(warmup.startMs)}${note}`);

  const existing = fresh('existing');
  const seedOnce = await startServer({ dataDir: existing, env: { SEED_DEMO: '1' } });
  await seedOnce.stop();

  const scenarios: Scenario[] = [
    { name: '(a) empty database, SEED_DEMO=0', seed: false, dataDir: () => fresh('empty') },
    { name: '(b) empty database, demo seed', seed: true, dataDir: () => fresh('seed') },
    { name: '(c) restart on an existing data directory', seed: true, dataDir: () => existing },
  ];
  const rows: string[][] = [];
  for (const scenario of scenarios) rows.push(summaryRow(scenario.name, await measure(scenario)));
  const phaseRuns = [
    { name: '(a) empty, no seed', phases: await measurePhases(false, fresh('phase-a')) },
    { name: '(b) empty, demo seed', phases: await measurePhases(true, fresh('phase-b')) },
    { name: '(c) restart', phases: await measurePhases(true, existing) },
  ];

  console.log(`\nSpawn to first 200 of GET /api/health (target < ${TARGET_MS} ms):\n`);
  const header = ['scenario', 'min', 'median', 'max', 'server "ready in" (median)'];
  console.log(markdownTable([...header, 'CPU time (median)', 'under 3 s'], rows));
  console.log('\nWhere the time goes (one run each; wall ms, CPU ms in brackets):\n');
  console.log(phaseTable(phaseRuns));
}

async function main() {
  console.log(`Cold start, ${runs} runs per scenario\n${machine()}\n`);
  const dirs: string[] = [];
  try {
    await run((label) => {
      const dir = tempDataDir(label);
      dirs.push(dir);
      return dir;
    });
  } finally {
    for (const dir of dirs) removeDir(dir);
  }
}

await main();
