import { ensureTemplate } from '../src/db/pglite-template';

/** Makes the PGlite template once, before the workers start, so each test database loads fast. */
export default async function setup() {
  if (!process.env.DATABASE_URL) await ensureTemplate();
}
