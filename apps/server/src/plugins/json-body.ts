/** Content type of every JSON answer of the API. */
export const JSON_UTF8 = 'application/json; charset=utf-8';

/** Room the answers are written into first, grown to the largest answer so far. */
let room = Buffer.allocUnsafe(64 * 1024);
/** A larger answer (rare: lists are paged) gets room of its own, not kept after it. */
const MAX_ROOM = 4 * 1024 * 1024;
/** Rows of a list stringified at a time: a piece stays well under V8's 128 KB large-object size. */
const ROWS_A_PIECE = 25;

/**
 * The JSON text of an answer, as UTF-8 bytes: exactly JSON.stringify(value).
 *
 * Two costs of Node 20 (V8 11) shape it, both met by text holding a character beyond Latin-1
 * (č, š, ž: most Slovenian names), which V8 then keeps two bytes a character:
 * - A fresh text of more than 128 KB goes to V8's large-object space, whose new pages cost
 *   their first touch: the JSON of 300 partners with č, š or ž (145 KB as UTF-16) took 280 µs
 *   to make and write whole, 172 µs in pieces (an ASCII page: 122 µs whole). So a list whose
 *   first rows are not ASCII is stringified ROWS_A_PIECE rows at a time (in the server: that
 *   page 1.64 → 1.57 ms); an ASCII list in two pieces, as fast as whole.
 * - Counting the UTF-8 bytes of such text is slow (Buffer.from, Buffer.byteLength, and a string
 *   reply, counted for Content-Length and then encoded again), writing it into room that is
 *   large enough is not: one UTF-16 unit never needs more than three bytes.
 * The room is reused, so an answer costs one allocation of its own size. Figures:
 * bench/README.md, "Table list at 1,000,000 rows".
 */
export function jsonBytes(value: unknown): Buffer {
  const pieces = jsonPieces(value);
  let needed = 0;
  for (const piece of pieces) needed += piece.length * 3;
  const into = needed > MAX_ROOM ? Buffer.allocUnsafe(needed) : roomOf(needed);
  let length = 0;
  for (const piece of pieces) length += into.write(piece, length, 'utf8');
  return into === room ? Buffer.from(room.subarray(0, length)) : into.subarray(0, length);
}

function roomOf(size: number): Buffer {
  if (room.length < size) room = Buffer.allocUnsafe(size);
  return room;
}

/** JSON.stringify(value) in pieces: lists of more than ROWS_A_PIECE rows, a piece per rows. */
function jsonPieces(value: unknown): string[] {
  if (isLongList(value)) return listPieces(value, []);
  if (!isPlainRecord(value) || !Object.values(value).some(isLongList)) {
    // undefined (or a function) has no JSON: a body must hold a value.
    const text = JSON.stringify(value) as string | undefined;
    return [text ?? 'null'];
  }
  // A record holding a long list (a list page: items and nextCursor), property by property.
  const pieces = ['{'];
  for (const [name, property] of Object.entries(value)) {
    const list = isLongList(property) ? property : undefined;
    const text = list ? '' : (JSON.stringify(property) as string | undefined);
    // No JSON (undefined, a function, a toJSON answering undefined): left out, as it would be.
    if (text === undefined) continue;
    pieces.push(`${pieces.length > 1 ? ',' : ''}${JSON.stringify(name)}:`);
    if (list) listPieces(list, pieces);
    else pieces.push(text);
  }
  pieces.push('}');
  return pieces;
}

/** A list long enough to go in pieces, written as its rows (no toJSON of its own). */
const isLongList = (value: unknown): value is unknown[] =>
  Array.isArray(value) && value.length > ROWS_A_PIECE && !('toJSON' in value);

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
function listPieces(list: unknown[], pieces: string[]): string[] {
  const first = JSON.stringify(list.slice(0, ROWS_A_PIECE));
  if (Buffer.byteLength(first, 'utf8') === first.length) {
    pieces.push(first.slice(0, -1), ',', JSON.stringify(list.slice(ROWS_A_PIECE)).slice(1));
    return pieces;
  }
  pieces.push(first.slice(0, -1));
  for (let start = ROWS_A_PIECE; start < list.length; start += ROWS_A_PIECE) {
    pieces.push(',', JSON.stringify(list.slice(start, start + ROWS_A_PIECE)).slice(1, -1));
  }
  pieces.push(']');
  return pieces;
}
