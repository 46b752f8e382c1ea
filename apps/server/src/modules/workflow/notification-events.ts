import { CHANNELS, MAX_PAYLOAD_BYTES, type Bus } from '../../db/listen';

/**
 * Tells the server-sent event streams of users that their notifications changed (issue 6:
 * the unread count updates live, without polling). In one process the streams are told
 * directly; across API processes (issue 10) the same calls go through PostgreSQL
 * LISTEN/NOTIFY.
 */
export interface NotificationEvents {
  /** The users' notifications in the organisation changed (new, read, or undone). */
  changed(organizationId: string, userIds: readonly string[]): void;
  /** Every user's notifications in the organisation may have changed (an undo removed some). */
  changedAll(organizationId: string): void;
  /** Calls listener whenever the user's notifications in the organisation change. */
  subscribe(organizationId: string, userId: string, listener: () => void): () => void;
  /** Open streams, for metrics and tests. */
  size(): number;
}

/**
 * Without a bus (PGlite, one process) the streams are told directly. With one (PostgreSQL),
 * each change is a NOTIFY that every API process, this one included, hears and passes on to
 * its own streams; when the listening connection came back after a drop, every stream is told
 * (it refetches the count), since what was sent meanwhile is lost.
 */
export function createNotificationEvents(bus?: Bus): NotificationEvents {
  const listeners = new Map<string, Set<() => void>>();
  const keyOf = (organizationId: string, userId: string) => `${organizationId}:${userId}`;
  const tellUsers = (organizationId: string, userIds: readonly string[]) => {
    for (const userId of userIds) {
      for (const listener of listeners.get(keyOf(organizationId, userId)) ?? []) listener();
    }
  };
  const tellAll = (organizationId?: string) => {
    const prefix = organizationId === undefined ? '' : `${organizationId}:`;
    for (const [key, set] of listeners) {
      if (key.startsWith(prefix)) for (const listener of set) listener();
    }
  };
  if (bus) {
    bus.on(CHANNELS.notifications, (payload) => {
      const message = parse(payload);
      if (!message) return;
      if (message.u) tellUsers(message.o, message.u);
      else tellAll(message.o);
    });
    bus.onReconnect(() => tellAll());
  }
  return {
    changed(organizationId, userIds) {
      if (!bus) return tellUsers(organizationId, userIds);
      for (const u of chunks(userIds))
        bus.notify(CHANNELS.notifications, JSON.stringify({ o: organizationId, u }));
    },
    changedAll(organizationId) {
      if (!bus) return tellAll(organizationId);
      bus.notify(CHANNELS.notifications, JSON.stringify({ o: organizationId }));
    },
    subscribe(organizationId, userId, listener) {
      const key = keyOf(organizationId, userId);
      const set = listeners.get(key) ?? new Set();
      set.add(listener);
      listeners.set(key, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(key);
      };
    },
    size: () => [...listeners.values()].reduce((sum, set) => sum + set.size, 0),
  };
}

interface Message {
  o: string;
  u?: string[];
}

/** User ids in groups whose payload stays under PostgreSQL's limit (a uuid is 39 bytes in JSON). */
function chunks(userIds: readonly string[]): string[][] {
  const size = Math.floor((MAX_PAYLOAD_BYTES - 100) / 40);
  const out: string[][] = [];
  for (let i = 0; i < userIds.length; i += size) out.push(userIds.slice(i, i + size));
  return out;
}

function parse(payload: string): Message | undefined {
  try {
    const value = JSON.parse(payload) as Partial<Message>;
    if (typeof value.o !== 'string') return undefined;
    if (value.u !== undefined && !Array.isArray(value.u)) return undefined;
    return value as Message;
  } catch {
    return undefined;
  }
}
