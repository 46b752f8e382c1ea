import { FUZZ_SEED } from './fuzz';

/**
 * Values an attacker or a clumsy client sends where a field or a query parameter is expected
 * (issue 22, "Hostile values"): each class once found a 500 somewhere, or is one a database or
 * a parser is known to choke on. The walk (hostile-values.int.test.ts) sends every field of
 * every call some of them; the server answers 4xx or takes the value, never 500.
 */
export const HOSTILE_CLASSES = {
  /** PostgreSQL refuses U+0000 in text and jsonb. */
  nul: 'Dobavitelj\u0000d.o.o.',
  /** Where a reference key is expected: customerKey "". */
  empty: '',
  blank: '   ',
  impossibleDate: '2026-02-30',
  zeroDate: '0000-00-00',
  notUuid: 'not-a-uuid',
  /** Object prototype names, as values and as field names. */
  protoName: '__proto__',
  constructorName: 'constructor',
  toStringName: 'toString',
  /** Half of a UTF-16 pair: no character at all. */
  loneSurrogate: 'ab\uD800cd',
  longText: 'x'.repeat(10_000),
  /** Past Number.MAX_SAFE_INTEGER, and past every numeric column. */
  hugeNumber: 2 ** 53 + 2,
  negativeHuge: -1e300,
  fraction: 0.5,
  arrayForScalar: ['x', 'y'],
  objectForScalar: { value: 'x' },
  null: null,
  boolean: true,
} as const satisfies Record<string, unknown>;

export type HostileClass = keyof typeof HOSTILE_CLASSES;
export const CLASS_NAMES = Object.keys(HOSTILE_CLASSES) as HostileClass[];

/** The field names of Object.prototype a lookup by name must not find. */
export const PROTOTYPE_NAMES = [
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
] as const;

/**
 * List cursors the server never wrote: base64url JSON of the wrong shape or types, a cursor
 * with a value changed, and bytes that are no JSON at all.
 */
export const TAMPERED_CURSORS = [
  'not a cursor',
  Buffer.from('["2026-02-30",1]').toString('base64url'),
  Buffer.from('[{"__proto__":1},1]').toString('base64url'),
  Buffer.from('["x","y"]').toString('base64url'),
  Buffer.from('[1e400,"x"]').toString('base64url'),
  Buffer.from('["\\u0000",1]').toString('base64url'),
  Buffer.from('[null]').toString('base64url'),
  Buffer.from('{"a":1}').toString('base64url'),
  Buffer.from([0xff, 0xfe, 0x00]).toString('base64url'),
];

/** A query parameter's hostile value as text: the classes that can be written in a URL. */
export function queryText(kind: HostileClass): string | string[] | undefined {
  const value = HOSTILE_CLASSES[kind];
  if (Array.isArray(value)) return value;
  if (value === null || typeof value === 'object') return undefined;
  return String(value);
}

/** A small PRNG (mulberry32) with the fuzz tests' fixed seed: the same sample every run. */
export function seededRandom(seed = FUZZ_SEED): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** `count` of the classes, drawn without repeats. */
export function pick<T>(random: () => number, from: readonly T[], count: number): T[] {
  const rest = [...from];
  const chosen: T[] = [];
  while (chosen.length < count && rest.length > 0)
    chosen.push(...rest.splice(Math.floor(random() * rest.length), 1));
  return chosen;
}
