import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInOver, startServer, type ServerProcess } from '../../../test/faults/server-process';

let server: ServerProcess;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'listina-logs-'));
  server = await startServer({
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    LOG_LEVEL: 'info',
    TRUST_PROXY: '127.0.0.1',
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Line = Record<string, unknown> & { reqId?: string; msg?: string };

const linesOf = (reqId: string): Line[] =>
  server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Line)
    .filter((line) => line.reqId === reqId);

describe('request logs', () => {
  it('carry the request id, user, organisation, route pattern and duration, never the apikey', async () => {
    const headers = await signInOver(server.url);
    const reqId = 'test-0b6c1f0e-log-line';
    const res = await fetch(`${server.url}/api/cl/partner?search=secret-in-query`, {
      headers: { ...headers, 'x-request-id': reqId },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe(reqId);
    // The completed line is written when the answer has gone: wait for it.
    for (let i = 0; i < 50 && !linesOf(reqId).some((l) => l.msg === 'request completed'); i++)
      await new Promise((resolve) => setTimeout(resolve, 50));

    const lines = linesOf(reqId);
    const incoming = lines.find((line) => line.msg === 'incoming request');
    expect(incoming?.req).toEqual({
      method: 'GET',
      route: '/api/cl/:name',
      remoteAddress: '127.0.0.1',
    });
    const completed = lines.find((line) => line.msg === 'request completed');
    expect(completed).toMatchObject({
      userId: expect.any(String),
      organizationId: headers['organization-id'],
      res: { statusCode: 200, route: '/api/cl/:name' },
      responseTime: expect.any(Number),
    });
    const written = JSON.stringify(lines);
    expect(written).not.toContain(headers.authorization);
    expect(written).not.toContain('secret-in-query');
  });

  it('never write the password of a sign-in', async () => {
    await signInOver(server.url);
    // The start-up banner names the demo password; the log lines must not.
    const logLines = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'));
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain('listina-demo');
  });
});
