/**
 * JSON written as UTF-8 straight into bytes, for answers made from what the database read (a
 * list page's rows) without building records and texts only to stringify and encode them.
 * What it writes is byte for byte what Buffer.from(JSON.stringify(value)) gives.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
/**
 * The characters (below 128) and UTF-8 bytes (all 256) JSON.stringify writes as they are: all
 * but controls, quote and backslash.
 */
const PLAIN = new Uint8Array(256).map((_, c) =>
  c >= 0x20 && c !== QUOTE && c !== BACKSLASH ? 1 : 0,
);
const HEX = '0123456789abcdef';
/** JSON.stringify's short escapes: \b \t \n \f \r. */
const SHORT_ESCAPES: Record<number, number> = { 8: 0x62, 9: 0x74, 10: 0x6e, 12: 0x66, 13: 0x72 };

/** JSON.stringify(n): a number that is not finite is null. */
export const jsonNumber = (n: number): string => (Number.isFinite(n) ? String(n) : 'null');

export class JsonWriter {
  private buffer: Buffer;
  private length = 0;

  /** Writes into room (reused: the answer is copied out by bytes()), grown when too small. */
  constructor(room: Buffer = Buffer.allocUnsafe(64 * 1024)) {
    this.buffer = room;
  }

  /** The room written into: the one given, or a larger one it had to grow to. */
  get room(): Buffer {
    return this.buffer;
  }

  /** ASCII text with nothing to escape (names, punctuation, numbers), as it is. */
  ascii(text: string): void {
    const n = text.length;
    this.reserve(n);
    const buffer = this.buffer;
    let at = this.length;
    for (let i = 0; i < n; i++) buffer[at++] = text.charCodeAt(i);
    this.length = at;
  }

  /** Bytes of ASCII text with nothing to escape (asciiBytes of a name), as they are. */
  ascii8(bytes: Uint8Array): void {
    const n = bytes.length;
    this.reserve(n);
    const buffer = this.buffer;
    let at = this.length;
    for (let i = 0; i < n; i++) buffer[at++] = bytes[i] ?? 0;
    this.length = at;
  }

  /** JSON text made elsewhere (JSON.stringify's), as UTF-8. */
  json(text: string): void {
    // One UTF-16 unit never needs more than three bytes.
    this.reserve(text.length * 3);
    this.length += this.buffer.write(text, this.length, 'utf8');
  }

  /** A number as JSON.stringify writes it. */
  number(n: number): void {
    this.ascii(jsonNumber(n));
  }

