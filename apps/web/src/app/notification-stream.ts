import { notificationRoutes } from '@listina/contract';
import { isApiRequestError } from '../api/api-error';
import { fetchApi } from '../api/client';

/** One event of a text/event-stream: its type (message unless named) and its data lines. */
export interface SseMessage {
  event: string;
  data: string;
}

const LINE_END = /\r\n|\n|\r/g;

/**
 * A text/event-stream reader fed with text as it arrives (the HTML standard's event stream
 * rules): a line or an event split across reads waits for the rest; comments (": keep-alive")
 * and fields other than event and data are skipped; a blank line dispatches the event.
 */
export function createSseParser(onMessage: (message: SseMessage) => void): (text: string) => void {
  let buffer = '';
  let event = '';
  let data: string[] = [];

  const readLine = (line: string) => {
    if (line === '') {
      if (data.length > 0) onMessage({ event: event || 'message', data: data.join('\n') });
      event = '';
      data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  };

  return (text) => {
    buffer += text;
    let start = 0;
    LINE_END.lastIndex = 0;
    for (let match = LINE_END.exec(buffer); match; match = LINE_END.exec(buffer)) {
      // A \r at the very end may be the first half of a \r\n still to come.
      if (match[0] === '\r' && match.index === buffer.length - 1) break;
      readLine(buffer.slice(start, match.index));
      start = match.index + match[0].length;
    }
    buffer = buffer.slice(start);
  };
}

/** Waits before reconnecting: the first after a stream that worked, then longer each failure. */
export const STREAM_RETRY_DELAYS_MS: readonly number[] = [1_000, 2_000, 5_000, 10_000, 30_000];

export interface UnreadCountStreamOptions {
  onCount: (unread: number) => void;
  /** Ends the stream for good (sign-out, the toolbar unmounted). */
  signal: AbortSignal;
  retryDelaysMs?: readonly number[];
  /** How a delay is waited out; tests pass one that does not. */
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
}

function waitFor(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

function unreadOf(data: string): number | undefined {
  try {
    const parsed: unknown = JSON.parse(data);
    const unread = (parsed as { unread?: unknown } | null)?.unread;
    return typeof unread === 'number' && Number.isFinite(unread) ? unread : undefined;
  } catch {
    return undefined;
  }
}

/** A refusal that asking again will not change (signed out); not a timeout. */
function isFinal(error: unknown): boolean {
  const status = isApiRequestError(error) ? error.status : null;
  return status !== null && status >= 400 && status < 500 && status !== 408 && status !== 429;
}

/** One connection: reads count events until the server ends the stream or it is aborted. */
async function readStream(options: UnreadCountStreamOptions, onHeard: () => void): Promise<void> {
  const { onCount, signal } = options;
  // The count is across every organisation of the user (issue 26): the stream is the user's,
  // whichever organisation is active.
  const response = await fetchApi(notificationRoutes.events.path, {
    signal,
    headers: { accept: 'text/event-stream' },
  });
  const reader = response.body?.getReader();
  if (!reader) return;
  // Whatever the body's source does with the signal, an abort ends the read at once.
  const cancel = () => void reader.cancel().catch(() => undefined);
  signal.addEventListener('abort', cancel, { once: true });
  const decoder = new TextDecoder();
  const parse = createSseParser((message) => {
    const unread = message.event === 'count' ? unreadOf(message.data) : undefined;
    if (unread === undefined) return;
    onHeard();
    onCount(unread);
  });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || signal.aborted) return;
      parse(decoder.decode(value, { stream: true }));
    }
  } finally {
    signal.removeEventListener('abort', cancel);
  }
}

/**
 * Follows the signed-in user's unread notification count across all their organisations (GET
 * /api/notification/events). fetch, not EventSource: the stream needs the apikey header. Reconnects with a growing back-off when the stream ends or fails;
 * stops on abort or on a 4xx that asking again would not change. Never rejects.
 */
export async function followUnreadCount(options: UnreadCountStreamOptions): Promise<void> {
  const { signal, retryDelaysMs = STREAM_RETRY_DELAYS_MS, wait = waitFor } = options;
  let attempt = 0;
  while (!signal.aborted) {
    let heard = false;
    try {
      await readStream(options, () => (heard = true));
    } catch (error) {
      if (signal.aborted || isFinal(error)) return;
    }
    if (signal.aborted) return;
    if (heard) attempt = 0;
    const delay = retryDelaysMs[Math.min(attempt, retryDelaysMs.length - 1)] ?? 0;
    attempt += 1;
    await wait(delay, signal);
  }
}
