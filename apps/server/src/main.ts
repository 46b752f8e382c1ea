import { loadConfig, ConfigError, type Config } from './config';
import { createDb, migrateToLatest, type DbHandle } from './db/create-db';
import { seedDemo } from './db/seed/demo';
import { startDemoDocuments } from './db/seed/demo-documents';
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
    config = loadConfig();
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
  await migrateToLatest(database.db);
  phase('migrations');
  const seeded = config.seedDemo ? await seedDemo(database.db) : false;
  phase('seed');
  const { app, mailer } = await buildApp(config, database);
  await app.listen({ port: config.port, host: config.host });
  phase('http');
  mailer.start();

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
  const demoDocuments = config.seedDemo
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

main().catch((error: unknown) => {
  console.error('Listina failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
