import pg from 'pg';
import type { CompiledQuery } from 'kysely';
import { valueParserOf } from './create-db';

/**
 * PostgreSQL's extended query protocol, written and read by us for reads whose rows go straight
 * into an answer (ADR 0014): the rows stay the bytes PostgreSQL sent, never decoded into
 * JavaScript values. Only what such a read needs: unnamed statements with text parameters,
 * each followed by its own Sync (as node-postgres's pipeline mode sends them), text results.
 */

/** A result column: its name and its type's OID. */
export interface RawColumn {
  name: string;
  type: number;
}

/**
 * The rows of one statement as ranges of the bytes received: value j of row i is
 * bytes[starts[i·n + j] … ends[i·n + j]), or null where its start is -1.
 */
export interface RawRows {
  bytes: Buffer;
  columns: RawColumn[];
  count: number;
  starts: Int32Array;
  ends: Int32Array;
}

/** A statement's outcome in a pipeline: its rows (a select), or its error. */
export type RawOutcome = { rows: RawRows | undefined } | { error: Error };

/** A parameter as text, or null; undefined for a value we do not send as text ourselves. */
export function parameterText(value: unknown): string | null | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return undefined;
}

/** Whether every parameter of these statements can be sent by writeStatements. */
export const sendable = (statements: readonly CompiledQuery[]): boolean =>
  statements.every((s) => s.parameters.every((p) => parameterText(p) !== undefined));

class MessageWriter {
  private buffer: Buffer = Buffer.allocUnsafe(4096);
  private length = 0;

  private reserve(bytes: number) {
    if (this.length + bytes <= this.buffer.length) return;
    const larger = Buffer.allocUnsafe(Math.max(this.length + bytes, this.buffer.length * 2));
    this.buffer.copy(larger, 0, 0, this.length);
    this.buffer = larger;
  }
  byte(value: number) {
    this.reserve(1);
    this.buffer[this.length++] = value;
  }
  int16(value: number) {
    this.reserve(2);
    this.length = this.buffer.writeInt16BE(value, this.length);
  }
  int32(value: number) {
    this.reserve(4);
    this.length = this.buffer.writeInt32BE(value, this.length);
  }
  text(value: string) {
    this.reserve(Buffer.byteLength(value) + 1);
    this.length += this.buffer.write(value, this.length, 'utf8');
    this.buffer[this.length++] = 0;
  }
  /** One message: its type, then its length and body as `body` writes them. */
  message(type: string, body: () => void) {
    this.byte(type.charCodeAt(0));
    const at = this.length;
    this.int32(0);
    body();
    this.buffer.writeInt32BE(this.length - at, at);
  }
  bytes() {
    return this.buffer.subarray(0, this.length);
  }
}

/** Parse, Bind, Describe, Execute and Sync of each statement, in one buffer. */
export function writeStatements(statements: readonly CompiledQuery[]): Buffer {
  const out = new MessageWriter();
  for (const statement of statements) {
    out.message('P', () => {
      out.text('');
      out.text(statement.sql);
      out.int16(0);
    });
    out.message('B', () => {
      out.text('');
      out.text('');
      out.int16(0);
      out.int16(statement.parameters.length);
      for (const parameter of statement.parameters) {
        const text = parameterText(parameter);
        if (text === undefined) throw new Error('A parameter that is not a scalar');
        if (text === null) {
          out.int32(-1);
          continue;
        }
        const bytes = Buffer.from(text, 'utf8');
        out.int32(bytes.length);
        for (const byte of bytes) out.byte(byte);
      }
      out.int16(0);
    });
    out.message('D', () => {
      out.byte(0x50);
      out.text('');
    });
    out.message('E', () => {
      out.text('');
      out.int32(0);
    });
    out.message('S', () => undefined);
  }
  return out.bytes();
}

/**
 * Reads the answers of `expected` statements (each ended by its ReadyForQuery) from the bytes
 * as they arrive. push() takes a chunk and says whether all have been answered.
 */
export class PipelineReader {
  private bytes: Buffer = Buffer.allocUnsafe(64 * 1024);
  private length = 0;
  private parsed = 0;
  private current: { rows?: RawRows; error?: Error } = {};
  /** The ranges of the current statement's values so far (grown by doubling). */
  private rowStarts = new Int32Array(4096);
  private rowEnds = new Int32Array(4096);
  private values = 0;
  readonly outcomes: RawOutcome[] = [];
  /** The transaction status of the last ReadyForQuery ('I' idle, 'T' in one, 'E' failed). */
  status = '';

  constructor(private readonly expected: number) {}

  push(chunk: Buffer): boolean {
    if (this.length + chunk.length > this.bytes.length) {
      const larger = Buffer.allocUnsafe(
        Math.max(this.length + chunk.length, this.bytes.length * 2),
      );
      this.bytes.copy(larger, 0, 0, this.length);
      this.rebase(larger);
    }
    chunk.copy(this.bytes, this.length);
    this.length += chunk.length;
    while (this.length - this.parsed >= 5) {
      const size = this.bytes.readInt32BE(this.parsed + 1);
      const end = this.parsed + 1 + size;
      if (end > this.length) break;
      this.read(this.bytes[this.parsed] ?? 0, this.parsed + 5, end);
      this.parsed = end;
    }
    return this.outcomes.length >= this.expected;
  }

