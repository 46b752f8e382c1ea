import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrganization,
  createTestApp,
  createUser,
  memberHeaders,
  multipartBody,
  type FormPart,
  type TestApp,
} from './factories';
import { fuzz } from './fuzz';

/**
 * Malformed multipart bodies to every upload route (issue 9): no boundary, a wrong one, a
 * body cut off, a file part without a filename, a huge part header, thousands of parts,
 * random bytes. Each gets a 4xx with a message, nothing is written (no document, order,
 * table row or stored file), and the server goes on answering.
 */

let t: TestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t, { roles: ['sysadmin'] });
  const org = await createOrganization(t, { [user.id]: ['orgadmin', 'dataentry', 'accountant'] });
  headers = await memberHeaders(t, user, org);
});
afterAll(() => t.close());

const FIXTURES = path.join(import.meta.dirname, '../src/modules/files/fixtures');
const CSV = Buffer.from('code;name\r\nP1;Šumi d.o.o.\r\n');

/** Each upload route with a valid body of its own fields. */
const ROUTES: { url: string; parts: FormPart[] }[] = [
  {
    url: '/api/uploadDoc',
    parts: [
      {
        name: 'main',
        filename: 'r.pdf',
        content: fs.readFileSync(path.join(FIXTURES, 'sample.pdf')),
      },
      { name: 'json', value: '{}' },
    ],
  },
  {
    url: '/api/cl/partner/import?dryRun=true',
    parts: [{ name: 'file', filename: 'p.csv', content: CSV }],
  },
  {
    url: '/api/payOrder/upload?dryRun=true',
    parts: [{ name: 'files', filename: 'o.csv', content: CSV }],
  },
  { url: '/api/payOrder/statement', parts: [{ name: 'file', filename: 's.xml', content: CSV }] },
];

/** What a hostile upload could have left: documents, orders, partners and stored blobs. */
async function written(): Promise<number[]> {
  const count = async (url: string) =>
    (await t.app.inject({ url: `${url}?count=1000`, headers })).json<{ items: unknown[] }>().items
      .length;
  const blobs = path.join(t.config.dataDir, 'blobs');
  const stored = fs.existsSync(blobs)
    ? fs.readdirSync(blobs, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
        .length
    : 0;
  return [
    await count('/api/doc'),
    await count('/api/payOrder'),
    await count('/api/cl/partner'),
    stored,
  ];
}

function post(url: string, payload: Buffer | string, contentType: string) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, 'content-type': contentType },
    payload,
  });
}

/** A 4xx in the spec §8 shape: at least one message, each with a code and its text. */
function expectClientError(
  res: { statusCode: number; body: string; json: <T>() => T },
  name = '',
): void {
  expect(res.statusCode, `${name}: ${res.body}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${name}: ${res.body}`).toBeLessThan(500);
  const { error } = res.json<{ error: { code: string; msg: string }[] }>();
  expect(error.length).toBeGreaterThan(0);
  for (const message of error) expect(message.msg).not.toBe('');
}

function malformed(parts: FormPart[]): [string, Buffer | string, string][] {
  const valid = multipartBody(parts);
  const boundary = valid.contentType.split('boundary=')[1] ?? '';
  const part = (name: string, head: string, body: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${head}\r\n\r\n${body}\r\n`;
  return [
    ['no boundary', valid.payload, 'multipart/form-data'],
    ['another boundary', valid.payload, 'multipart/form-data; boundary=other'],
    [
      'a boundary over 256 characters',
      valid.payload,
      `multipart/form-data; boundary=${'b'.repeat(300)}`,
    ],
    ['a body cut off', valid.payload.subarray(0, valid.payload.length / 2), valid.contentType],
    ['an empty body', '', valid.contentType],
    [
      'random bytes',
      Buffer.from(Array.from({ length: 4000 }, (_, i) => (i * 73) % 256)),
      valid.contentType,
    ],
    [
      'a file part without filename',
      `${part(parts[0]?.name ?? 'file', '', 'x'.repeat(500))}--${boundary}--\r\n`,
      valid.contentType,
    ],
    [
      'a huge part header',
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${'a'.repeat(200_000)}"\r\n\r\nx\r\n--${boundary}--\r\n`,
      valid.contentType,
    ],
    [
      'thousands of parts',
      `${Array.from({ length: 3000 }, (_, i) => part(`f${i}`, '', 'v')).join('')}--${boundary}--\r\n`,
      valid.contentType,
    ],
    ['no closing boundary', `${part('file', '; filename="a.csv"', 'a;b')}`, valid.contentType],
  ];
}

