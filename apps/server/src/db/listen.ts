import pg from 'pg';
import { sql } from 'kysely';
import type { Db } from './create-db';

/** The channels the processes of one database talk on (ADR 0012). */
export const CHANNELS = {
  /** A user's notifications changed: payload {o: organisation id, u?: user ids}. */
  notifications: 'listina_notifications',
  /** A job was queued: workers look now instead of at their next poll. */
  jobs: 'listina_jobs',
  /** A sign-out, a rotation, a changed password or role: every auth cache forgets. */
  auth: 'listina_auth',
} as const;

type Channel = (typeof CHANNELS)[keyof typeof CHANNELS];

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
export const MAX_PAYLOAD_BYTES = 7900;

export interface Bus {
  /** Sends payload to every process listening on channel (this one too); never throws. */
  notify(channel: Channel, payload?: string): void;
  /** Calls handler with each payload sent on channel. */
  on(channel: Channel, handler: (payload: string) => void): void;
  /** Calls handler after the listening connection came back: what was sent meanwhile is lost. */
  onReconnect(handler: () => void): void;
  close(): Promise<void>;
}

const BACKOFF_MS = [100, 250, 500, 1000, 2000, 5000];

/**
 * One dedicated connection per process that LISTENs on the channels (a pooled connection
 * cannot: it goes back to the pool). When it drops it is opened again with a growing pause,
 * LISTENs again, and the reconnect handlers run (the streams are told to refetch). NOTIFY goes
 * through the pool, after the writing transaction committed.
 */
export function createBus(db: Db, databaseUrl: string, log: { warn(o: object, m: string): void }) {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const reconnectHandlers = new Set<() => void>();
  let client: pg.Client | undefined;
  let closed = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;

  async function connect(reconnected: boolean): Promise<void> {
    const next = new pg.Client({ connectionString: databaseUrl, keepAlive: true });
    next.on('notification', (message) => {
      for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next, new Error('connection ended')));
    try {
      await next.connect();
      for (const channel of Object.values(CHANNELS)) await next.query(`listen ${channel}`);
    } catch (error) {
      lost(next, error);
      return;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    failures = 0;
    if (reconnected) for (const handler of reconnectHandlers) handler();
  }

  function lost(which: pg.Client, error: unknown) {
    if (closed || retry) return;
    if (client && client !== which) return;
    client = undefined;
    which.removeAllListeners('end');
    which.end().catch(() => undefined);
    const pause = BACKOFF_MS[Math.min(failures, BACKOFF_MS.length - 1)] ?? 5000;
    failures++;
    log.warn({ err: error, retryInMs: pause }, 'notification listener lost its connection');
    retry = setTimeout(() => {
      retry = undefined;
      void connect(true);
    }, pause);
  }

  const ready = connect(false);

  const bus: Bus & { ready: Promise<void> } = {
    ready,
    notify(channel, payload = '') {
      sql`select pg_notify(${channel}, ${payload})`
        .execute(db)
        .catch((error: unknown) => log.warn({ err: error, channel }, 'notify failed'));
    },
    on(channel, handler) {
      const set = handlers.get(channel) ?? new Set();
      set.add(handler);
      handlers.set(channel, set);
    },
    onReconnect(handler) {
      reconnectHandlers.add(handler);
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      await ready;
      const last = client;
      client = undefined;
      await last?.end().catch(() => undefined);
    },
  };
  return bus;
}
