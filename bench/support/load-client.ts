import http from 'node:http';
import { percentile } from './stats';

/**
 * The HTTP client of the load benchmark (bench/load.bench.ts): node:http with one kept-alive
 * agent whose pool holds a socket per virtual user, so that no call waits for another's
 * connection (a browser keeps its own connections too). Every answer is read to its end.
 */
export interface Answer {
  status: number;
  /** The body as text ('' for a network error). */
  body: string;
  ms: number;
  /** A network error (no status): its message. */
  error?: string;
}

export interface CallOptions {
  headers?: Record<string, string>;
  /** Sent as application/json. */
  json?: unknown;
  /** Sent as it is, with `headers` naming its type (a multipart body). */
  raw?: Buffer;
}

export function loadClient(baseUrl: string, sockets: number) {
  const url = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets, maxFreeSockets: sockets });
  function call(method: string, path: string, options: CallOptions = {}): Promise<Answer> {
    const body =
      options.json === undefined ? options.raw : Buffer.from(JSON.stringify(options.json));
    const headers: Record<string, string> = { ...options.headers };
    if (options.json !== undefined) headers['content-type'] = 'application/json';
    if (body) headers['content-length'] = String(body.length);
    const started = performance.now();
    return new Promise((resolve) => {
      const request = http.request(
        { host: url.hostname, port: url.port, method, path, headers, agent },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              body: Buffer.concat(chunks).toString('utf8'),
              ms: performance.now() - started,
            }),
          );
          response.on('error', (error) =>
            resolve({ status: 0, body: '', ms: performance.now() - started, error: error.message }),
          );
        },
      );
      request.on('error', (error) =>
        resolve({ status: 0, body: '', ms: performance.now() - started, error: error.message }),
      );
      request.end(body);
    });
  }
  return { call, close: () => agent.destroy() };
}

export type LoadClient = ReturnType<typeof loadClient>;

/** One call of the setup: its JSON answer, or an error naming the call and what came back. */
export async function expectOk<T>(answer: Promise<Answer>, what: string): Promise<T> {
  const a = await answer;
  if (a.status < 200 || a.status >= 300)
    throw new Error(`${what}: ${a.status || a.error} ${a.body.slice(0, 500)}`);
  return (a.body ? JSON.parse(a.body) : undefined) as T;
}

/**
 * Latencies by call type, and every failure (non-2xx or network error) by call and status.
 * Latencies count only while `measuring` is on (after the ramp-up); failures always count.
 */
export class Recorder {
  measuring = false;
  readonly latencies = new Map<string, number[]>();
  /** Bytes of the answers' bodies (as text), by call type, while measuring. */
  readonly bytes = new Map<string, number>();
  readonly failures = new Map<string, { count: number; sample: string }>();
  rampCalls = 0;

  record(call: string, answer: Answer): boolean {
    const ok = answer.status >= 200 && answer.status < 300;
    if (!ok) {
      const id = `${call} → ${answer.status || `network error (${answer.error ?? '?'})`}`;
      const seen = this.failures.get(id);
      if (seen) seen.count += 1;
      else this.failures.set(id, { count: 1, sample: answer.body.slice(0, 300) });
    }
    if (!this.measuring) {
      this.rampCalls += 1;
      return ok;
    }
    let list = this.latencies.get(call);
    if (!list) this.latencies.set(call, (list = []));
    list.push(answer.ms);
    this.bytes.set(call, (this.bytes.get(call) ?? 0) + Buffer.byteLength(answer.body));
    return ok;
  }

  /** Per call type and overall: count, p50, p95, p99, max (ms), slowest p95 first. */
  summary() {
    const row = (name: string, values: number[]) => ({
      name,
      count: values.length,
      kb: (this.bytes.get(name) ?? 0) / 1024 / Math.max(1, values.length),
      p50: percentile(values, 50),
      p95: percentile(values, 95),
      p99: percentile(values, 99),
      max: values.reduce((m, v) => Math.max(m, v), 0),
    });
    const rows = [...this.latencies].map(([name, values]) => row(name, values));
    rows.sort((a, b) => b.p95 - a.p95);
    const all = [...this.latencies.values()].flat();
    return { rows, overall: row('all calls', all) };
  }
}
