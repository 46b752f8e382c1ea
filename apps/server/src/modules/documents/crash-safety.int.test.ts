import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { PreviewInfo } from '@listina/contract';
import { REPO_ROOT } from '../../lib/paths';
import { multipartBody } from '../../../test/factories';

/**
 * Issue 5: SIGKILL the server during a loop of uploads; after a restart no row points to a
 * missing file and no committed document is lost. The real server (main.ts, through tsx) on
 * the embedded database in a data directory of its own, as `npm start` runs it, whatever
 * database the rest of the suite uses: the embedded one is the one that dies with the process.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'listina-crash-'));
let server: ChildProcess | undefined;

afterAll(() => {
  if (server?.exitCode === null) server.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts the server and waits for its health check; its output is kept for a failure. */
async function start(): Promise<{ url: string; child: ChildProcess; output: () => string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(dataDir, 'no-web'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  for (let waited = 0; waited < 90_000; waited += 100) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, child, output: () => output };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not start: ${output}`);
}

/** Resolves once the process has ended (also when it already had). */
const exited = (child: ChildProcess) =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(undefined);
    else child.once('exit', resolve);
  });

async function signIn(url: string) {
  const res = await fetch(`${url}/api/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: 'listina-demo' }),
  });
  const token = (await res.json()) as { apikey: string; organizations: { id: string }[] };
  const organization = token.organizations[0]?.id ?? '';
  return { authorization: token.apikey, 'organization-id': organization };
}

/** A small PDF of its own: every upload is new content. */
const pdf = (n: number) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% upload ${n} ${'x'.repeat(n % 4096)}\n%%EOF\n`,
  );

describe('a server killed during uploads', () => {
  it(
    'loses no committed document and leaves no row without its file',
    { timeout: 120_000 },
    async () => {
      const first = await start();
      server = first.child;
      const headers = await signIn(first.url);
      const committed: string[] = [];
      let n = 0;
      let killed = false;
      const uploads = (async () => {
        while (!killed) {
          const { payload, contentType } = multipartBody([
            { name: 'main', filename: `crash-${n}.pdf`, content: pdf(n) },
            { name: 'json', value: JSON.stringify({ number: `CRASH-${n}` }) },
          ]);
          n++;
          try {
            const res = await fetch(`${first.url}/api/uploadDoc`, {
              method: 'POST',
              headers: { ...headers, 'content-type': contentType },
              body: payload,
            });
            if (res.status === 201)
              committed.push(((await res.json()) as { item: { key: string } }).item.key);
            else if (!killed) throw new Error(`upload ${n}: ${res.status} ${await res.text()}`);
          } catch (error) {
            if (!killed) throw error;
          }
        }
      })();
      while (committed.length < 15) await new Promise((resolve) => setTimeout(resolve, 20));
      killed = true;
      first.child.kill('SIGKILL');
      await uploads;
      await exited(first.child);

      const second = await start();
      server = second.child;
      const again = await signIn(second.url);
      const list = await fetch(`${second.url}/api/doc?count=1000&search=crash`, { headers: again });
      const keys = ((await list.json()) as { items: { key: string }[] }).items.map((d) => d.key);
      // Every document whose upload was answered is there; others may be too (committed, unanswered).
      expect(keys).toEqual(expect.arrayContaining(committed));
      for (const key of keys) {
        const info = await fetch(`${second.url}/api/doc/${key}/preview.info`, {
          method: 'POST',
          headers: again,
        });
        const preview = (await info.json()) as PreviewInfo;
        expect(preview.files, key).toHaveLength(1);
        for (const file of preview.files) {
          const content = Buffer.from(
            await (await fetch(`${second.url}${file.url}`)).arrayBuffer(),
          );
          expect(createHash('sha256').update(content).digest('hex'), file.name).toBe(file.sha256);
        }
      }
      second.child.kill('SIGTERM');
      await exited(second.child);
    },
  );
});
