import type { FastifyInstance } from 'fastify';
import { routeOf } from './logging';

/** Seconds: 5 ms to 10 s (docs/operations.md "Observability"). */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface RouteSeries {
  /** Label text of the histogram: method="GET",route="/api/cl/:name". */
  labels: string;
  counts: Map<number, number>;
  buckets: number[];
  sum: number;
  total: number;
}

/** The HTTP request figures of this process; the series of a route are made on its first call. */
export interface HttpMetrics {
  record(method: string, route: string, status: number, seconds: number): void;
  /** The Prometheus text of the request counter and duration histogram. */
  text(): string;
}

const escape = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

export function createHttpMetrics(): HttpMetrics {
  const series = new Map<string, RouteSeries>();
  // Keyed by method, then route: a lookup, no label string built per request.
  const byMethod = new Map<string, Map<string, RouteSeries>>();
  const seriesOf = (method: string, route: string): RouteSeries => {
    let routes = byMethod.get(method);
    if (!routes) byMethod.set(method, (routes = new Map<string, RouteSeries>()));
    let found = routes.get(route);
    if (!found) {
      found = {
        labels: `method="${escape(method)}",route="${escape(route)}"`,
        counts: new Map(),
        buckets: DURATION_BUCKETS.map(() => 0),
        sum: 0,
        total: 0,
      };
      routes.set(route, found);
      series.set(found.labels, found);
    }
    return found;
  };
  return {
    record(method, route, status, seconds) {
      const one = seriesOf(method, route);
      one.counts.set(status, (one.counts.get(status) ?? 0) + 1);
      one.sum += seconds;
      one.total += 1;
      const at = DURATION_BUCKETS.findIndex((bound) => seconds <= bound);
      if (at >= 0) one.buckets[at] = (one.buckets[at] ?? 0) + 1;
    },
    text() {
      const lines = [
        '# HELP http_requests_total HTTP requests answered, by method, route pattern and status.',
        '# TYPE http_requests_total counter',
      ];
      for (const one of series.values())
        for (const [status, count] of one.counts)
          lines.push(`http_requests_total{${one.labels},status="${status}"} ${count}`);
      lines.push(
        '# HELP http_request_duration_seconds Time from request to answer, by method and route pattern.',
        '# TYPE http_request_duration_seconds histogram',
      );
      for (const one of series.values()) {
        let cumulative = 0;
        DURATION_BUCKETS.forEach((bound, index) => {
          cumulative += one.buckets[index] ?? 0;
          lines.push(
            `http_request_duration_seconds_bucket{${one.labels},le="${bound}"} ${cumulative}`,
          );
        });
        lines.push(`http_request_duration_seconds_bucket{${one.labels},le="+Inf"} ${one.total}`);
        lines.push(`http_request_duration_seconds_sum{${one.labels}} ${one.sum}`);
        lines.push(`http_request_duration_seconds_count{${one.labels}} ${one.total}`);
      }
      return `${lines.join('\n')}\n`;
    },
  };
}

/** Records every answer's method, route pattern, status and duration (cheap: map lookups). */
export function registerHttpMetrics(app: FastifyInstance, metrics: HttpMetrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.record(request.method, routeOf(request), reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}

/** One gauge or counter in the text format: its HELP and TYPE lines and its samples. */
export function metricText(
  name: string,
  type: 'gauge' | 'counter',
  help: string,
  samples: [labels: string, value: number][],
): string {
  const lines = [`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`];
  for (const [labels, value] of samples)
    lines.push(`${name}${labels ? `{${labels}}` : ''} ${value}`);
  return `${lines.join('\n')}\n`;
}

export const label = (name: string, value: string) => `${name}="${escape(value)}"`;
