import { JsonWriter, WrittenJson } from '../lib/json-writer';

/** Content type of every JSON answer of the API. */
export const JSON_UTF8 = 'application/json; charset=utf-8';

/** Room the answers are written into first, grown to the largest answer so far. */
let room: Buffer = Buffer.allocUnsafe(64 * 1024);
/** A larger answer (rare: lists are paged) gets room of its own, not kept after it. */
const MAX_ROOM = 4 * 1024 * 1024;
/** Rows of a list stringified at a time: a piece stays well under V8's 128 KB large-object size. */
const ROWS_A_PIECE = 25;

/**
 * The JSON of an answer, as UTF-8 bytes: exactly those of JSON.stringify(value).
 *
 * Written into room that is reused (grown to the largest answer so far), so an answer costs
 * one allocation of its own size. A list page's rows write themselves (WrittenJson, from the
 * rows the database read: modules/tables/list-json.ts); other values are stringified.
 *
 * Two costs of Node 20 (V8 11) shape the stringified part, both met by text holding a
 * character beyond Latin-1 (č, š, ž: most Slovenian names), which V8 then keeps two bytes a
 * character:
 * - A fresh text of more than 128 KB goes to V8's large-object space, whose new pages cost
 *   their first touch: the JSON of 300 partners with č, š or ž (145 KB as UTF-16) took 280 µs
 *   to make and write whole, 172 µs in pieces (an ASCII page: 122 µs whole). So a long list
 *   whose first rows are not ASCII is stringified ROWS_A_PIECE rows at a time; an ASCII list in
 *   two pieces, as fast as whole.
 * - Counting the UTF-8 bytes of such text is slow (Buffer.from, Buffer.byteLength, and a string
 *   reply, counted for Content-Length and then encoded again), writing it into room that is
 *   large enough is not: one UTF-16 unit never needs more than three bytes.
 * Figures: bench/README.md, "Table list at 1,000,000 rows".
 */
export function jsonBytes(value: unknown): Buffer {
  const writer = new JsonWriter(room);
  writeJson(writer, value);
  const bytes = writer.bytes();
  // Grown for this answer: kept for the next unless it is a rare large one.
  if (writer.room.length <= MAX_ROOM) room = writer.room;
  return bytes;
}

/**
 * JSON.stringify(value) written: lists of more than ROWS_A_PIECE rows a piece per rows, JSON
 * that writes itself (WrittenJson: a list page's rows) by itself.
 */
function writeJson(writer: JsonWriter, value: unknown): void {
  if (value instanceof WrittenJson) return value.writeTo(writer);
  if (isLongList(value)) return writeList(writer, value);
  if (!isPlainRecord(value) || !Object.values(value).some(isPieced)) {
    // undefined (or a function) has no JSON: a body must hold a value.
    const text = JSON.stringify(value) as string | undefined;
    return writer.json(text ?? 'null');
  }
  // A record holding a long list (a list page: items and nextCursor), property by property.
  let first = true;
  for (const [name, property] of Object.entries(value)) {
    const pieced = isPieced(property);
    const text = pieced ? '' : (JSON.stringify(property) as string | undefined);
    // No JSON (undefined, a function, a toJSON answering undefined): left out, as it would be.
    if (text === undefined) continue;
    writer.json(`${first ? '{' : ','}${JSON.stringify(name)}:`);
    first = false;
    if (pieced) writeJson(writer, property);
    else writer.json(text);
  }
  writer.json(first ? '{}' : '}');
}

/** A list long enough to go in pieces, written as its rows (no toJSON of its own). */
const isLongList = (value: unknown): value is unknown[] =>
  Array.isArray(value) && value.length > ROWS_A_PIECE && !('toJSON' in value);

/** A property written in pieces of its own: a long list, or JSON that writes itself. */
const isPieced = (value: unknown): boolean => value instanceof WrittenJson || isLongList(value);

/** A record of plain data, whose JSON is that of its properties (no toJSON of its own). */
function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return (prototype === Object.prototype || prototype === null) && !('toJSON' in value);
}

/**
 * A list's JSON, in pieces. Its first ROWS_A_PIECE rows tell the kind of text: ASCII, and the
 * rest goes in one piece (the fastest way when V8 keeps the text one byte a character);
 * otherwise ROWS_A_PIECE rows a piece. Each row is written as in the whole list (a row's own
 * toJSON, as Date's, is called with its index within its piece, which no row of ours reads).
 */
function writeList(writer: JsonWriter, list: unknown[]): void {
  const first = JSON.stringify(list.slice(0, ROWS_A_PIECE));
  if (Buffer.byteLength(first, 'utf8') === first.length) {
    writer.json(first.slice(0, -1));
    writer.json(',');
    writer.json(JSON.stringify(list.slice(ROWS_A_PIECE)).slice(1));
    return;
  }
  writer.json(first.slice(0, -1));
  for (let start = ROWS_A_PIECE; start < list.length; start += ROWS_A_PIECE) {
    writer.json(',');
    writer.json(JSON.stringify(list.slice(start, start + ROWS_A_PIECE)).slice(1, -1));
  }
  writer.json(']');
}
