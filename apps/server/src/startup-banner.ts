import type { Config } from './config';
import { DEMO_PASSWORD, DEMO_USERS } from './modules/demo/demo';

/** What `npm start` prints once the server listens: where it runs and how to sign in. */
export function startupBanner(input: {
  config: Pick<Config, 'dataDir' | 'seedDemo' | 'smtpUrl'>;
  port: number;
  databaseKind: 'pglite' | 'postgres';
  seeded: boolean;
  readyMs: number;
  phases: string[];
}): string {
  const { config } = input;
  const database =
    input.databaseKind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL';
  const lines = [
    '',
    `Listina is running at http://localhost:${input.port} (ready in ${input.readyMs} ms: ${input.phases.join(', ')})`,
    `Database: ${database}${input.seeded ? ', demo data seeded' : ''}`,
  ];
  if (config.seedDemo) {
    lines.push('Sign in with:');
    for (const u of DEMO_USERS) lines.push(`  ${u.username} / ${DEMO_PASSWORD}   (${u.note})`);
  }
  if (!config.smtpUrl) lines.push(`Mail is written to ${config.dataDir}/mail (no SMTP_URL set).`);
  return `${lines.join('\n')}\n`;
}
