import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { LogEvent } from 'kysely';
import { routeOf } from './logging';
import { setQueryObserver } from './query-observer';

/**
 * OpenTelemetry traces over OTLP/HTTP with JSON encoding (docs/operations.md
 * "Observability"): a server span per request, continuing an incoming W3C traceparent, and a
 * client span per database statement run within it. Loaded only when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set (app.ts imports this module dynamically).
 */
export interface TracingConfig {
  /** The collector's base URL; spans go to <endpoint>/v1/traces. */
  endpoint: string;
  serviceName: string;
}

interface Span {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes: { key: string; value: { stringValue?: string; intValue?: number } }[];
  status: { code: number };
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}$/;
const SERVER = 2;
const CLIENT = 3;
const BATCH = 512;
const FLUSH_MS = 2000;
const ERROR = 2;

const nanos = (ms: number) => (BigInt(Math.round(ms * 1000)) * 1000n).toString();
const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const text = (key: string, value: string) => ({ key, value: { stringValue: value } });

interface Current {
  traceId: string;
  spanId: string;
}

export function registerTracing(app: FastifyInstance, config: TracingConfig): void {
  const current = new AsyncLocalStorage<Current>();
  const started = new WeakMap<FastifyRequest, { ids: Current; parent?: string; at: number }>();
  let pending: Span[] = [];
  const url = `${config.endpoint.replace(/\/$/, '')}/v1/traces`;

  const flush = async () => {
    if (pending.length === 0) return;
    const spans = pending;
    pending = [];
    const body = {
      resourceSpans: [
        {
          resource: { attributes: [text('service.name', config.serviceName)] },
          scopeSpans: [{ scope: { name: 'listina' }, spans }],
        },
      ],
    };
    try {
      await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(5000),
      });
    } catch (error) {
      app.log.warn({ err: error }, 'traces could not be sent');
    }
  };
  const add = (span: Span) => {
    pending.push(span);
    if (pending.length >= BATCH) void flush();
  };
  const timer = setInterval(() => void flush(), FLUSH_MS);
  timer.unref();

  app.addHook('onRequest', (request, _reply, done) => {
    const parent = TRACEPARENT.exec(String(request.headers.traceparent ?? ''));
    const ids = { traceId: parent?.[1] ?? hex(16), spanId: hex(8) };
    started.set(request, { ids, parent: parent?.[2], at: Date.now() });
    // The rest of the request runs inside: its statements find their parent span.
    current.run(ids, done);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const begun = started.get(request);
    if (begun) {
      const route = routeOf(request);
      const bindings = (
        request.log as unknown as { bindings(): Record<string, unknown> }
      ).bindings();
      const attributes = [
        text('http.request.method', request.method),
        text('http.route', route),
        { key: 'http.response.status_code', value: { intValue: reply.statusCode } },
        text('listina.request_id', String(request.id)),
      ];
      if (typeof bindings.userId === 'string') attributes.push(text('enduser.id', bindings.userId));
      if (typeof bindings.organizationId === 'string')
        attributes.push(text('listina.organization_id', bindings.organizationId));
      add({
        ...begun.ids,
        ...(begun.parent ? { parentSpanId: begun.parent } : {}),
        name: `${request.method} ${route}`,
        kind: SERVER,
        startTimeUnixNano: nanos(begun.at),
        endTimeUnixNano: nanos(begun.at + reply.elapsedTime),
        attributes,
        status: { code: reply.statusCode >= 500 ? ERROR : 0 },
      });
    }
    done();
  });
  setQueryObserver((event: LogEvent) => {
    const parent = current.getStore();
    if (!parent) return;
    const end = Date.now();
    const statement = event.query.sql;
    add({
      traceId: parent.traceId,
      spanId: hex(8),
      parentSpanId: parent.spanId,
      name: statement.slice(0, statement.search(/\s|$/)).toLowerCase() || 'query',
      kind: CLIENT,
      startTimeUnixNano: nanos(end - event.queryDurationMillis),
      endTimeUnixNano: nanos(end),
      attributes: [text('db.system', 'postgresql'), text('db.statement', statement.slice(0, 2000))],
      status: { code: event.level === 'error' ? ERROR : 0 },
    });
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    setQueryObserver(undefined);
    await flush();
  });
}
