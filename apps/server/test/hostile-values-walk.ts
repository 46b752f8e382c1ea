import { RANGE_SEPARATOR } from '@listina/contract';
import { filterFieldsOf } from '../src/modules/tables/list-plan';
import { findEntity } from '../src/modules/tables/registry';
import type { FormPart } from './upload';
import {
  CLASS_NAMES,
  HOSTILE_CLASSES,
  PROTOTYPE_NAMES,
  queryText,
  TAMPERED_CURSORS,
  type HostileClass,
} from './hostile-values';
import type { Req } from './route-walk-world';

/**
 * The requests of the hostile-values walk (issue 22): from one valid request of a call, the
 * same request with one body field, query parameter, path parameter or multipart text field
 * given a hostile value, and the classes that need no field (a `__proto__` key, an unknown
 * query parameter, tampered cursors, filters on prototype names and impossible values).
 */

/** A request as sent: JSON bodies as text, so a `__proto__` key goes out as written. */
export interface HostileReq {
  label: string;
  method: Req['method'];
  url: string;
  body?: string;
  parts?: FormPart[];
}

/** Classes every field that names a record (…Key, …Keys, …Id) or a date is also given. */
const KEY_CLASSES: HostileClass[] = ['empty', 'blank', 'notUuid', 'protoName', 'nul'];
const DATE_CLASSES: HostileClass[] = ['impossibleDate', 'zeroDate'];
const isKeyField = (name: string) => /(key|keys|id|ids)$/i.test(name);
const isDateField = (name: string) => /date/i.test(name);

/**
 * Hands out the classes in turn from a per-call offset: `perField` a field, so a call with a
 * few fields meets every class, and each field some, the same ones every run.
 */
export class ClassDealer {
  private turn: number;
  constructor(
    offset: number,
    private readonly perField: number,
  ) {
    this.turn = offset;
  }

  deal(field: string): HostileClass[] {
    const dealt = Array.from(
      { length: this.perField },
      (_, i) => CLASS_NAMES[(this.turn + i) % CLASS_NAMES.length] as HostileClass,
    );
    this.turn += this.perField;
    const extra = [
      ...(isKeyField(field) ? KEY_CLASSES : []),
      ...(isDateField(field) ? DATE_CLASSES : []),
    ];
    return [...new Set([...dealt, ...extra])];
  }
}

/** The body's field paths: top level, and the fields of a nested list's first row. */
function fieldPaths(body: Record<string, unknown>, declared: readonly string[]): string[][] {
  const paths: string[][] = [];
  for (const name of new Set([...Object.keys(body), ...declared])) {
    paths.push([name]);
    const value = body[name];
    if (Array.isArray(value) && value[0] && typeof value[0] === 'object')
      for (const inner of Object.keys(value[0] as object)) paths.push([name, '0', inner]);
  }
  return paths;
}

