import type http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { httpClient } from './http-client';
import { median, percentile } from './stats';

/**
 * The app listening on the loopback, with the server's own time of the last call: from the
 * request's arrival to the answer handed to the socket (the response's 'finish').
 */
export async function serveForBench(app: FastifyInstance) {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  let inServer = 0;
  app.server.prependListener('request', (_request: http.IncomingMessage, response) => {
    const started = performance.now();
    response.on('finish', () => (inServer = performance.now() - started));
  });
  return {
    port: address.port,
    client: (headers: Record<string, string>) => httpClient(address.port, headers),
    lastInServer: () => inServer,
  };
}

export interface ListCall {
  name: string;
  url: string;
}

/**
 * Each call `warmUp` times round, then `runs` times one after another: rows of name, items in
 * the answer, client p50 and p95, in-server p50 (ms, one decimal).
 */
export async function timeListCalls(
  client: ReturnType<typeof httpClient>,
  lastInServer: () => number,
  calls: ListCall[],
  runs: number,
  warmUp: number,
): Promise<string[][]> {
  for (let i = 0; i < warmUp; i++) for (const c of calls) await client.get(c.url);
  const rows: string[][] = [];
  for (const c of calls) {
    const wall: number[] = [];
    const own: number[] = [];
    let answered = 0;
    for (let i = 0; i < runs; i++) {
      const res = await client.get(c.url);
      if (res.status !== 200) throw new Error(`${c.url}: ${res.status} ${res.body}`);
      wall.push(res.elapsed);
      own.push(lastInServer());
      answered = (JSON.parse(res.body) as { items: unknown[] }).items.length;
    }
    rows.push([
      c.name,
      String(answered),
      median(wall).toFixed(1),
      percentile(wall, 95).toFixed(1),
      median(own).toFixed(1),
    ]);
  }
  return rows;
}
