import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { REPO_ROOT } from '../../src/lib/paths';

/** A port nobody listens on right now, on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** What it printed so far, for a failure's message. */
  output(): string;
  /** SIGKILL: no shutdown code runs, as when the machine loses power or the OOM killer strikes. */
  kill(): Promise<void>;
  /** SIGTERM and wait: the normal stop. */
  stop(): Promise<void>;
}

/** Resolves once the process has ended (also when it already had). */
export const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

/**
 * The real server (main.ts through tsx, as `npm run dev` runs it) in a process of its own,
 * on a free port; resolves once GET /api/health answers 200. `env` is added to the test's
 * environment (DATA_DIR, DATABASE_URL, ...).
 */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      WEB_DIST: path.join(dataDir, 'no-web'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    url,
    child,
    output: () => output,
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
  for (let waited = 0; waited < 90_000; waited += 100) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return server;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await server.kill();
  throw new Error(`server did not start: ${output}`);
}

/** Signs in over HTTP; the headers of a member acting in its first organisation. */
export async function signInOver(
  url: string,
  username = 'demo',
  password = 'listina-demo',
): Promise<Record<string, string>> {
  const res = await fetch(`${url}/api/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  const token = (await res.json()) as { apikey: string; organizations: { id: string }[] };
  return { authorization: token.apikey, 'organization-id': token.organizations[0]?.id ?? '' };
}
