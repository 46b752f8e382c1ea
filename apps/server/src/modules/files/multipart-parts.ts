import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';

/**
 * How long the parser may take nothing of a body that has wholly arrived before the request
 * is given up (between one and two of these pass). With every byte there, the next part or
 * the end follows at once: the caller has read the previous part to its end before asking.
 */
export const STALLED_PARSER_MS = 2_000;

/**
 * The parser stopped short of the end of a body it holds (issue 22: a part whose decoded
 * `filename*` holds a CR or LF is skipped by busboy, and past its high-water mark the parser
 * never finishes). Reported as the client's malformed body rather than left to hang.
 */
export class MultipartStalledError extends Error {
  override name = 'MultipartStalledError';
  constructor() {
    super('the multipart parser stopped before the end of the body it received');
  }
}

/**
 * request.parts() that always ends and loses no part: every part as busboy gives it; a
 * MultipartStalledError when the whole body has arrived but the parser, asked for the next
 * part, stops taking it; and the same error at the end when the body held more parts than
 * busboy gave (it skips, without a word, a part whose name or file name holds a line break).
 * Every multipart route reads its parts through this.
 */
export async function* multipartParts(
  request: FastifyRequest,
  stalledMs = STALLED_PARSER_MS,
): AsyncGenerator<Multipart> {
  const iterator = request.parts()[Symbol.asyncIterator]();
  const raw = request.raw;
  let first: Promise<IteratorResult<Multipart>> | undefined = iterator.next();
  // The first next() has piped the body into busboy: from here on this sees what busboy sees.
  const delimiters = countDelimiters(raw, request.headers['content-type']);
  let given = 0;
  try {
    for (;;) {
      const watch = watchStall(raw, stalledMs);
      try {
        const next = await Promise.race([first ?? iterator.next(), watch.stalled]);
        first = undefined;
        if (next.done) break;
        given++;
        yield next.value;
      } finally {
        watch.cancel();
      }
    }
  } finally {
    delimiters.stop();
  }
  // n delimiters, the closing one included, bound n - 1 parts.
  if (delimiters.seen() !== undefined && given < (delimiters.seen() ?? 0) - 1)
    throw new MultipartStalledError();
}

/**
 * Counts the delimiters (CRLF, two dashes, the boundary) in the body as busboy's parser reads
 * it: the body as if it began with a CRLF. undefined when the content type names no boundary.
 */
function countDelimiters(raw: FastifyRequest['raw'], contentType: string | undefined) {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
  const name = boundary?.[1] ?? boundary?.[2];
  if (!name) return { seen: () => undefined, stop: () => undefined };
  const needle = Buffer.from(`\r\n--${name}`);
  let carry = Buffer.from('\r\n');
  let count = 0;
  const onData = (chunk: Buffer) => {
    const buffer = Buffer.concat([carry, chunk]);
    for (let at = buffer.indexOf(needle); at >= 0; at = buffer.indexOf(needle, at + 1)) count++;
    carry = buffer.subarray(Math.max(0, buffer.length - needle.length + 1));
  };
  raw.on('data', onData);
  return { seen: () => count, stop: () => raw.off('data', onData) };
}

/**
 * Rejects when the whole HTTP message has arrived (raw.complete) and, from one look to the
 * next stalledMs later, the parser took nothing more of it. Busboy's pause on a skipped part
 * holds the body's last bytes unread, so the request never ends: progress is what counts.
 */
function watchStall(raw: FastifyRequest['raw'], stalledMs: number) {
  let reject: (error: Error) => void = () => undefined;
  const stalled = new Promise<never>((_, fail) => {
    reject = fail;
  });
  // Only raced, never awaited alone: an unobserved rejection must not reach the process.
  stalled.catch(() => undefined);
  let seen: string | undefined;
  let lookedAt = Date.now();
  const timer = setInterval(() => {
    const now = raw.complete ? `${raw.readableLength}:${raw.readableEnded}` : undefined;
    // A look that comes late had the event loop blocked (another request's work), and the
    // parser with it: it starts the count again rather than blaming the parser.
    const late = Date.now() - lookedAt > stalledMs * 1.5;
    lookedAt = Date.now();
    if (now !== undefined && now === seen && !late) reject(new MultipartStalledError());
    seen = now;
  }, stalledMs);
  return { stalled, cancel: () => clearInterval(timer) };
}
