import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cachedAuthResolver } from './auth-cache';
import type { Authentication } from './context';

const HOUR = 3_600_000;

function signedIn(expiresInMs = HOUR): Authentication {
  return {
    user: {
      id: '1',
      key: 'user-key',
      username: 'ana',
      displayName: 'Ana',
      email: 'ana@example.test',
      lang: 'sl',
      roles: [],
      sessionId: '7',
      expiresAt: new Date(Date.now() + expiresInMs),
      lastUsedAt: new Date(),
    },
    membership: { id: '3', key: 'org-key', roles: ['approver'] },
  };
}

/** A resolver that answers what `answers` holds for an apikey and counts its questions. */
function database(answers: Record<string, () => Authentication>) {
  const asked: string[] = [];
  return {
    asked,
    authenticate: (apikey: string, organizationKey?: string) => {
      asked.push(`${apikey}@${organizationKey ?? ''}`);
      return Promise.resolve(answers[apikey]?.());
    },
  };
}

beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-24T08:00:00Z') }));
afterEach(() => vi.useRealTimers());

describe('cachedAuthResolver', () => {
  it('asks the database once per apikey and organisation within the time to live', async () => {
    const db = database({ good: () => signedIn() });
    const cache = cachedAuthResolver(db, 2000);
    const first = await cache.authenticate('good', 'org-key');
    expect(await cache.authenticate('good', 'org-key')).toBe(first);
    await cache.authenticate('good', 'other-org');
    await cache.authenticate('good');
    expect(db.asked).toEqual(['good@org-key', 'good@other-org', 'good@']);
    vi.advanceTimersByTime(2001);
    await cache.authenticate('good', 'org-key');
    expect(db.asked).toHaveLength(4);
  });

  it('always asks again about an unknown or expired apikey', async () => {
    const db = database({ old: () => 'expired' });
    const cache = cachedAuthResolver(db, 2000);
    expect(await cache.authenticate('old')).toBe('expired');
    expect(await cache.authenticate('old')).toBe('expired');
    expect(await cache.authenticate('nobody')).toBeUndefined();
    expect(await cache.authenticate('nobody')).toBeUndefined();
    expect(db.asked).toHaveLength(4);
  });

  it('does not keep a sign-in past the end of its session', async () => {
    const db = database({ short: () => signedIn(500) });
    const cache = cachedAuthResolver(db, 2000);
    await cache.authenticate('short');
    vi.advanceTimersByTime(600);
    await cache.authenticate('short');
    expect(db.asked).toHaveLength(2);
  });

  it('forgets everything when cleared, also an answer that was on its way', async () => {
    let release: () => void = () => undefined;
    const slow = {
      asked: 0,
      authenticate() {
        slow.asked++;
        return new Promise<Authentication>((resolve) => {
          release = () => resolve(signedIn());
        });
      },
    };
    const cache = cachedAuthResolver(slow, 2000);
    const pending = cache.authenticate('good');
    cache.clear(); // a sign-out answered while the sign-in was being read
    release();
    await pending;
    const next = cache.authenticate('good');
    release();
    await next;
    expect(slow.asked).toBe(2);
    cache.clear();
    const third = cache.authenticate('good');
    release();
    await third;
    expect(slow.asked).toBe(3);
  });

  it('asks every time with a time to live of 0', async () => {
    const db = database({ good: () => signedIn() });
    const cache = cachedAuthResolver(db, 0);
    await cache.authenticate('good');
    await cache.authenticate('good');
    expect(db.asked).toHaveLength(2);
  });
});
