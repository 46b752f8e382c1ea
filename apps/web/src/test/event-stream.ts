/**
 * A text/event-stream answer for component and unit tests: the test writes to it as the
 * server would (chunks may split lines or characters), and may end it.
 */
export interface FakeEventStream {
  response: Response;
  /** Sends text as it is, or bytes (to split a character across reads). */
  send: (chunk: string | Uint8Array) => void;
  end: () => void;
  /** True once the reader cancelled it (the app aborted the stream). */
  isCancelled: () => boolean;
}

export function fakeEventStream(): FakeEventStream {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let cancelled = false;
  let ended = false;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel() {
      cancelled = true;
    },
  });
  return {
    response: new Response(body, {
      status: 200,
      headers: { 'content-type': 'text/event-stream; charset=utf-8' },
    }),
    send: (chunk) => {
      if (cancelled || ended) return;
      controller?.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
    },
    end: () => {
      if (cancelled || ended) return;
      ended = true;
      controller?.close();
    },
    isCancelled: () => cancelled,
  };
}

/** The server's count event (spec §3 count.unread). */
export const countEvent = (unread: number) => `event: count\ndata: {"unread":${unread}}\n\n`;
