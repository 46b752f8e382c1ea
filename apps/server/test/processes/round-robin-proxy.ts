import http from 'node:http';

export interface RoundRobinProxy {
  url: string;
  /** The backend (index into the list) each request went to, in order. */
  picks: number[];
  /** The backend the next request goes to. */
  next(): number;
  close(): Promise<void>;
}

/**
 * A small load balancer on 127.0.0.1: each request goes to the next backend in turn, its body
 * and its answer streamed through as they come (server-sent events included).
 */
export async function startRoundRobinProxy(backends: readonly string[]): Promise<RoundRobinProxy> {
  let turn = 0;
  const picks: number[] = [];
  const server = http.createServer((req, res) => {
    const index = turn++ % backends.length;
    picks.push(index);
    const target = new URL(req.url ?? '/', backends[index]);
    const upstream = http.request(
      target,
      { method: req.method, headers: { ...req.headers, host: target.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    picks,
    next: () => turn % backends.length,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