describe('malformed multipart uploads', () => {
  it.each(ROUTES)(
    '$url answers each with a 4xx, writes nothing and keeps answering',
    async ({ url, parts }) => {
      const before = await written();
      // An empty body is a request without parts to uploadDoc, which makes a blank draft as a
      // json part alone would (see the report of issue 9); the other routes need a file.
      const cases = malformed(parts).filter(
        ([name]) => !(url === '/api/uploadDoc' && name === 'an empty body'),
      );
      for (const [name, payload, contentType] of cases) {
        expectClientError(await post(url, payload, contentType), name);
      }
      expect(await written()).toEqual(before);
      expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    },
  );

  it('mutated bodies never get a 5xx, and refused ones write nothing', async () => {
    const route = fc.constantFrom(...ROUTES.slice(1));
    const mutated = route.chain(({ url, parts }) => {
      const { payload, contentType } = multipartBody(parts);
      return fc
        .oneof(
          fc.nat(payload.length).map((end) => payload.subarray(0, end)),
          fc
            .array(
              fc.tuple(
                fc.nat(payload.length - 1),
                fc.constantFrom(0x0d, 0x0a, 0x2d, 0x22, 0x3b, 0),
              ),
              {
                minLength: 1,
                maxLength: 6,
              },
            )
            .map((changes) => {
              const copy = Buffer.from(payload);
              for (const [at, byte] of changes) copy[at] = byte;
              return copy;
            }),
        )
        .map((body) => ({ url, body, contentType }));
    });
    const before = await written();
    await fc.assert(
      fc.asyncProperty(mutated, async ({ url, body, contentType }) => {
        const res = await post(url, body, contentType);
        expect(res.statusCode, res.body).toBeLessThan(500);
        if (res.statusCode >= 400) expectClientError(res);
      }),
      fuzz(150),
    );
    // Only dry runs and statements without orders here: nothing may have been written.
    expect(await written()).toEqual(before);
  });

  it('payment and table CSV uploads of odd quoting, BOMs, formulas and huge fields: no 5xx, nothing written', async () => {
    const token = fc.constantFrom(
      '"',
      '""',
      ';',
      ',',
      '\t',
      '\r\n',
      '\n',
      '=1+1',
      '@SUM(A1)',
      'Č',
      ' ',
    );
    const cell = fc.oneof(
      token,
      fc.stringMatching(/^[A-Z0-9]{0,12}$/),
      fc.constant('x'.repeat(100_000)),
    );
    const csv = fc
      .tuple(fc.constantFrom('', '\uFEFF'), fc.array(cell, { maxLength: 40 }))
      .map(([bom, cells]) =>
        Buffer.from(`${bom}code;name;amount;recipientIban\r\n${cells.join('')}`),
      );
    const before = await written();
    await fc.assert(
      fc.asyncProperty(
        csv,
        fc.constantFrom(...ROUTES.slice(1, 3)),
        async (content, { url, parts }) => {
          const name = parts[0]?.name ?? 'file';
          const { payload, contentType } = multipartBody([{ name, filename: 'x.csv', content }]);
          const res = await post(url, payload, contentType);
          expect(res.statusCode, res.body).toBeLessThan(500);
          if (res.statusCode >= 400) expectClientError(res);
        },
      ),
      fuzz(60),
    );
    expect(await written()).toEqual(before);
  });
});