  /** The rows so far point into the old bytes: the same offsets hold in the copy. */
  private rebase(bytes: Buffer) {
    this.bytes = bytes;
    if (this.current.rows) this.current.rows.bytes = bytes;
    for (const outcome of this.outcomes)
      if ('rows' in outcome && outcome.rows) outcome.rows.bytes = bytes;
  }

  private read(type: number, start: number, end: number) {
    const bytes = this.bytes;
    switch (type) {
      case 0x54: // RowDescription
        this.current.rows = rowDescription(bytes, start);
        break;
      case 0x44: // DataRow
        this.dataRow(start);
        break;
      case 0x45: // ErrorResponse
        this.current.error = errorResponse(bytes, start, end);
        break;
      case 0x5a: // ReadyForQuery
        this.status = String.fromCharCode(bytes[start] ?? 0);
        this.finish();
        break;
      default: // ParseComplete, BindComplete, NoData, CommandComplete, notices: nothing to keep
    }
  }

  private dataRow(start: number) {
    const rows = this.current.rows;
    if (!rows) throw new Error('A data row before its description');
    const bytes = this.bytes;
    const n = int16(bytes, start);
    if (this.values + n > this.rowStarts.length) this.grow(this.values + n);
    const starts = this.rowStarts;
    const ends = this.rowEnds;
    let at = start + 2;
    let v = this.values;
    for (let j = 0; j < n; j++) {
      const size = int32(bytes, at);
      at += 4;
      if (size < 0) {
        starts[v] = -1;
        ends[v] = -1;
      } else {
        starts[v] = at;
        ends[v] = at + size;
        at += size;
      }
      v++;
    }
    this.values = v;
    rows.count++;
  }

  private grow(needed: number) {
    const size = Math.max(needed, this.rowStarts.length * 2);
    const starts = new Int32Array(size);
    const ends = new Int32Array(size);
    starts.set(this.rowStarts.subarray(0, this.values));
    ends.set(this.rowEnds.subarray(0, this.values));
    this.rowStarts = starts;
    this.rowEnds = ends;
  }

  private finish() {
    const { rows, error } = this.current;
    if (rows) {
      rows.starts = this.rowStarts.subarray(0, this.values);
      rows.ends = this.rowEnds.subarray(0, this.values);
      // The next statement's ranges go into arrays of their own.
      this.rowStarts = new Int32Array(this.rowStarts.length);
      this.rowEnds = new Int32Array(this.rowEnds.length);
    }
    this.outcomes.push(error ? { error } : { rows });
    this.current = {};
    this.values = 0;
  }
}

/** A big-endian int16 and int32 of the protocol (signed), read without Buffer's checks. */
const int16 = (b: Uint8Array, at: number) =>
  (((b[at] ?? 0) << 24) | ((b[at + 1] ?? 0) << 16)) >> 16;
const int32 = (b: Uint8Array, at: number) =>
  ((b[at] ?? 0) << 24) | ((b[at + 1] ?? 0) << 16) | ((b[at + 2] ?? 0) << 8) | (b[at + 3] ?? 0);

function cString(bytes: Buffer, start: number): [string, number] {
  const end = bytes.indexOf(0, start);
  return [bytes.toString('utf8', start, end), end + 1];
}

function rowDescription(bytes: Buffer, start: number): RawRows {
  const n = bytes.readInt16BE(start);
  let at = start + 2;
  const columns: RawColumn[] = [];
  for (let j = 0; j < n; j++) {
    const [name, next] = cString(bytes, at);
    // table OID (4), column number (2), type OID (4), size (2), modifier (4), format (2)
    columns.push({ name, type: bytes.readUInt32BE(next + 6) });
    at = next + 18;
  }
  return { bytes, columns, count: 0, starts: new Int32Array(), ends: new Int32Array() };
}

/** The error PostgreSQL sent, as node-postgres reports it (code, detail, …). */
function errorResponse(bytes: Buffer, start: number, end: number): Error {
  const fields = new Map<string, string>();
  let at = start;
  while (at < end && bytes[at] !== 0) {
    const field = String.fromCharCode(bytes[at] ?? 0);
    const [value, next] = cString(bytes, at + 1);
    fields.set(field, value);
    at = next;
  }
  const error = new pg.DatabaseError(fields.get('M') ?? 'database error', end - start, 'error');
  error.severity = fields.get('S');
  error.code = fields.get('C');
  error.detail = fields.get('D');
  error.hint = fields.get('H');
  error.schema = fields.get('s');
  error.table = fields.get('t');
  error.column = fields.get('c');
  error.constraint = fields.get('n');
  return error;
}

/** Value j of row i as node-postgres would hand it over (null included). */
export function rawValue(raw: RawRows, i: number, j: number): unknown {
  const at = i * raw.columns.length + j;
  const start = raw.starts[at] ?? -1;
  if (start < 0) return null;
  const text = raw.bytes.toString('utf8', start, raw.ends[at]);
  return valueParserOf(raw.columns[j]?.type ?? 0)(text);
}
