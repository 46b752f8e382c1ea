import { ensureTemplate } from '../src/db/pglite-template';

// Part of `npm run build`: makes the initialised PGlite cluster that a new data directory
// starts from, so the first start-up takes well under a second for the database.
const file = await ensureTemplate();
console.log(`PGlite template ready: ${file}`);
