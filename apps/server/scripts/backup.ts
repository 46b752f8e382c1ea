import { backup } from './backup-core';
import { runCli } from './backup-cli';

/** `npm run backup -- <dir>`: the database and every file into a new directory (docs/operations.md). */
await runCli('backup', backup);
