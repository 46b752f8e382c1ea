import { describe, expect, it } from 'vitest';
import { setApiContext } from '../api/context';
import { countEvent, fakeEventStream } from '../test/event-stream';
import { apiError, fakeApi, type Handler } from '../test/fake-api';
import { createSseParser, followUnreadCount, type SseMessage } from './notification-stream';

function parsed(chunks: string[]): SseMessage[] {
  const messages: SseMessage[] = [];
  const parse = createSseParser((message) => messages.push(message));
  for (const chunk of chunks) parse(chunk);
  return messages;
}

describe('event stream parser', () => {
  it('reads events whose lines are split across reads, and skips keep-alive comments', () => {
    expect(
      parsed([
        ': keep-alive\n\nevent: cou',
        'nt\ndata: {"unr',
        'ead":3}\n',
        '\n: keep-alive\n',
        '\nevent: count\r',
        '\ndata: {"unread":4}\r\n\r\n',
      ]),
    ).toEqual([
      { event: 'count', data: '{"unread":3}' },
      { event: 'count', data: '{"unread":4}' },
    ]);
  });

  it('joins data lines, names unnamed events message, and waits for the blank line', () => {
    const messages: SseMessage[] = [];
    const parse = createSseParser((message) => messages.push(message));
    parse('data: one\ndata:two\nid: 7\n');
    expect(messages).toEqual([]);
    parse('\nevent: empty\n\n');
    expect(messages).toEqual([{ event: 'message', data: 'one\ntwo' }]);
  });
});

/** Answers each connection with the next handler; afterwards 403 ends the test's loop. */
function connections(handlers: Handler[]) {
  let index = 0;
  return fakeApi({
    'GET /api/notification/events': (call) => {
      const handler = handlers[index];
      index += 1;
      return handler ? handler(call) : apiError(403, 'Not a member.');
    },
  });
}

describe('following the unread count', () => {
  it('sends the apikey, and reads a count split inside a character', async () => {
    setApiContext({ apikey: 'key-9', organizationId: 'org-1' });
    const stream = fakeEventStream();
    const calls = connections([() => stream.response]);
    const counts: number[] = [];
    const controller = new AbortController();
    const following = followUnreadCount({
      signal: controller.signal,
      onCount: (unread) => counts.push(unread),
    });
    // ": ž" is two bytes; the read ends between them.
    const bytes = new TextEncoder().encode(`: ž\n\n${countEvent(12)}`);
    stream.send(bytes.slice(0, 3));
    stream.send(bytes.slice(3));
    await expect.poll(() => counts).toEqual([12]);
    controller.abort();
    await following;
    expect(stream.isCancelled()).toBe(true);
    const headers = calls[0]?.headers;
    expect(headers?.get('authorization')).toBe('key-9');
    expect(headers?.get('accept')).toBe('text/event-stream');
  });

  it('reconnects with a growing back-off, back to the first delay after a stream that worked', async () => {
    const first = fakeEventStream();
    const third = fakeEventStream();
    const calls = connections([
      () => {
        first.send(countEvent(1));
        first.end();
        return first.response;
      },
      () => apiError(503, 'Restarting.'),
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => {
        third.send(countEvent(2));
        third.end();
        return third.response;
      },
    ]);
    const counts: number[] = [];
    const delays: number[] = [];
    await followUnreadCount({
      signal: new AbortController().signal,
      onCount: (unread) => counts.push(unread),
      retryDelaysMs: [10, 20, 40],
      wait: async (ms) => {
        delays.push(ms);
      },
    });
    expect(counts).toEqual([1, 2]);
    // Ended (10), 503 (20), no answer (40), ended after a count (10), then a 403 stops it.
    expect(delays).toEqual([10, 20, 40, 10]);
    expect(calls).toHaveLength(5);
  });

  it('stops when aborted while waiting to reconnect', async () => {
    const calls = connections([() => apiError(500, 'Down.'), () => apiError(500, 'Down.')]);
    const controller = new AbortController();
    await followUnreadCount({
      signal: controller.signal,
      onCount: () => {},
      wait: async () => controller.abort(),
    });
    expect(calls).toHaveLength(1);
  });
});
