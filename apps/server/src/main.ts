import { loadConfig, ConfigError, type Config } from './config';
import { ADVISORY_LOCKS, withAdvisoryLock } from './db/advisory-lock';
import { createDb, migrateToLatest, type DbHandle } from './db/create-db';
import { seedDemo } from './modules/demo/demo';
import { startDemoDocuments } from './modules/demo/demo-documents';
import { startupBanner } from './startup-banner';
import { buildApp } from './app';
import { ensureTemplate, prepareTemplateDir } from './db/pglite-template';
import { createBlobStore } from './plugins/storage/create-blob-store';

/** Starts the whole product: database, migrations, demo seed, HTTP server, mail outbox. */
async function main() {
  if (process.argv.includes('--prepare')) {
    // `npm run build`: make the migrated PGlite template now rather than at the first start.
    console.log(`PGlite template ready: ${await ensureTemplate()}`);
    await prepareTemplateDir();
    return;
  }
  let config: Config;
  try {
    // `--role=api|worker` (npm run start:api, start:worker) overrides PROCESS_ROLE.
    const role = process.argv.find((arg) => arg.startsWith('--role='))?.slice('--role='.length);
    config = loadConfig(role === undefined ? process.env : { ...process.env, PROCESS_ROLE: role });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const started = Date.now();
  const phases: string[] = [];
  let last = started;
  const phase = (name: string) => {
    phases.push(`${name} ${Date.now() - last} ms`);
    last = Date.now();
  };
  const database: DbHandle = await createDb({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    timeouts: config.dbTimeouts,
  });
  phase('database');
  // Many processes may start at once against one PostgreSQL: one migrates and seeds, the
  // others wait for it and then find nothing left to do.
  const seeded = await oneAtATime(database, async () => {
    await migrateToLatest(database.db);
    phase('migrations');
    const done = config.seedDemo ? await seedDemo(database.db) : false;
    phase('seed');
    return done;
  });
  const { app, mailer } = await buildApp(config, database);
  await app.listen({ port: config.port, host: config.host });
  phase('http');
  // The mail outbox is sent by the workers (or by the one process of `npm start`).
  if (config.processRole !== 'api') mailer.start();

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(
    startupBanner({
      config,
      port,
      databaseKind: database.kind,
      seeded,
      readyMs: Date.now() - started,
      phases,
    }),
  );

  // Invoices for the demo organisations, drawn in the background once the server answers.
  const demoDocuments =
    config.seedDemo && config.processRole !== 'api'
      ? startDemoDocuments(database.db, createBlobStore(config), app.log)
      : undefined;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // app.close stops listening (new connections are refused), ends idle kept-alive connections
    // and the notification streams, and waits for the requests in flight; those still running
    // after SHUTDOWN_GRACE_MS are cut off, so that a stop never hangs on a stalled client.
    app.log.info(`${signal}: finishing requests in flight, then stopping`);
    const cutOff = setTimeout(() => {
      app.log.warn(`requests still running after ${config.shutdownGraceMs} ms: cut off`);
      app.server.closeAllConnections();
    }, config.shutdownGraceMs);
    await app.close();
    clearTimeout(cutOff);
    await demoDocuments?.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

async function oneAtATime<T>(database: DbHandle, work: () => Promise<T>): Promise<T> {
  if (database.kind !== 'postgres') return work();
  // Waits for the lock, so it is always taken and work always runs.
  return (await withAdvisoryLock(database.db, ADVISORY_LOCKS.startup, true, work)) as T;
}

main().catch((error: unknown) => {
  console.error('Listina failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
