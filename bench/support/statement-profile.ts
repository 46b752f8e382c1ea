import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * The SQL statements the server sends while a piece of work runs, counted and timed at the
 * driver (node-postgres `Client#query`, PGlite `query` and `exec`): how many round trips a
 * call makes and which of them take the time. A statement's time runs from the driver's call
 * to its answer; statements sent together in one pipeline (PostgreSQL) overlap, so their sum
 * can exceed the wall time. Only the drivers of this process are seen (the server measured in
 * it), and only while `measure` runs; the wrapping itself costs well under a microsecond.
 */
export interface StatementStats {
  statement: string;
  count: number;
  ms: number;
}

type Query = (this: unknown, ...args: unknown[]) => unknown;
let active: Map<string, StatementStats> | undefined;
let installed = false;

/** The statement's text, shortened to what tells it apart: its first words. */
function labelOf(first: unknown): string {
  const text =
    typeof first === 'string'
      ? first
      : typeof first === 'object' && first !== null && 'text' in first
        ? String(first.text)
        : String(first);
  const words = text.replace(/\s+/g, ' ').trim();
  return words.length > 90 ? `${words.slice(0, 87)}...` : words;
}

function wrap(target: object, name: string) {
  const original = (target as Record<string, Query>)[name];
  if (!original) throw new Error(`no ${name} to wrap`);
  (target as Record<string, Query>)[name] = function (this: unknown, ...args: unknown[]) {
    const stats = active;
    const started = performance.now();
    const result = original.apply(this, args);
    if (stats && result instanceof Promise) {
      const label = labelOf(args[0]);
      const done = () => {
        const entry = stats.get(label) ?? { statement: label, count: 0, ms: 0 };
        entry.count += 1;
        entry.ms += performance.now() - started;
        stats.set(label, entry);
      };
      result.then(done, done);
    }
    return result;
  };
}

function install() {
  if (installed) return;
  installed = true;
  wrap(pg.Client.prototype, 'query');
  wrap(PGlite.prototype, 'query');
  wrap(PGlite.prototype, 'exec');
}

/** Runs the work with the drivers watched; the statements it caused, the most time first. */
export async function measureStatements<T>(
  work: () => Promise<T>,
): Promise<{ result: T; statements: StatementStats[]; wallMs: number }> {
  install();
  const stats = new Map<string, StatementStats>();
  active = stats;
  const started = performance.now();
  try {
    const result = await work();
    return {
      result,
      wallMs: performance.now() - started,
      statements: [...stats.values()].sort((a, b) => b.ms - a.ms),
    };
  } finally {
    active = undefined;
  }
}