  /** A string as JSON.stringify writes it: quoted, escaped, in UTF-8. */
  string(value: string): void {
    const n = value.length;
    // At most six bytes a unit (\u001f, a lone surrogate's \udxxx), and the quotes.
    this.reserve(n * 6 + 2);
    const buffer = this.buffer;
    let at = this.length;
    buffer[at++] = QUOTE;
    for (let i = 0; i < n; i++) {
      const c = value.charCodeAt(i);
      if (c < 0x80) {
        if (PLAIN[c] === 1) {
          buffer[at++] = c;
        } else if (c === QUOTE || c === BACKSLASH) {
          buffer[at++] = BACKSLASH;
          buffer[at++] = c;
        } else {
          at = escapeControl(buffer, at, c);
        }
      } else if (c < 0x800) {
        buffer[at++] = 0xc0 | (c >> 6);
        buffer[at++] = 0x80 | (c & 0x3f);
      } else if (c < 0xd800 || c > 0xdfff) {
        buffer[at++] = 0xe0 | (c >> 12);
        buffer[at++] = 0x80 | ((c >> 6) & 0x3f);
        buffer[at++] = 0x80 | (c & 0x3f);
      } else {
        const next = i + 1 < n ? value.charCodeAt(i + 1) : 0;
        if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
          const point = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
          buffer[at++] = 0xf0 | (point >> 18);
          buffer[at++] = 0x80 | ((point >> 12) & 0x3f);
          buffer[at++] = 0x80 | ((point >> 6) & 0x3f);
          buffer[at++] = 0x80 | (point & 0x3f);
          i++;
        } else {
          // A lone surrogate, which UTF-8 cannot hold: escaped, as JSON.stringify does.
          at = escapeUnit(buffer, at, c);
        }
      }
    }
    buffer[at++] = QUOTE;
    this.length = at;
  }

  /**
   * Valid UTF-8 text of `from` (start to end) as JSON.stringify writes the text it holds: quoted,
   * escaped, in UTF-8. Only ASCII needs escaping, and UTF-8 never hides ASCII inside a character
   * of several bytes, so the other bytes are copied as they are.
   */
  utf8String(from: Uint8Array, start: number, end: number): void {
    this.quoted(from, start, end, true);
  }

  /** Valid UTF-8 text as utf8String writes it, without the quotes: a piece of a longer string. */
  utf8Piece(from: Uint8Array, start: number, end: number): void {
    this.quoted(from, start, end, false);
  }

  /** Bytes with nothing to escape (digits), as they are. */
  raw(from: Uint8Array, start: number, end: number): void {
    this.reserve(end - start);
    const buffer = this.buffer;
    let at = this.length;
    for (let i = start; i < end; i++) buffer[at++] = from[i] ?? 0;
    this.length = at;
  }

  /** A member's name (`,"name":`, ASCII bytes) and its value, utf8String's: one call a field. */
  utf8Member(name: Uint8Array, from: Uint8Array, start: number, end: number): void {
    this.quoted(from, start, end, true, name);
  }

  private quoted(
    from: Uint8Array,
    start: number,
    end: number,
    quotes: boolean,
    name?: Uint8Array,
  ): void {
    this.reserve((end - start) * 6 + 2 + (name ? name.length : 0));
    const buffer = this.buffer;
    let at = this.length;
    if (name) for (let i = 0; i < name.length; i++) buffer[at++] = name[i] ?? 0;
    if (quotes) buffer[at++] = QUOTE;
    for (let i = start; i < end; i++) {
      const c = from[i] ?? 0;
      if (PLAIN[c] === 1) {
        buffer[at++] = c;
      } else if (c === QUOTE || c === BACKSLASH) {
        buffer[at++] = BACKSLASH;
        buffer[at++] = c;
      } else {
        at = escapeControl(buffer, at, c);
      }
    }
    if (quotes) buffer[at++] = QUOTE;
    this.length = at;
  }

  /** What was written, in bytes of its own. */
  bytes(): Buffer {
    return Buffer.from(this.buffer.subarray(0, this.length));
  }

  private reserve(bytes: number): void {
    const needed = this.length + bytes;
    if (needed <= this.buffer.length) return;
    const larger = Buffer.allocUnsafe(Math.max(needed, this.buffer.length * 2));
    this.buffer.copy(larger, 0, 0, this.length);
    this.buffer = larger;
  }
}

function escapeControl(buffer: Buffer, at: number, c: number): number {
  const short = SHORT_ESCAPES[c];
  if (short === undefined) return escapeUnit(buffer, at, c);
  buffer[at++] = BACKSLASH;
  buffer[at++] = short;
  return at;
}

/** \uxxxx, lower-case hex as JSON.stringify writes it. */
function escapeUnit(buffer: Buffer, at: number, c: number): number {
  buffer[at++] = BACKSLASH;
  buffer[at++] = 0x75;
  for (let shift = 12; shift >= 0; shift -= 4) buffer[at++] = HEX.charCodeAt((c >> shift) & 0xf);
  return at;
}

/**
 * A value whose JSON writes itself into a JsonWriter (a list page's rows). The answer writer
 * (plugins/json-body.ts) lets it; anything else that stringifies it gets the same JSON through
 * toJSON.
 */
export class WrittenJson {
  constructor(private readonly write: (writer: JsonWriter) => void) {}

  writeTo(writer: JsonWriter): void {
    this.write(writer);
  }

  toJSON(): unknown {
    const writer = new JsonWriter(Buffer.allocUnsafe(1024));
    this.write(writer);
    return JSON.parse(writer.bytes().toString('utf8'));
  }
}
