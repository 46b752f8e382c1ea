import { Worker } from 'node:worker_threads';

/**
 * An HTTP client on a thread of its own, so that a server measured in the benchmark's process
 * does not share its event loop with the client: a browser never runs in the server's
 * process. One kept-alive connection; calls go one at a time. The worker is plain JavaScript
 * (node:http only), so it needs no loader.
 */
const WORKER_SOURCE = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
parentPort.on('message', ({ id, path }) => {
  const started = performance.now();
  const request = http.get(
    { host: '127.0.0.1', port: workerData.port, path, headers: workerData.headers, agent },
    (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => {
        const elapsed = performance.now() - started;
        const body = Buffer.concat(chunks);
        parentPort.postMessage({ id, status: res.statusCode, elapsed, body: body.toString('utf8') });
      });
    },
  );
  request.on('error', (error) => parentPort.postMessage({ id, error: String(error) }));
});
`;

export interface ClientResponse {
  status: number;
  /** Wall time at the client: request written → last byte read. */
  elapsed: number;
  body: string;
}

interface Reply extends Partial<ClientResponse> {
  id: number;
  error?: string;
}

export function httpClient(port: number, headers: Record<string, string>) {
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { port, headers } });
  const waiting = new Map<number, (reply: Reply) => void>();
  let next = 0;
  worker.on('message', (reply: Reply) => {
    waiting.get(reply.id)?.(reply);
    waiting.delete(reply.id);
  });
  return {
    get(path: string): Promise<ClientResponse> {
      const id = next++;
      return new Promise((resolve, reject) => {
        waiting.set(id, (reply) => {
          if (reply.error !== undefined) reject(new Error(`${path}: ${reply.error}`));
          else
            resolve({
              status: reply.status ?? 0,
              elapsed: reply.elapsed ?? 0,
              body: reply.body ?? '',
            });
        });
        worker.postMessage({ id, path });
      });
    },
    close: () => worker.terminate(),
  };
}