/** A copy of the body with the value at path replaced (own properties, `__proto__` too). */
function withValue(body: unknown, path: string[], value: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  if (Array.isArray(body)) {
    const copy: unknown[] = [...(body as unknown[])];
    copy[Number(head)] = withValue(copy[Number(head)], rest, value);
    return copy;
  }
  const copy: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  Object.defineProperty(copy, head, {
    value: withValue(copy[head], rest, value),
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return copy;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * encodeURIComponent, except that a lone surrogate (which it refuses) goes out as the three
 * bytes a careless encoder writes for it (WTF-8), as a broken client would send it.
 */
export function encodeHostile(text: string): string {
  const pieces = text.split(LONE_SURROGATE).map(encodeURIComponent);
  const lone = (text.match(LONE_SURROGATE) ?? []).map((char) => {
    const code = char.charCodeAt(0);
    return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
      .map((byte) => `%${byte.toString(16).toUpperCase()}`)
      .join('');
  });
  return pieces.map((piece, i) => piece + (lone[i] ?? '')).join('');
}

/** The URL with the query parameter set to the value (a list: the name repeated). */
function setQuery(url: string, name: string, value: string | string[]): string {
  const [path = '', search = ''] = url.split('?');
  const pairs = [...new URLSearchParams(search)].filter(([n]) => n !== name);
  const text = [
    ...pairs.map(([n, v]) => `${encodeURIComponent(n)}=${encodeURIComponent(v)}`),
    ...[value].flat().map((v) => `${encodeHostile(name)}=${encodeHostile(v)}`),
  ].join('&');
  return `${path}?${text}`;
}

/** The table a list call reads: /api/cl/{name} in brackets, or a root table's path. */
export function tableOf(call: string): string | undefined {
  const bracket = /\[(\w+)\]$/.exec(call)?.[1];
  if (bracket) return bracket;
  return /^GET \/api\/(doc|payOrder|payPackage)$/.exec(call)?.[1];
}

export interface Operation {
  /** The OpenAPI path template. */
  path: string;
  query: readonly string[];
  bodyFields: readonly string[];
}

/** Every hostile request of one call, from its valid request. */
export function hostileRequests(
  call: string,
  op: Operation,
  base: Req,
  dealer: ClassDealer,
): HostileReq[] {
  const out: HostileReq[] = [];
  const json = (label: string, url: string, body: unknown) =>
    out.push({ label, method: base.method, url, body: JSON.stringify(body) });
  const plain = (label: string, url: string) =>
    base.parts
      ? out.push({ label, method: base.method, url, parts: base.parts })
      : out.push({
          label,
          method: base.method,
          url,
          ...(base.payload ? { body: JSON.stringify(base.payload) } : {}),
        });

  // Body fields.
  const body = (base.payload ?? {}) as Record<string, unknown>;
  if (!base.parts && (base.payload || op.bodyFields.length > 0)) {
    for (const path of fieldPaths(body, op.bodyFields))
      for (const kind of dealer.deal(path[path.length - 1] ?? ''))
        json(
          `body ${path.join('.')}=${kind}`,
          base.url,
          withValue(body, path, HOSTILE_CLASSES[kind]),
        );
    // A valid JSON body holding __proto__ (and constructor.prototype) keys.
    out.push({
      label: 'body __proto__ key',
      method: base.method,
      url: base.url,
      body: `{"__proto__":{"isAdmin":true},${JSON.stringify(body).slice(1)}`.replace(/,}$/, '}'),
    });
    json('body constructor key', base.url, withValue(body, ['constructor'], { prototype: {} }));
  }
  // Multipart text fields.
  for (const [index, part] of (base.parts ?? []).entries()) {
    if (!('value' in part)) continue;
    for (const kind of dealer.deal(part.name)) {
      const text = queryText(kind);
      if (typeof text !== 'string') continue;
      const parts = [...(base.parts ?? [])];
      parts[index] = { name: part.name, value: text };
      out.push({ label: `part ${part.name}=${kind}`, method: base.method, url: base.url, parts });
    }
  }
  // Query parameters, declared or not.
  for (const name of op.query) {
    for (const kind of dealer.deal(name)) {
      const text = queryText(kind);
      if (text === undefined)
        plain(
          `query ${name}[x]=${kind}`,
          `${base.url}${base.url.includes('?') ? '&' : '?'}${name}[x]=1`,
        );
      else plain(`query ${name}=${kind}`, setQuery(base.url, name, text));
    }
  }
  plain('query unknown parameter', setQuery(base.url, 'partner', 'x'));
  plain('query __proto__ parameter', setQuery(base.url, '__proto__', 'x'));
  // Path parameters.
  const template = op.path.split('/');
  const segments = (base.url.split('?')[0] ?? '').split('/');
  template.forEach((part, index) => {
    if (!part.startsWith('{') || index >= segments.length) return;
    for (const kind of dealer.deal(part.slice(1, -1))) {
      const text = queryText(kind);
      if (typeof text !== 'string' || text === '') continue;
      const changed = [...segments];
      changed[index] = encodeHostile(text);
      plain(`path ${part}=${kind}`, changed.join('/') + base.url.slice(segments.join('/').length));
    }
  });
  // A list's cursors and filters.
  if (op.query.includes('cursor'))
    for (const [i, cursor] of TAMPERED_CURSORS.entries())
      plain(`cursor tampered #${i}`, setQuery(base.url, 'cursor', cursor));
  const entity = findEntity(tableOf(call) ?? '');
  if (entity && op.query.includes('filter')) {
    for (const name of PROTOTYPE_NAMES)
      plain(`filter ${name}:x`, setQuery(base.url, 'filter', `${name}:x`));
    for (const field of filterFieldsOf(entity))
      for (const kind of dealer.deal(field)) {
        const text = queryText(kind);
        if (typeof text !== 'string') continue;
        plain(`filter ${field}:${kind}`, setQuery(base.url, 'filter', `${field}:${text}`));
        plain(
          `filter ${field}:range ${kind}`,
          setQuery(base.url, 'filter', `${field}:${text}${RANGE_SEPARATOR}${text}`),
        );
      }
  }
  return out;
}
