import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { startupBanner } from './startup-banner';

describe('start-up banner', () => {
  it('prints the address and the demo sign-ins on the embedded database', () => {
    const text = startupBanner({
      config: loadConfig({ DATA_DIR: '/srv/listina' }),
      port: 3000,
      databaseKind: 'pglite',
      seeded: true,
      readyMs: 1234,
      phases: ['database 800 ms'],
    });
    expect(text).toContain(
      'Listina is running at http://localhost:3000 (ready in 1234 ms: database 800 ms)',
    );
    expect(text).toContain('Database: embedded PGlite in /srv/listina, demo data seeded');
    expect(text).toContain('  demo / listina-demo   (4 organisations, different roles)');
    expect(text).toContain('  many / listina-demo   (12 organisations (searchable selector))');
    expect(text).toContain('Mail is written to /srv/listina/mail (no SMTP_URL set).');
  });

  it('leaves the sign-ins out when there is no demo data (PostgreSQL by default)', () => {
    const text = startupBanner({
      config: loadConfig({
        DATABASE_URL: 'postgres://x@127.0.0.1/db',
        SMTP_URL: 'smtp://127.0.0.1:25',
      }),
      port: 8080,
      databaseKind: 'postgres',
      seeded: false,
      readyMs: 10,
      phases: [],
    });
    expect(text).not.toContain('Sign in with');
    expect(text).not.toContain('Mail is written');
  });
});
