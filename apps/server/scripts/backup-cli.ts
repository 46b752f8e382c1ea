import path from 'node:path';
import { ConfigError, loadConfig } from '../src/config';
import type { Summary } from './backup-core';
import { BackupError } from './backup-database';

/**
 * What `npm run backup -- <dir>` and `npm run restore -- <dir>` share: the directory argument,
 * the configuration (the server's own environment variables), the summary line and the exit
 * codes: 0 done, 1 refused or failed (the message says why), 2 wrong usage.
 */
export async function runCli(
  verb: 'backup' | 'restore',
  run: (config: ReturnType<typeof loadConfig>, dir: string) => Promise<Summary>,
): Promise<void> {
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0]?.startsWith('-')) {
    console.error(`usage: npm run ${verb} -- <backup directory>`);
    process.exit(2);
  }
  // `npm run` works in the repository root; a relative directory is where the command was typed.
  const dir = path.resolve(process.env.INIT_CWD ?? process.cwd(), args[0] ?? '');
  try {
    const s = await run(loadConfig(), dir);
    const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;
    const database = s.database === 'postgres' ? 'PostgreSQL database' : 'embedded database';
    const done = verb === 'backup' ? `Backed up into ${dir}` : `Restored from ${dir}`;
    console.log(
      `${done}: the ${database} (${mb(s.databaseBytes)}) and ${s.blobs} files (${mb(s.blobBytes)}) in ${(s.ms / 1000).toFixed(1)} s.`,
    );
  } catch (error) {
    if (error instanceof BackupError || error instanceof ConfigError) {
      console.error(`${verb} failed: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}
