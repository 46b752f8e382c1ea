import type { LogEvent } from 'kysely';

type Observer = (event: LogEvent) => void;
let observer: Observer | undefined;

/** Set by tracing when configured (tracing.ts): it is told of every statement run. */
export function setQueryObserver(next: Observer | undefined): void {
  observer = next;
}

/** Kysely's log option of the app's databases (create-db.ts): nothing unless traced. */
export const queryLog = (event: LogEvent): void => observer?.(event);
