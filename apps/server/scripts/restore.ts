import { restore } from './backup-core';
import { runCli } from './backup-cli';

/** `npm run restore -- <dir>`: a backup into an empty database and its blob store (docs/operations.md). */
await runCli('restore', restore);