/**
 * A file name whose `filename*` decodes to a control character (issue 22): busboy skips a part
 * whose name holds a CR or LF, and with a large part it never finished, so the request hung
 * until the socket timed out. Over real HTTP, with a client timeout that fails a hang: every
 * request is answered, a 4xx or the file stored under a name without control characters.
 */
describe('control characters in a multipart filename*', () => {
  let address = '';
  let docKey = '';
  const PDF = fs.readFileSync(path.join(FIXTURES, 'sample.pdf'));
  /** Past busboy's high-water mark, where the skipped part used to stall the parser. */
  const LARGE = Buffer.concat([PDF, Buffer.alloc(3 * 2 ** 20, 0x20)]);
  const CONTROLS = [...Array.from({ length: 32 }, (_, i) => i), 0x7f];
  const hex = (code: number) => `%${code.toString(16).padStart(2, '0').toUpperCase()}`;

  beforeAll(async () => {
    address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const parts: FormPart[] = [
      { name: 'main', filename: 'first.pdf', content: Buffer.concat([PDF, Buffer.from('%1')]) },
    ];
    const { payload, contentType } = multipartBody(parts);
    docKey = (await post('/api/uploadDoc', payload, contentType)).json<{ item: { key: string } }>()
      .item.key;
  });

  /** Each upload route with the field its file goes in. */
  const routes = () => [
    { url: '/api/uploadDoc', field: 'main' },
    { url: `/api/doc/${docKey}/file/add`, field: 'file' },
    { url: '/api/cl/partner/import?dryRun=true', field: 'file' },
    { url: '/api/payOrder/upload?dryRun=true', field: 'files' },
    { url: '/api/payOrder/statement', field: 'file' },
  ];

  async function send(url: string, field: string, disposition: string, content: Buffer) {
    const boundary = 'listina-control-chars';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; ${disposition}\r\n` +
          'Content-Type: application/pdf\r\n\r\n',
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await fetch(`${address}${url}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: new Uint8Array(payload),
      // Only a hang fails here: the server gives a stalled parser a few seconds.
      signal: AbortSignal.timeout(60_000),
    });
    return { status: res.status, body: await res.text() };
  }

  function expectAnswered(res: { status: number; body: string }, name: string) {
    expect(res.status, `${name}: ${res.body}`).toBeLessThan(500);
    if (res.status >= 400) {
      const { error, warning } = JSON.parse(res.body) as {
        error: { msg: string }[];
        warning: { msg: string }[];
      };
      expect([...error, ...warning].length, name).toBeGreaterThan(0);
      return;
    }
    // Stored: under a name without control characters, and not silently without its file.
    const { preview } = JSON.parse(res.body) as { preview?: { files: { name: string }[] } };
    if (!preview) return;
    expect(preview.files.length, `${name}: ${res.body}`).toBeGreaterThan(0);
    for (const file of preview.files)
      expect(
        [...file.name].filter((c) => c < ' ' || c === '\x7f'),
        name,
      ).toEqual([]);
  }

  it('answers every control character on every upload route, small and large', async () => {
    for (const { url, field } of routes()) {
      for (const code of CONTROLS) {
        // A distinct file each time: the duplicate warning would hide what the name did.
        const content = Buffer.concat([PDF, Buffer.from(`%${url}${code}`)]);
        for (const disposition of [
          `filename*=UTF-8''a${hex(code)}b.pdf`,
          `filename="x.pdf"; filename*=UTF-8''a${hex(code)}b.pdf`,
        ]) {
          const name = `${url} ${disposition}`;
          expectAnswered(await send(url, field, disposition, content), name);
        }
      }
      for (const code of [0x0d, 0x0a]) {
        const disposition = `filename*=UTF-8''a${hex(code)}${hex(0x0a)}b.pdf`;
        const res = await send(url, field, disposition, LARGE);
        expectAnswered(res, `${url} large ${disposition}`);
        expect(res.status, res.body).toBe(400);
      }
    }
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  }, 600_000);
});
