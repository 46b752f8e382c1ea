import { ConfigError, loadConfig } from '../src/config';
import { createDb, isUpToDate } from '../src/db/create-db';
import { createRetention } from '../src/modules/retention/schedule';

/**
 * `npm run retention`: one retention run now, with the server's own settings (docs/operations.md
 * "Retention"); prints the rows deleted per table. Exit codes: 0 done (or another process is
 * running it), 1 refused or failed.
 */
try {
  const config = loadConfig();
  const database = await createDb({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    timeouts: config.dbTimeouts,
  });
  try {
    if (!(await isUpToDate(database.db))) {
      console.error(
        'retention refused: the database is not migrated; start the server once first.',
      );
      process.exitCode = 1;
    } else {
      const log = { info: () => undefined, debug: () => undefined, error: () => undefined };
      const counts = await createRetention(database, config.retention, log).runOnce();
      if (counts) console.log(`Retention deleted: ${JSON.stringify(counts)}`);
      else console.log('Retention is running in another process; nothing done.');
    }
  } finally {
    await database.close();
  }
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`retention failed: ${error.message}`);
  process.exitCode = 1;
}
