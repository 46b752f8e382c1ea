/**
 * The start-up of apps/server/src/main.ts step by step, with a clock around each step, so the
 * cold-start benchmark can say where the time goes. Run by cold-start.bench.ts as a child
 * process (same tsx, same environment as the real start); prints one `PHASES {json}` line.
 * Keep the steps in the order main.ts takes them.
 */
export {}; // an ES module, for top-level await

const bootedAt = Date.now();
/** Wall and CPU (all threads of this process, user + system) milliseconds of each step. */
const marks: Record<string, { wall: number; cpu: number }> = {};
let lastWall = performance.now();
let lastCpu = process.cpuUsage();
const mark = (name: string) => {
  const cpu = process.cpuUsage(lastCpu);
  marks[name] = { wall: performance.now() - lastWall, cpu: (cpu.user + cpu.system) / 1000 };
  lastWall = performance.now();
  lastCpu = process.cpuUsage();
};
const bootCpu = process.cpuUsage();
marks.bootNodeAndTsx = { wall: Number.NaN, cpu: (bootCpu.user + bootCpu.system) / 1000 };

const { loadConfig } = await import('../../apps/server/src/config');
const { createDb, migrateToLatest } = await import('../../apps/server/src/db/create-db');
const { seedDemo } = await import('../../apps/server/src/modules/demo/demo');
const { buildApp } = await import('../../apps/server/src/app');
mark('importModules');

const config = loadConfig();
const database = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
mark('openDatabase');
await migrateToLatest(database.db);
mark('migrate');
if (config.seedDemo) await seedDemo(database.db);
mark('seed');
const { app } = await buildApp(config, database);
mark('buildApp');
await app.listen({ port: config.port, host: config.host });
mark('listen');
const health = await fetch(`http://127.0.0.1:${config.port}/api/health`);
if (health.status !== 200) throw new Error(`health answered ${health.status}`);
mark('firstRequest');

await app.close();
await database.close();
console.log(`PHASES ${JSON.stringify({ bootedAt, marks })}`);
