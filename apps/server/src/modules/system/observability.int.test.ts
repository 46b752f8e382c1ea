import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { CAPTURE_JOB } from '../capture/capture.service';
import { enqueue } from '../jobs/queue';
import { createTestApp, errorCodes, type TestApp } from '../../../test/factories';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** The value of one sample line of the Prometheus text, by its name and labels. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((each) => each.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /api/ready', () => {
  it('answers 200 with every check passed', async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      checks: { database: 'ok', migrations: 'ok', blobs: 'ok', shutdown: 'ok' },
    });
  });

  it('answers 503 naming the database when it is gone', async () => {
    t = await createTestApp();
    await t.database.close();
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(errorCodes(res)).toEqual(['errors.notReady.database', 'errors.notReady.migrations']);
    await t.app.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
    t = undefined;
  });

  it('answers 503 once the server has begun to stop', async () => {
    t = await createTestApp();
    const app = t.app;
    let url = '';
    let during: number | undefined;
    // preClose hooks run once the stop has begun and before the listener closes.
    app.addHook('preClose', async () => {
      during = (await fetch(`${url}/api/ready`)).status;
    });
    url = await app.listen({ port: 0, host: '127.0.0.1' });
    expect((await fetch(`${url}/api/ready`)).status).toBe(200);
    await app.close();
    expect(during).toBe(503);
    await t.database.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
    t = undefined;
  });
});

describe('GET /api/metrics', () => {
  it('counts the requests and their durations per route pattern and status', async () => {
    t = await createTestApp();
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/translation/sl' });
    await t.app.inject({ method: 'GET', url: '/api/translation/en-gb' });
    await t.app.inject({ method: 'GET', url: '/api/organization/current' });
    const res = await t.app.inject({ method: 'GET', url: '/api/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0.0.4/);
    const text = res.body;
    const health = 'method="GET",route="/api/health"';
    const translation = 'method="GET",route="/api/translation/:locale"';
    expect(sample(text, `http_requests_total{${health},status="200"}`)).toBe(3);
    expect(sample(text, `http_requests_total{${translation},status="200"}`)).toBe(2);
    expect(
      sample(
        text,
        'http_requests_total{method="GET",route="/api/organization/current",status="401"}',
      ),
    ).toBe(1);
    expect(sample(text, `http_request_duration_seconds_count{${health}}`)).toBe(3);
    expect(sample(text, `http_request_duration_seconds_bucket{${health},le="+Inf"}`)).toBe(3);
    expect(sample(text, `http_request_duration_seconds_bucket{${translation},le="10"}`)).toBe(2);
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(sample(text, 'listina_sse_streams')).toBe(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('shows the queued jobs by kind', async () => {
    t = await createTestApp({ CAPTURE_WORKERS: '0' });
    await enqueue(t.database.db, [
      { organizationId: null, kind: CAPTURE_JOB, subject: 'a' },
      { organizationId: null, kind: CAPTURE_JOB, subject: 'b' },
    ]);
    const res = await t.app.inject({ method: 'GET', url: '/api/metrics' });
    expect(sample(res.body, `listina_jobs{kind="${CAPTURE_JOB}",state="queued"}`)).toBe(2);
  });

  it('is unknown to a caller off this machine without the token, and served with it', async () => {
    const token = 'metrics-token-0123456789';
    t = await createTestApp({ METRICS_TOKEN: token });
    const remote = { remoteAddress: '203.0.113.9' };
    const refused = await t.app.inject({ method: 'GET', url: '/api/metrics', ...remote });
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain('http_requests_total');
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: 'Bearer metrics-token-wrong-value' },
      ...remote,
    });
    expect(wrong.statusCode).toBe(404);
    const proxied = await t.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(proxied.statusCode).toBe(404);
    const allowed = await t.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${token}` },
      ...remote,
    });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toContain('http_requests_total');
  });
});

describe('request ids', () => {
  it('behind a trusted proxy, keeps a well-formed X-Request-Id and replaces a malformed one', async () => {
    t = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
    const given = 'edge-7f3c9a12-request';
    const kept = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': given },
    });
    expect(kept.headers['x-request-id']).toBe(given);
    const replaced = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'has spaces "and quotes"' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('without a trusted proxy, gives every request an id of its own', async () => {
    t = await createTestApp();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'edge-7f3c9a12-request' },
    });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
