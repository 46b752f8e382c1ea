import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('config', () => {
  it('uses the documented defaults: port 3000, ./data, embedded database with demo data', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seedDemo).toBe(true);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.authCacheMs).toBe(2000);
  });

  it('keeps a sign-in at most a minute without asking the database, 0 turning that off', () => {
    expect(loadConfig({ AUTH_CACHE_MS: '0' }).authCacheMs).toBe(0);
    expect(() => loadConfig({ AUTH_CACHE_MS: '60001' })).toThrow(/AUTH_CACHE_MS/);
    expect(() => loadConfig({ AUTH_CACHE_MS: '-1' })).toThrow(/AUTH_CACHE_MS/);
  });

  it('turns the demo seed off by default on PostgreSQL, and on again when asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://x@127.0.0.1/db' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://x@127.0.0.1/db', SEED_DEMO: '1' }).seedDemo).toBe(
      true,
    );
  });

  it('stops with a readable list of every invalid value', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SEED_DEMO: 'maybe' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toContain('PORT');
    expect(problems).toContain('DATABASE_URL: must start with postgres://');
    expect(problems).toContain('SEED_DEMO');
    expect((error as ConfigError).message).toMatch(/^Invalid configuration:\n {2}- /);
  });
});
