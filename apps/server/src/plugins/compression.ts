import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go out as they are: the encoding would cost more than it saves. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * Text that compresses well. Files of the preview and downloads that are compressed already
 * (PDF, PNG, JPEG, xlsx and zip) are not listed; streams (file links, exports, the
 * notification stream, static assets) are never compressed here: the web build ships its
 * assets with .br and .gz copies (plugins/web.ts).
 */
const COMPRESSIBLE = /^(application\/(json|xml|javascript)|text\/(?!event-stream)|image\/svg\+xml)/;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

// Quality for answers made per request: brotli 4 and gzip 6 compress a JSON page to about a
// fifth in a few milliseconds; brotli's default (11) is for files compressed once, at build.
const BROTLI_OPTIONS = {
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  },
};

type Encoding = 'br' | 'gzip';

/** The encoding to answer in: brotli before gzip, each if the client accepts it (q > 0). */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...parameters] = part.split(';').map((s) => s.trim());
    const q = parameters.find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const wants = (name: Encoding) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (wants('br')) return 'br';
  if (wants('gzip')) return 'gzip';
  return undefined;
}

/**
 * Compresses JSON and text answers above COMPRESS_MIN_BYTES when the client accepts gzip or
 * brotli, off the event loop (zlib's thread pool).
 */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!COMPRESSIBLE.test(type) || reply.hasHeader('content-encoding')) return payload;
    if (Buffer.byteLength(payload) < COMPRESS_MIN_BYTES) return payload;
    // Caches keep the encoded and the plain copy apart.
    reply.header('vary', varyWithEncoding(reply.getHeader('vary')));
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const body = encoding === 'br' ? await brotli(payload, BROTLI_OPTIONS) : await gzip(payload);
    reply.header('content-encoding', encoding);
    // Fastify counts the bytes that go out.
    reply.removeHeader('content-length');
    return body;
  });
}

function varyWithEncoding(vary: string | number | string[] | undefined): string {
  const current = Array.isArray(vary) ? vary.join(', ') : String(vary ?? '');
  if (/(^|,)\s*accept-encoding\s*(,|$)/i.test(current)) return current;
  return current ? `${current}, accept-encoding` : 'accept-encoding';
}
