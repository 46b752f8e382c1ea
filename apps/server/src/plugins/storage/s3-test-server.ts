import { spawn } from 'node:child_process';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

/**
 * For tests: s3rver (an S3-compatible server from npm) on 127.0.0.1 behind a strict SigV4
 * gate. s3rver 3.7.1 accepts any V4 signature (jamhall/s3rver#659), so the gate checks what
 * real S3 checks: the signature, recomputed from the request as it arrived, and the body
 * against x-amz-content-sha256. Written apart from sigv4.ts so the two can disagree.
 */
export interface TestS3Server {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Every request the gate saw, "METHOD /path?query". */
  requests: string[];
  close(): Promise<void>;
}

/** The server's settings as environment variables of a Listina process (config.ts). */
export function s3StorageEnv(server: TestS3Server): Record<string, string> {
  return {
    STORAGE: 's3',
    S3_ENDPOINT: server.endpoint,
    S3_BUCKET: server.bucket,
    S3_REGION: server.region,
    S3_ACCESS_KEY_ID: server.accessKeyId,
    S3_SECRET_ACCESS_KEY: server.secretAccessKey,
  };
}

export async function startTestS3Server(): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'listina-s3rver-'));
  const bucket = 'listina-test';
  const upstream = await startS3rver(directory, bucket);
  const keys = {
    region: 'us-east-1',
    accessKeyId: 'LISTINATEST',
    secretAccessKey: randomBytes(20).toString('base64'),
  };
  const requests: string[] = [];
  const gate = http.createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const refusal = checkRequest(req, body, keys);
      if (refusal) return sendError(res, refusal);
      forward(req, body, upstream.port, res);
    });
  });
  await new Promise<void>((resolve) => gate.listen(0, '127.0.0.1', resolve));
  const { port } = gate.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    ...keys,
    requests,
    async close() {
      gate.closeAllConnections();
      await new Promise<void>((resolve) => gate.close(() => resolve()));
      await upstream.stop();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * s3rver in its own node: its continuation tokens use DES, which OpenSSL 3 offers only with
 * the legacy provider, and its logger hooks uncaught exceptions of the process it runs in.
 */
async function startS3rver(directory: string, bucket: string) {
  const script = `
    const S3rver = require(${JSON.stringify(createRequire(import.meta.url).resolve('s3rver'))});
    const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true,
      directory: process.argv[1], configureBuckets: [{ name: process.argv[2] }] });
    server.run().then((address) => console.log(JSON.stringify(address)));
    process.stdin.on('end', () => process.exit(0)).resume();`;
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', '-e', script, directory, bucket],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const [line] = (await Promise.race([
    once(readline.createInterface({ input: child.stdout }), 'line'),
    once(child, 'exit').then(() => Promise.reject(new Error('s3rver did not start'))),
  ])) as [string];
  const { port } = JSON.parse(line) as AddressInfo;
  return {
    port,
    async stop() {
      // Closing its stdin ends it, and would as well if this process died first.
      const exited = once(child, 'exit');
      child.stdin.end();
      await exited;
    },
  };
}

interface Refusal {
  status: number;
  code: string;
  message: string;
}

const AUTH =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

function checkRequest(
  req: http.IncomingMessage,
  body: Buffer,
  keys: { region: string; accessKeyId: string; secretAccessKey: string },
): Refusal | undefined {
  const match = AUTH.exec(req.headers.authorization ?? '');
  if (!match) return { status: 403, code: 'AccessDenied', message: 'Access Denied' };
  const [, accessKeyId = '', date = '', region = '', signedHeaders = '', signature = ''] = match;
  if (accessKeyId !== keys.accessKeyId || region !== keys.region) {
    return { status: 403, code: 'InvalidAccessKeyId', message: 'Unknown access key or region' };
  }
  const stamp = String(req.headers['x-amz-date'] ?? '');
  const when = Date.parse(
    stamp.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z'),
  );
  if (!stamp.startsWith(date) || !(Math.abs(Date.now() - when) < 15 * 60_000)) {
    return { status: 403, code: 'RequestTimeTooSkewed', message: 'Bad or skewed x-amz-date' };
  }
  const names = signedHeaders.split(';');
  if (!['host', 'x-amz-content-sha256', 'x-amz-date'].every((n) => names.includes(n))) {
    return { status: 403, code: 'AccessDenied', message: 'Required headers are not signed' };
  }
  const payloadHash = String(req.headers['x-amz-content-sha256']);
  const expected = expectedSignature(req, names, payloadHash, date, keys);
  if (!timingSafeEqual(Buffer.from(expected), Buffer.from(signature))) {
    return {
      status: 403,
      code: 'SignatureDoesNotMatch',
      message: 'The request signature we calculated does not match the signature you provided.',
    };
  }
  if (payloadHash !== createHash('sha256').update(body).digest('hex')) {
    return { status: 400, code: 'XAmzContentSHA256Mismatch', message: 'Body hash mismatch' };
  }
  return undefined;
}

function expectedSignature(
  req: http.IncomingMessage,
  names: string[],
  payloadHash: string,
  date: string,
  keys: { region: string; secretAccessKey: string },
): string {
  const [rawPath = '/', rawQuery = ''] = (req.url ?? '/').split('?');
  const encode = (s: string) =>
    encodeURIComponent(decodeURIComponent(s)).replace(
      /[!'()*]/g,
      (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
    );
  const query = rawQuery
    .split('&')
    .filter(Boolean)
    .map((p) => [p.split('=')[0] ?? '', p.split('=').slice(1).join('=')].map(encode).join('='))
    .sort()
    .join('&');
  const canonical = [
    req.method,
    rawPath.split('/').map(encode).join('/'),
    query,
    ...names.map((n) => `${n}:${String(req.headers[n] ?? '').trim()}`),
    '',
    names.join(';'),
    payloadHash,
  ].join('\n');
  const scope = `${date}/${keys.region}/s3/aws4_request`;
  const toSign = `AWS4-HMAC-SHA256\n${String(req.headers['x-amz-date'])}\n${scope}\n${createHash('sha256').update(canonical).digest('hex')}`;
  let key: Buffer = Buffer.from(`AWS4${keys.secretAccessKey}`);
  for (const part of [date, keys.region, 's3', 'aws4_request']) {
    key = createHmac('sha256', key).update(part).digest();
  }
  return createHmac('sha256', key).update(toSign).digest('hex');
}

function sendError(res: http.ServerResponse, refusal: Refusal): void {
  res.writeHead(refusal.status, { 'content-type': 'application/xml' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${refusal.code}</Code>` +
      `<Message>${refusal.message}</Message></Error>`,
  );
}

/** Passes a verified request on to s3rver, unsigned: it has been checked here. */
function forward(req: http.IncomingMessage, body: Buffer, port: number, res: http.ServerResponse) {
  const { authorization: _a, host: _h, ...headers } = req.headers;
  const inner = http.request(
    { host: '127.0.0.1', port, method: req.method, path: req.url, headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  inner.on('error', (error) => {
    res.writeHead(502);
    res.end(String(error));
  });
  inner.end(body);
}
