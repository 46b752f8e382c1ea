import { describe, expect, it } from 'vitest';
import { createTestApp, createUser, PASSWORD } from './factories';

const PROXY = '10.0.0.5';

/** Failed sign-ins as seen at the server: from `from`, naming `client` in X-Forwarded-For. */
async function failures(env: Record<string, string>, tries: { from: string; client: string }[]) {
  const t = await createTestApp({
    LOGIN_RATE_MAX_PER_ADDRESS: '2',
    LOGIN_RATE_MAX_PER_USER: '50',
    ...env,
  });
  try {
    const statuses = [];
    for (const [i, { from, client }] of tries.entries()) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/account/login',
        remoteAddress: from,
        headers: { 'x-forwarded-for': client },
        payload: { username: `nobody${i}`, password: 'x' },
      });
      statuses.push(res.statusCode);
    }
    return statuses;
  } finally {
    await t.close();
  }
}

const viaProxy = [
  { from: PROXY, client: '203.0.113.1' },
  { from: PROXY, client: '203.0.113.1' },
  { from: PROXY, client: '203.0.113.2' },
  { from: PROXY, client: '203.0.113.1' },
];

describe('TRUST_PROXY and the per-address sign-in limit', () => {
  it('counts the client named by a trusted proxy, not the proxy', async () => {
    expect(await failures({ TRUST_PROXY: '10.0.0.0/8' }, viaProxy)).toEqual([401, 401, 401, 429]);
    expect(await failures({ TRUST_PROXY: 'uniquelocal' }, viaProxy)).toEqual([401, 401, 401, 429]);
  });

  it('ignores X-Forwarded-For when unset: every request is the proxy', async () => {
    expect(await failures({}, viaProxy)).toEqual([401, 401, 429, 429]);
  });

  it('ignores X-Forwarded-For from an address that is not a trusted proxy', async () => {
    const forged = ['203.0.113.7', '203.0.113.8', '203.0.113.9'].map((client) => ({
      from: '198.51.100.9',
      client,
    }));
    expect(await failures({ TRUST_PROXY: '10.0.0.0/8' }, forged)).toEqual([401, 401, 429]);
  });

  it('writes the client named by a trusted proxy into the sign-in log', async () => {
    const t = await createTestApp({ TRUST_PROXY: 'uniquelocal' });
    try {
      const user = await createUser(t);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/account/login',
        remoteAddress: PROXY,
        headers: { 'x-forwarded-for': '198.51.100.1, 203.0.113.4' },
        payload: { username: user.username, password: PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      const log = await t.app.inject({
        url: '/api/account/signins',
        headers: { authorization: res.json<{ apikey: string }>().apikey },
      });
      // The nearest address that is not a trusted proxy: what the proxy saw.
      expect(log.json<{ items: { ip: string }[] }>().items.map((e) => e.ip)).toEqual([
        '203.0.113.4',
      ]);
    } finally {
      await t.close();
    }
  });
});
