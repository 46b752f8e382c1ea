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
  /** Calls listener whenever the user's notifications change, in any organisation. */
  subscribe(userId: string, listener: () => void): () => void;
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
  // By user: the bell counts the user's notifications of every organisation (issue 26).
  const listeners = new Map<string, Set<() => void>>();
  const tellUsers = (userIds: readonly string[]) => {
    for (const userId of userIds) for (const listener of listeners.get(userId) ?? []) listener();
  };
  // An undo names no users: every stream counts again (undos are rare, each counts once).
  const tellAll = () => {
    for (const set of listeners.values()) for (const listener of set) listener();
  };
  if (bus) {
    bus.on(CHANNELS.notifications, (payload) => {
      const message = parse(payload);
      if (!message) return;
      if (message.u) tellUsers(message.u);
      else tellAll();
    });
    bus.onReconnect(() => tellAll());
  }
  return {
    changed(organizationId, userIds) {
      if (!bus) return tellUsers(userIds);
      for (const u of chunks(userIds))
        bus.notify(CHANNELS.notifications, JSON.stringify({ o: organizationId, u }));
    },
    changedAll(organizationId) {
      if (!bus) return tellAll();
      bus.notify(CHANNELS.notifications, JSON.stringify({ o: organizationId }));
    },
    subscribe(userId, listener) {
      const set = listeners.get(userId) ?? new Set();
      set.add(listener);
      listeners.set(userId, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(userId);
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
