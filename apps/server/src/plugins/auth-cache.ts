import type { Authentication } from './context';
import type { AuthResolver } from './routes';

/** Entries kept at most; the oldest go first. A sign-in is one entry per organisation used. */
const MAX_ENTRIES = 10_000;

export interface CachedAuthResolver extends AuthResolver {
  /** Forgets every answer: after any change that could alter one (ADR 0009). */
  clear(): void;
}

/**
 * Remembers what an apikey and an organisation key resolved to for `ttlMs`, so that a burst
 * of reads (a grid, its lookups, their next pages) checks the session in the database once
 * instead of once per request: a round trip of its own before every other statement
 * (ADR 0009). Only a signed-in answer is kept, and only while the session has not expired; a
 * refusal is always asked again. The route layer clears it after every request that may
 * change something (any method but GET and HEAD), so in this process a sign-out, a revoked
 * session or a changed role counts from the next request on; another process of the same
 * database sees such a change at most `ttlMs` late. `ttlMs` 0 turns the cache off.
 */
export function cachedAuthResolver(inner: AuthResolver, ttlMs: number): CachedAuthResolver {
  const entries = new Map<string, { result: Authentication; until: number }>();
  let clears = 0;
  return {
    async authenticate(apikey, organizationKey) {
      if (ttlMs <= 0) return inner.authenticate(apikey, organizationKey);
      const id = `${organizationKey ?? ''} ${apikey}`;
      const now = Date.now();
      const hit = entries.get(id);
      if (hit && hit.until > now) return hit.result;
      if (hit) entries.delete(id);
      const generation = clears;
      const result = await inner.authenticate(apikey, organizationKey);
      // A change that cleared the cache while the database was asked may not be in `result`.
      if (typeof result === 'object' && generation === clears) {
        if (entries.size >= MAX_ENTRIES) {
          const oldest = entries.keys().next();
          if (!oldest.done) entries.delete(oldest.value);
        }
        const until = Math.min(now + ttlMs, result.user.expiresAt.getTime());
        entries.set(id, { result, until });
      }
      return result;
    },
    clear() {
      clears++;
      entries.clear();
    },
  };
}
