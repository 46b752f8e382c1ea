/**
 * Sign-in latency: POST /api/account/login for the demo user, first one request at a time,
 * then many in flight at once; also the answer for an unknown user, which must cost about
 * the same (the login never reveals whether a user exists).
 *
 *   npm run bench:sign-in -- --sequential 50 --concurrent 20 --rounds 5
 *   npm run bench:sign-in -- --url http://127.0.0.1:3000   (a server started by you; its
 *     LOGIN_RATE_MAX_PER_ADDRESS must allow the unknown-user failures)
 */
import { parseArgs } from 'node:util';
import { removeDir, startServer, tempDataDir, type StartedServer } from './support/server';
import { machine, markdownTable, max, ms, percentile } from './support/stats';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    sequential: { type: 'string', default: '50' },
    concurrent: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '5' },
  },
});
const sequential = Number(args.sequential);
const concurrent = Number(args.concurrent);
const rounds = Number(args.rounds);

async function login(url: string, username: string, expected: number): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${url}/api/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'listina-demo', lang: 'en-gb' }),
  });
  await response.arrayBuffer();
  const elapsed = performance.now() - started;
  if (response.status !== expected) {
    throw new Error(`login of ${username} answered ${response.status}, expected ${expected}`);
  }
  return elapsed;
}

function row(name: string, samples: number[], wallMs: number): string[] {
  return [
    name,
    String(samples.length),
    ms(percentile(samples, 50)),
    ms(percentile(samples, 95)),
    ms(max(samples)),
    `${((samples.length / wallMs) * 1000).toFixed(1)}/s`,
  ];
}

async function timed(run: () => Promise<number[]>): Promise<[number[], number]> {
  const started = performance.now();
  const samples = await run();
  return [samples, performance.now() - started];
}

async function main() {
  let server: StartedServer | undefined;
  let dataDir: string | undefined;
  let url = args.url;
  if (!url) {
    dataDir = tempDataDir('sign-in');
    // Successful logins never count towards the limit; unknown-user failures do.
    server = await startServer({
      dataDir,
      env: {
        SEED_DEMO: '1',
        LOGIN_RATE_MAX_PER_USER: '1000000',
        LOGIN_RATE_MAX_PER_ADDRESS: '1000000',
      },
    });
    url = server.url;
  }
  const target = url;
  try {
    console.log(
      `Sign-in latency against ${target}: ${sequential} sequential, ` +
        `${rounds} rounds of ${concurrent} concurrent\n${machine()}\n`,
    );
    for (let i = 0; i < 5; i++) await login(target, 'demo', 200); // warm-up: JIT, pools

    const serial = (username: string, expected: number) => async () => {
      const samples: number[] = [];
      for (let i = 0; i < sequential; i++) samples.push(await login(target, username, expected));
      return samples;
    };
    const parallel = async () => {
      const samples: number[] = [];
      for (let r = 0; r < rounds; r++) {
        const batch = Array.from({ length: concurrent }, () => login(target, 'demo', 200));
        samples.push(...(await Promise.all(batch)));
      }
      return samples;
    };

    const [seqSamples, seqWall] = await timed(serial('demo', 200));
    const [parSamples, parWall] = await timed(parallel);
    const [unknownSamples, unknownWall] = await timed(serial('nobody-at-all', 401));

    console.log(
      markdownTable(
        ['POST /api/account/login', 'requests', 'p50', 'p95', 'max', 'throughput'],
        [
          row('demo, one at a time', seqSamples, seqWall),
          row(`demo, ${concurrent} in flight`, parSamples, parWall),
          row('unknown user, one at a time (401)', unknownSamples, unknownWall),
        ],
      ),
    );
  } finally {
    await server?.stop();
    if (dataDir) removeDir(dataDir);
  }
}

await main();
