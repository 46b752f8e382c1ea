import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/factories';

/**
 * Issue 9: a client that never finishes its headers or its body (slowloris) is cut off with
 * 408 by the server's deadlines, and the others are served meanwhile. A real socket against
 * the server listening on 127.0.0.1, with deadlines of a second or two instead of minutes.
 */
let t: TestApp;
let port = 0;

beforeAll(async () => {
  t = await createTestApp({ HEADERS_TIMEOUT_MS: '1000', REQUEST_TIMEOUT_MS: '2000' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(() => t.close());

interface Ended {
  /** What the server sent before it closed the connection. */
  answer: string;
  /** Drips written before that. */
  drips: number;
}

/** Sends `start`, then `drip` every 200 ms until the server closes the connection. */
function slowClient(start: string, drip?: string): Promise<Ended> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let drips = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      socket.write(start);
      if (drip !== undefined) {
        timer = setInterval(() => {
          if (!socket.writable) return;
          socket.write(drip);
          drips++;
        }, 200);
      }
    });
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    // A write racing the close may fail; the answer read so far is what counts.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, drips });
    });
    socket.setTimeout(30_000, () => {
      socket.destroy();
      reject(new Error(`the server kept the connection open; it sent: ${answer}`));
    });
  });
}

const statusLine = (answer: string) => answer.split('\r\n')[0];

describe('request deadlines', () => {
  it('cuts off a client that sends its headers one at a time and never ends them', async () => {
    const ended = await slowClient(
      'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n',
      'X-Drip: 1\r\n',
    );
    expect(statusLine(ended.answer)).toBe('HTTP/1.1 408 Request Timeout');
    expect(ended.drips).toBeGreaterThan(0);
  });

  it('cuts off a client that connects and sends nothing', async () => {
    const ended = await slowClient('');
    expect(statusLine(ended.answer)).toBe('HTTP/1.1 408 Request Timeout');
  });

  it('cuts off a client that sends its body a byte at a time and never ends it', async () => {
    const ended = await slowClient(
      'POST /api/client-error HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"message":"',
      'x',
    );
    expect(statusLine(ended.answer)).toBe('HTTP/1.1 408 Request Timeout');
    expect(ended.drips).toBeGreaterThan(0);
  });

  it('serves other clients while slow ones hang', async () => {
    const slow = slowClient('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n', 'X-Drip: 1\r\n');
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok' });
    expect(statusLine((await slow).answer)).toBe('HTTP/1.1 408 Request Timeout');
  });

  it('sets the server deadlines from the configuration', () => {
    const server = t.app.server;
    expect(server.headersTimeout).toBe(1000);
    expect(server.requestTimeout).toBe(2000);
    expect(server.keepAliveTimeout).toBe(72_000);
    expect(server.timeout).toBe(120_000);
  });
});
