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

  it('keeps files on local disk by default, 25 MB a file and 100 MB a request', () => {
    const config = loadConfig({});
    expect(config.storage).toEqual({ kind: 'local' });
    expect(config.fileLimitBytes).toBe(26_214_400);
    expect(config.requestFilesLimitBytes).toBe(104_857_600);
  });

  it('reads an S3-compatible store, region us-east-1 unless told', () => {
    const s3 = {
      STORAGE: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'listina-files',
      S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret/with+chars',
    };
    expect(loadConfig(s3).storage).toEqual({
      kind: 's3',
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'listina-files',
      region: 'us-east-1',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'secret/with+chars',
    });
    expect(loadConfig({ ...s3, S3_REGION: 'eu-central-1' }).storage).toMatchObject({
      region: 'eu-central-1',
    });
  });

  it('ignores S3 settings while STORAGE is local', () => {
    expect(loadConfig({ S3_BUCKET: 'unused' }).storage).toEqual({ kind: 'local' });
  });

  it('names every S3 setting STORAGE=s3 is missing, with the other invalid values', () => {
    let error: unknown;
    try {
      loadConfig({ STORAGE: 's3', S3_BUCKET: 'ok-bucket', PORT: 'eighty' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'PORT: Invalid input: expected number, received NaN (got "eighty")',
      'S3_ENDPOINT: required when STORAGE=s3',
      'S3_ACCESS_KEY_ID: required when STORAGE=s3',
      'S3_SECRET_ACCESS_KEY: required when STORAGE=s3',
    ]);
  });

  it('refuses an unknown STORAGE, a non-http endpoint, a bad bucket name and bad limits', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return '';
      } catch (e) {
        return (e as ConfigError).problems.join('\n');
      }
    };
    expect(problems({ STORAGE: 'ftp' })).toMatch(/^STORAGE: .*"local".*"s3".*\(got "ftp"\)$/);
    expect(problems({ S3_ENDPOINT: 'ftp://files.example' })).toBe(
      'S3_ENDPOINT: must be an http:// or https:// URL (got "ftp://files.example")',
    );
    expect(problems({ S3_BUCKET: 'Has_Upper' })).toContain('S3_BUCKET: must be an S3 bucket name');
    expect(problems({ FILE_LIMIT_BYTES: '0' })).toContain('FILE_LIMIT_BYTES');
    expect(problems({ REQUEST_FILES_LIMIT_BYTES: '1.5' })).toContain('REQUEST_FILES_LIMIT_BYTES');
    expect(problems({ FILE_LIMIT_BYTES: '2000', REQUEST_FILES_LIMIT_BYTES: '1000' })).toBe(
      'REQUEST_FILES_LIMIT_BYTES: must be at least FILE_LIMIT_BYTES (2000) (got "1000")',
    );
  });

  it('reads the HTTP deadlines and CORS origins, and refuses ones that cannot work', () => {
    const defaults = loadConfig({});
    expect(defaults.httpTimeouts).toEqual({
      requestMs: 120_000,
      headersMs: 20_000,
      keepAliveMs: 72_000,
      connectionMs: 120_000,
    });
    expect(defaults.corsOrigins).toEqual([]);
    expect(defaults.shutdownGraceMs).toBe(25_000);
    expect(
      loadConfig({ CORS_ORIGINS: 'https://a.example, http://localhost:5173' }).corsOrigins,
    ).toEqual(['https://a.example', 'http://localhost:5173']);
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return '';
      } catch (e) {
        return (e as ConfigError).problems.join('\n');
      }
    };
    expect(problems({ HEADERS_TIMEOUT_MS: '5000', REQUEST_TIMEOUT_MS: '1000' })).toBe(
      'HEADERS_TIMEOUT_MS: must be at most REQUEST_TIMEOUT_MS (1000) (got "5000")',
    );
    expect(problems({ CONNECTION_TIMEOUT_MS: '10000' })).toMatch(
      /^CONNECTION_TIMEOUT_MS: must be 0 \(off\) or at least 30000/,
    );
    expect(problems({ CONNECTION_TIMEOUT_MS: '0' })).toBe('');
    expect(problems({ CORS_ORIGINS: 'https://a.example/app' })).toMatch(
      /^CORS_ORIGINS: must be origins/,
    );
    expect(problems({ CORS_ORIGINS: '*' })).toMatch(/^CORS_ORIGINS: must be origins/);
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
