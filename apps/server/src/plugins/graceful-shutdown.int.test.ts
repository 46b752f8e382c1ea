import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { PreviewInfo } from '@listina/contract';
import { multipartBody } from '../../test/factories';
import {
  exited,
  signInOver,
  startServer,
  type ServerProcess,
} from '../../test/faults/server-process';
import { uploadDocumentOver } from '../../test/upload';

/**
 * Issue 9: SIGTERM lets the requests in flight finish (an upload still being sent, a download
 * still being read), refuses new connections, ends the notification streams and idle
 * kept-alive connections at once, and the process exits 0. The real server (main.ts) in a
 * process of its own, every client on kept-alive connections as a browser's.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'listina-shutdown-'));
let server: ServerProcess | undefined;
const ENV = { DATA_DIR: dataDir, SEED_DEMO: '1', CAPTURE_WORKERS: '0' };
const agent = new http.Agent({ keepAlive: true });

afterAll(async () => {
  agent.destroy();
  if (server?.child.exitCode === null) await server.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A PDF of `size` bytes whose every byte counts: a cut-off copy has another hash. */
function bigPdf(size: number, seed: string): Buffer {
  const head = Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${seed}\n`);
  const tail = Buffer.from('\n%%EOF\n');
  const body = Buffer.alloc(size - head.length - tail.length);
  for (let i = 0; i < body.length; i++) body[i] = 0x61 + ((i * 7 + seed.length) % 26);
  return Buffer.concat([head, body, tail]);
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

interface Answer {
  status: number;
  body: Buffer;
}

/** A request whose body the test writes itself, part by part. */
function openRequest(url: string, options: http.RequestOptions) {
  const request = http.request(url, { agent, ...options });
  const answer = new Promise<Answer>((resolve, reject) => {
    request.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    request.on('error', reject);
  });
  return { request, answer };
}

/** Resolves once connecting to the port is refused: the server no longer listens. */
async function refused(port: number): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    const code = await new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve('connected');
      });
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    if (code === 'ECONNREFUSED') return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the server still accepts connections');
}

const closed = (socket: net.Socket) =>
  new Promise<void>((resolve) => {
    if (socket.destroyed) resolve();
    else socket.once('close', () => resolve());
  });

/** Uploads a document of one main file; its file as the preview lists it. */
async function uploadBig(url: string, headers: Record<string, string>, content: Buffer) {
  const res = await uploadDocumentOver(
    url,
    headers,
    { filename: 'large.pdf', content },
    { number: `BIG-${sha256(content).slice(0, 8)}` },
  );
  const text = await res.text();
  expect(res.status, text).toBe(201);
  const [file] = (JSON.parse(text) as { preview: PreviewInfo }).preview.files;
  if (!file) throw new Error(`no file: ${text}`);
  return file;
}

describe('graceful shutdown', () => {
  it(
    'finishes requests in flight, refuses new ones, ends streams and idle connections, exits 0',
    { timeout: 180_000 },
    async () => {
      // A grace period longer than the test: the stop must not need the cut-off.
      server = await startServer({ ...ENV, SHUTDOWN_GRACE_MS: '600000' });
      const { url, child } = server;
      const port = Number(new URL(url).port);
      const headers = await signInOver(url);

      // A file large enough that its download cannot sit whole in the sockets' buffers.
      const download = bigPdf(16 * 1024 * 1024, 'download');
      const file = await uploadBig(url, headers, download);

      // In flight 1: a download whose reader has stopped reading.
      const reading = await new Promise<http.IncomingMessage>((resolve, reject) => {
        http.get(`${url}${file.url}`, { agent }, resolve).on('error', reject);
      });
      reading.pause();

      // In flight 2: an upload whose body is half sent.
      const upload = bigPdf(2 * 1024 * 1024, 'upload');
      const sent = multipartBody([
        { name: 'json', value: JSON.stringify({ number: 'SHUTDOWN-2' }) },
        { name: 'main', filename: 'in-flight.pdf', content: upload },
      ]);
      const second = openRequest(`${url}/api/uploadDoc`, {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': sent.contentType,
          'content-length': sent.payload.length,
        },
      });
      const half = Math.floor(sent.payload.length / 2);
      await new Promise((resolve) => second.request.write(sent.payload.subarray(0, half), resolve));

      // A notification stream, and a kept-alive connection with nothing in flight.
      const stream = await new Promise<net.Socket>((resolve, reject) => {
        http
          .get(`${url}/api/notification/events`, { agent, headers }, (res) => {
            const socket = res.socket;
            res.once('data', () => resolve(socket));
            res.resume();
          })
          .on('error', reject);
      });
      const idle = await new Promise<net.Socket>((resolve, reject) => {
        http
          .get(`${url}/api/health`, { agent }, (res) => {
            const socket = res.socket;
            res.resume();
            // Back with the agent, kept open for the next request.
            res.on('end', () => setImmediate(() => resolve(socket)));
          })
          .on('error', reject);
      });

      child.kill('SIGTERM');
      await refused(port);
      await closed(stream);
      await closed(idle);
      expect(child.exitCode).toBeNull();

      // The download, read to its end, is the whole file.
      const chunks: Buffer[] = [];
      reading.on('data', (chunk: Buffer) => chunks.push(chunk));
      const downloaded = new Promise<void>((resolve) => reading.on('end', resolve));
      reading.resume();
      await downloaded;
      expect(reading.statusCode).toBe(200);
      expect(sha256(Buffer.concat(chunks))).toBe(sha256(download));

      // The upload, sent to its end, is answered and committed.
      second.request.end(sent.payload.subarray(half));
      const secondAnswer = await second.answer;
      expect(secondAnswer.status, secondAnswer.body.toString()).toBe(201);
      const { item } = JSON.parse(secondAnswer.body.toString()) as { item: { key: string } };

      await exited(child);
      expect(child.exitCode, server.output()).toBe(0);
      expect(server.output()).not.toMatch(/cut off/);

      // After a restart the document is there with the whole of its file.
      server = await startServer(ENV);
      const again = await signInOver(server.url);
      const info = await fetch(`${server.url}/api/doc/${item.key}/preview.info`, {
        method: 'POST',
        headers: again,
      });
      expect(info.status).toBe(200);
      const [kept] = ((await info.json()) as PreviewInfo).files;
      expect(kept?.sha256).toBe(sha256(upload));
      const content = Buffer.from(
        await (await fetch(`${server.url}${kept?.url ?? ''}`)).arrayBuffer(),
      );
      expect(sha256(content)).toBe(sha256(upload));
      await server.stop();
      expect(server.child.exitCode).toBe(0);
    },
  );

  it(
    'cuts off a request still running after SHUTDOWN_GRACE_MS, and still exits 0',
    { timeout: 120_000 },
    async () => {
      server = await startServer({ ...ENV, SHUTDOWN_GRACE_MS: '1000' });
      const { url, child } = server;
      const headers = await signInOver(url);
      const file = await uploadBig(url, headers, bigPdf(16 * 1024 * 1024, 'stalled'));
      // A reader that stops reading its download and never goes on: the answer is in flight.
      const reading = await new Promise<http.IncomingMessage>((resolve, reject) => {
        http.get(`${url}${file.url}`, { agent }, resolve).on('error', reject);
      });
      reading.pause();
      child.kill('SIGTERM');
      await exited(child);
      expect(child.exitCode, server.output()).toBe(0);
      expect(server.output()).toMatch(/cut off/);
      // What it reads afterwards ends short of the file.
      let received = 0;
      const ended = new Promise<void>((resolve) => {
        reading.on('close', resolve);
        reading.on('error', () => undefined);
      });
      reading.on('data', (chunk: Buffer) => (received += chunk.length));
      reading.resume();
      await ended;
      expect(received).toBeLessThan(file.size);
    },
  );
});
