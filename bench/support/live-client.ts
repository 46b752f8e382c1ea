import { Worker } from 'node:worker_threads';

/**
 * Calls and live notification streams from a thread of their own, so that a server measured
 * in the benchmark's process does not share its event loop with them (as `http-client.ts`,
 * which only GETs over one connection): a browser never runs in the server's process. It
 * makes single calls of any method, and keeps server-sent event streams of
 * GET /api/notification/events open (fetch, each with its own headers), and times from one
 * call to the next `event: count` of every stream on the worker's own clock. The worker is
 * plain JavaScript (fetch only), so it needs no loader.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const base = 'http://127.0.0.1:' + workerData.port;
const COUNT = /event: count\\ndata: (\\{[^\\n]*\\})\\n\\n/;
const streams = [];

async function call({ method, path, headers, body }) {
  const started = performance.now();
  const res = await fetch(base + path, {
    method,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body,
  });
  const text = await res.text();
  return { status: res.status, elapsed: performance.now() - started, body: text };
}

/** Reads a stream for good; each count event resolves the stream's waiter, if any. */
async function pump(stream, reader) {
  const decoder = new TextDecoder();
  let buffered = '';
  for (;;) {
    let chunk;
    try {
      chunk = await reader.read();
    } catch {
      return;
    }
    if (chunk.done) return;
    const at = performance.now();
    buffered += decoder.decode(chunk.value, { stream: true });
    for (let match = COUNT.exec(buffered); match; match = COUNT.exec(buffered)) {
      buffered = buffered.slice(match.index + match[0].length);
      const event = { at, unread: JSON.parse(match[1]).unread };
      stream.events += 1;
      const waiter = stream.waiter;
      stream.waiter = undefined;
      if (waiter) waiter(event);
      else stream.early.push(event);
    }
  }
}

/** The stream's next count event (or the one that came before anyone asked). */
function nextCount(stream, timeoutMs) {
  const early = stream.early.shift();
  if (early) return Promise.resolve(early);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      stream.waiter = undefined;
      resolve(null);
    }, timeoutMs);
    stream.waiter = (event) => {
      clearTimeout(timer);
      resolve(event);
    };
  });
}

async function openStream(headers) {
  const controller = new AbortController();
  const res = await fetch(base + '/api/notification/events', { headers, signal: controller.signal });
  if (res.status !== 200) throw new Error('stream: ' + res.status + ' ' + (await res.text()));
  const stream = { controller, waiter: undefined, early: [], events: 0 };
  streams.push(stream);
  void pump(stream, res.body.getReader());
  return stream;
}

const handlers = {
  call,
  /** Opens one stream per headers, all at once; answers each one's first unread count. */
  async open({ headerList, timeoutMs }) {
    const opened = await Promise.all(headerList.map(openStream));
    const first = await Promise.all(opened.map((s) => nextCount(s, timeoutMs)));
    if (first.some((e) => e === null)) throw new Error('a stream sent no first count');
    return { unread: first.map((e) => e.unread) };
  },
  /**
   * Makes the call and waits for the next count event of every open stream: the time from
   * the call's start to each stream's event (null: none within the timeout).
   */
  async watch({ request, timeoutMs }) {
    for (const s of streams) s.early.length = 0;
    const started = performance.now();
    const waits = streams.map((s) => nextCount(s, timeoutMs));
    const response = await call(request);
    const events = await Promise.all(waits);
    return {
      response,
      latencies: events.map((e) => (e ? e.at - started : null)),
      unread: events.map((e) => (e ? e.unread : null)),
    };
  },
  async closeStreams() {
    for (const s of streams.splice(0)) s.controller.abort();
    return {};
  },
};

parentPort.on('message', ({ id, op, input }) => {
  handlers[op](input).then(
    (value) => parentPort.postMessage({ id, value }),
    (error) => parentPort.postMessage({ id, error: String(error && error.stack || error) }),
  );
});
`;

export interface LiveRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  headers: Record<string, string>;
  /** JSON text; sent as application/json. */
  body?: string;
}

export interface LiveResponse {
  status: number;
  /** Wall time at the client: request started → last byte read. */
  elapsed: number;
  body: string;
}

export interface Watched {
  response: LiveResponse;
  /** Per open stream: the call's start → that stream's next count event; null when none came. */
  latencies: (number | null)[];
  /** Per open stream: the unread count that event carried. */
  unread: (number | null)[];
}

interface Reply {
  id: number;
  value?: unknown;
  error?: string;
}

export function liveClient(port: number) {
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { port } });
  const waiting = new Map<number, (reply: Reply) => void>();
  let next = 0;
  worker.on('message', (reply: Reply) => {
    waiting.get(reply.id)?.(reply);
    waiting.delete(reply.id);
  });
  const ask = <T>(op: string, input: unknown): Promise<T> => {
    const id = next++;
    return new Promise((resolve, reject) => {
      waiting.set(id, (reply) => {
        if (reply.error !== undefined) reject(new Error(`${op}: ${reply.error}`));
        else resolve(reply.value as T);
      });
      worker.postMessage({ id, op, input });
    });
  };
  return {
    call: (request: LiveRequest) => ask<LiveResponse>('call', request),
    /** Opens a notification stream per headers; resolves with each one's first unread count. */
    openStreams: (headerList: Record<string, string>[], timeoutMs = 60_000) =>
      ask<{ unread: number[] }>('open', { headerList, timeoutMs }),
    /** The call, and the time from its start to every open stream's next count event. */
    watch: (request: LiveRequest, timeoutMs = 30_000) =>
      ask<Watched>('watch', { request, timeoutMs }),
    closeStreams: () => ask<unknown>('closeStreams', {}),
    close: () => worker.terminate(),
  };
}
