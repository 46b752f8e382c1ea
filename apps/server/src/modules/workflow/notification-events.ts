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

export function createNotificationEvents(): NotificationEvents {
  const listeners = new Map<string, Set<() => void>>();
  const keyOf = (organizationId: string, userId: string) => `${organizationId}:${userId}`;
  return {
    changed(organizationId, userIds) {
      for (const userId of userIds) {
        for (const listener of listeners.get(keyOf(organizationId, userId)) ?? []) listener();
      }
    },
    changedAll(organizationId) {
      const prefix = `${organizationId}:`;
      for (const [key, set] of listeners) {
        if (key.startsWith(prefix)) for (const listener of set) listener();
      }
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
