import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../..');
export const serverDir = path.join(repoRoot, 'apps/server');
/** tsx, for the phase breakdown that runs the sources (support/start-phases.ts). */
export const tsxBin = path.join(repoRoot, 'node_modules/.bin/tsx');
/** The server step of `npm start` (`npm run serve`): the bundle that `npm run build` makes. */
export const serverBundle = path.join(serverDir, 'dist/main.js');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export function tempDataDir(label: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `listina-bench-${label}-`));
}

export interface StartedServer {
  url: string;
  /** Wall time from spawn to the first 200 of GET /api/health. */
  startMs: number;
  /** The server's own "ready in N ms" (config read → listening), if printed. */
  readyMs: number | undefined;
  /** CPU time (user + system) the server's processes used until then; Linux only. */
  cpuMs: number | undefined;
  /** The server process (node), e.g. to sample its CPU time and memory. */
  pid: number | undefined;
  stop(): Promise<void>;
}

/** The environment of a benchmarked server: embedded database, no SMTP, quiet log. */
export function serverEnv(port: number, dataDir: string, extra: Record<string, string> = {}) {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SMTP_URL: '',
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

/**
 * Spawns the real server as `npm run serve` does (minus npm itself) and polls its health
 * every 20 ms until the first 200.
 */
export async function startServer(options: {
  dataDir: string;
  env?: Record<string, string>;
  timeoutMs?: number;
  /** Options for node itself, before the bundle (e.g. --cpu-prof). */
  nodeArgs?: string[];
  /** A lower CPU priority (nice 1–19), e.g. for a process of background jobs. */
  nice?: number;
}): Promise<StartedServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  if (!fs.existsSync(serverBundle))
    throw new Error('run `npm run build` first: no apps/server/dist');
  // Its own process group, so stop() ends it and anything it started.
  const command = [process.execPath, ...(options.nodeArgs ?? []), serverBundle];
  if (options.nice) command.unshift('nice', '-n', String(options.nice));
  const [file = process.execPath, ...args] = command;
  const child = spawn(file, args, {
    cwd: serverDir,
    env: serverEnv(port, options.dataDir, options.env),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));

  const deadline = started + (options.timeoutMs ?? 60_000);
  let startMs: number | undefined;
  while (startMs === undefined) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    if (performance.now() > deadline) {
      await stopGroup(child, exited);
      throw new Error(`server not healthy within the timeout:\n${output}`);
    }
    if (await isHealthy(url)) startMs = performance.now() - started;
    else await sleep(20);
  }
  const cpuMs = child.pid === undefined ? undefined : processTreeCpuMs(child.pid);
  const ready = /ready in (\d+) ms/.exec(output);
  return {
    url,
    startMs,
    readyMs: ready ? Number(ready[1]) : undefined,
    cpuMs,
    pid: child.pid,
    stop: () => stopGroup(child, exited),
  };
}

/**
 * CPU time of a process and its descendants from /proc (utime + stime, in clock ticks of
 * 10 ms). Unlike wall time it hardly changes when other work shares the cores.
 */
function processTreeCpuMs(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    const children = fs
      .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(' ')
      .filter(Boolean)
      .map(Number);
    return ticks * 10 + children.reduce((sum, child) => sum + (processTreeCpuMs(child) ?? 0), 0);
  } catch {
    return undefined;
  }
}

async function isHealthy(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/api/health`);
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

/** SIGTERM lets the server close PGlite and release the data directory's lock. */
async function stopGroup(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null) return;
  process.kill(-child.pid, 'SIGTERM');
  const timer = setTimeout(() => {
    if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
  }, 15_000);
  await exited;
  clearTimeout(timer);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function removeDir(dir: string) {
  fs.rmSync(dir, { recursive: true, force: true });
}
