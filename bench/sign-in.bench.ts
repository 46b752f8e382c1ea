/**
 * Sign-in latency: POST /api/account/login for the demo user, first one request at a time,
 * then many in flight at once; then refusals: a wrong password for demo beside an unknown
 * user, which should cost about the same (the login never reveals whether a user exists).
 *
 *   npm run bench:sign-in -w @listina/bench -- --sequential 50 --concurrent 20 --rounds 5
 *   npm run bench:sign-in -w @listina/bench -- --url http://127.0.0.1:3000
 *     (a server you started; its LOGIN_RATE_MAX_PER_USER and _PER_ADDRESS must allow the
 *     refused tries)
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

async function login(
  url: string,
  username: string,
  expected: number,
  password = 'listina-demo',
): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${url}/api/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, lang: 'en-gb' }),
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
    // The refusals below count towards the login limits: lift them out of the way.
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

    const serial = (username: string, expected: number, password?: string) => async () => {
      const samples: number[] = [];
      for (let i = 0; i < sequential; i++) {
        samples.push(await login(target, username, expected, password));
      }
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
    const [wrongSamples, wrongWall] = await timed(serial('demo', 401, 'not-the-password'));
    const [unknownSamples, unknownWall] = await timed(serial('nobody-at-all', 401));

    console.log(
      markdownTable(
        ['POST /api/account/login', 'requests', 'p50', 'p95', 'max', 'throughput'],
        [
          row('demo, one at a time', seqSamples, seqWall),
          row(`demo, ${concurrent} in flight`, parSamples, parWall),
          row('demo, wrong password, one at a time (401)', wrongSamples, wrongWall),
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
