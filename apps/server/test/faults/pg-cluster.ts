import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './server-process';

const run = promisify(execFile);

/** Where Debian's postgresql-15 puts its programs (as .ci/run uses them); PG_BIN overrides. */
export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** Whether this machine can start a PostgreSQL server of its own. */
export const postgresInstalled = () => fs.existsSync(path.join(PG_BIN, 'initdb'));

/**
 * Whether a test that needs a PostgreSQL server of its own runs here. Where DATABASE_URL is
 * set (CI's "Server tests on PostgreSQL 15" step, which installs the binaries) it must: a
 * missing PG_BIN fails the test with a message saying so. Under a plain `npm test` on a
 * machine without PostgreSQL it is skipped, as that command promises to need nothing but Node.
 */
export function ownPostgresRequired(): boolean {
  const required = postgresInstalled() || Boolean(process.env.DATABASE_URL);
  if (!required)
    console.warn(`Skipped: no PostgreSQL 15 at ${PG_BIN} (install postgresql-15 or set PG_BIN).`);
  return required;
}

export interface Cluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  start(): Promise<void>;
  /** pg_ctl stop: 'immediate' kills the backends (as a crash would), 'fast' ends them cleanly. */
  stop(mode?: 'immediate' | 'fast'): Promise<void>;
  /**
   * SIGSTOP to the server and all its processes: it still accepts connections (the kernel
   * does) but answers nothing, as a paused VM or a cut-off network. thaw() resumes it.
   */
  freeze(): void;
  thaw(): void;
  /** Stops the server (if running) and removes its directory. */
  destroy(): Promise<void>;
  /** The server's log, for a failure's message. */
  log(): string;
}

/**
 * A PostgreSQL 15 server owned by one test: initdb in a temporary directory, listening on
 * 127.0.0.1 at a free port. PostgreSQL refuses to run as root, so as root it runs as the
 * user postgres, as .ci/run does.
 */
export async function createCluster(): Promise<Cluster> {
  if (!postgresInstalled()) {
    throw new Error(
      `PostgreSQL 15 is not installed: no ${path.join(PG_BIN, 'initdb')}. ` +
        'Install postgresql-15 (Debian) or set PG_BIN to the folder of initdb and pg_ctl.',
    );
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'listina-pg-'));
  fs.chmodSync(dir, 0o755);
  const data = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) await run('chown', ['postgres:postgres', dir]);
  const pg = async (program: string, args: string[]) => {
    const command = [path.join(PG_BIN, program), ...args];
    if (!asRoot) return run(command[0] ?? '', command.slice(1));
    const quoted = command.map((part) => `'${part.replace(/'/g, `'\\''`)}'`).join(' ');
    return run('su', ['postgres', '-s', '/bin/sh', '-c', quoted]);
  };
  const port = await freePort();
  let running = false;
  let frozen = false;
  /** The postmaster (first line of postmaster.pid) and its children, from /proc. */
  const processes = () => {
    const postmaster = Number(
      fs.readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0],
    );
    const children = fs
      .readFileSync(`/proc/${postmaster}/task/${postmaster}/children`, 'utf8')
      .trim()
      .split(' ')
      .filter(Boolean)
      .map(Number);
    return [postmaster, ...children];
  };
  await pg('initdb', [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
  ]);
  // A backend whose client was killed stops at its next check instead of running on.
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c client_connection_check_interval=1000`;
  const cluster: Cluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      await pg('pg_ctl', ['-D', data, '-l', logFile, '-o', options, '-w', 'start']);
      running = true;
    },
    async stop(mode = 'immediate') {
      await pg('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
      running = false;
    },
    freeze() {
      for (const pid of processes()) process.kill(pid, 'SIGSTOP');
      frozen = true;
    },
    thaw() {
      for (const pid of processes()) process.kill(pid, 'SIGCONT');
      frozen = false;
    },
    async destroy() {
      if (frozen) cluster.thaw();
      if (running) await cluster.stop().catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    },
    log: () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : ''),
  };
  await cluster.start();
  return cluster;
}
