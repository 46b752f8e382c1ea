import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Db, DbHandle } from '../../db/create-db';
import { label, metricText, type HttpMetrics } from '../../plugins/observability/metrics';
import { createProcessMetrics } from '../../plugins/observability/process-metrics';

/** The job table is counted at most this often; scrapes in between get the last counts. */
export const JOB_COUNTS_TTL_MS = 5000;
export const FAILED_COUNTS_TTL_MS = 60_000;
const LIVE = sql`state in ('queued', 'running')`;
const FAILED = sql`state = 'failed' and updated_at > now() - interval '1 day'`;
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export interface MetricsDeps {
  db: Db;
  /** The HTTP figures of this process; none in a worker that serves only the system routes. */
  http?: HttpMetrics;
  pool?: DbHandle['pool'];
  /** Open notification streams (SSE). */
  streams?: () => number;
  token?: string | undefined;
  /** The retention figures of a worker process (modules/retention). */
  retention?: () => string;
}

/**
 * Who may read GET /api/metrics (docs/security.md): a caller on this machine that came
 * straight, not through a proxy (no X-Forwarded-For), or one with the METRICS_TOKEN bearer.
 */
export function mayReadMetrics(request: FastifyRequest, token: string | undefined): boolean {
  const header = request.headers.authorization;
  if (token && typeof header === 'string') {
    const given = Buffer.from(header.replace(/^Bearer\s+/i, '').trim());
    const wanted = Buffer.from(token);
    if (given.length === wanted.length && timingSafeEqual(given, wanted)) return true;
  }
  const address = request.socket.remoteAddress ?? '';
  return LOOPBACK.has(address) && request.headers['x-forwarded-for'] === undefined;
}

/** The Prometheus text of this process: HTTP, jobs, database pool, streams and the process. */
export function createMetricsText(deps: MetricsDeps): { text(): Promise<string>; stop(): void } {
  const processMetrics = createProcessMetrics();
  const live = cached(JOB_COUNTS_TTL_MS, () => countJobs(deps.db, LIVE));
  // Failed jobs have no index of their own: counted far less often.
  const failed = cached(FAILED_COUNTS_TTL_MS, () => countJobs(deps.db, FAILED));
  const jobCounts = async () => [...(await live()), ...(await failed())];
  return {
    async text() {
      const parts = [deps.http?.text() ?? ''];
      const counts = await jobCounts().catch(() => undefined);
      if (counts)
        parts.push(
          metricText(
            'listina_jobs',
            'gauge',
            'Background jobs by kind and state (failed: in the last 24 hours).',
            counts.map((row): [string, number] => [
              `${label('kind', row.kind)},${label('state', row.state)}`,
              Number(row.count),
            ]),
          ),
        );
      if (deps.pool) {
        const { totalCount, idleCount, waitingCount } = deps.pool;
        parts.push(
          metricText('listina_db_pool_connections', 'gauge', 'PostgreSQL pool connections.', [
            ['state="total"', totalCount],
            ['state="idle"', idleCount],
            ['state="busy"', totalCount - idleCount],
          ]),
          metricText('listina_db_pool_waiting', 'gauge', 'Queries waiting for a connection.', [
            ['', waitingCount],
          ]),
        );
      }
      if (deps.streams)
        parts.push(
          metricText('listina_sse_streams', 'gauge', 'Open notification streams.', [
            ['', deps.streams()],
          ]),
        );
      if (deps.retention) parts.push(deps.retention());
      parts.push(processMetrics.text());
      return parts.join('');
    },
    stop: () => processMetrics.stop(),
  };
}

interface JobCount {
  kind: string;
  state: string;
  count: string | number;
}

async function countJobs(db: Db, where: typeof LIVE): Promise<JobCount[]> {
  const { rows } = await sql<JobCount>`
    select kind, state, count(*) as count from job where ${where}
    group by kind, state order by kind, state`.execute(db);
  return rows;
}

/** The last answer of load, asked again once older than ttlMs; a failure is not kept. */
function cached<T>(ttlMs: number, load: () => Promise<T>): () => Promise<T> {
  let last: { at: number; value: Promise<T> } | undefined;
  return () => {
    if (!last || Date.now() - last.at > ttlMs) {
      const value = load();
      last = { at: Date.now(), value };
      value.catch(() => {
        if (last?.value === value) last = undefined;
      });
    }
    return last.value;
  };
}
