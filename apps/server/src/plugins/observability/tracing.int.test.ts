import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/factories';

interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: { stringValue?: string; intValue?: number } }[];
}

/** A local stand-in for an OpenTelemetry collector: keeps what is POSTed to /v1/traces. */
let collector: http.Server;
let received: { path: string; spans: ReceivedSpan[] }[];
let endpoint: string;
let t: TestApp | undefined;

beforeEach(async () => {
  received = [];
  collector = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const parsed = JSON.parse(body) as {
        resourceSpans: { scopeSpans: { spans: ReceivedSpan[] }[] }[];
      };
      const spans = parsed.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans));
      received.push({ path: request.url ?? '', spans });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
});

afterEach(async () => {
  await t?.close();
  t = undefined;
  await new Promise((resolve) => collector.close(resolve));
});

const attribute = (span: ReceivedSpan | undefined, key: string) => {
  const found = span?.attributes.find((a) => a.key === key)?.value;
  return found?.stringValue ?? found?.intValue;
};

describe('OpenTelemetry traces', () => {
  it('sends a span per request continuing the incoming traceparent, with its statements', async () => {
    t = await createTestApp({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint });
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const parentId = '00f067aa0ba902b7';
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { traceparent: `00-${traceId}-${parentId}-01` },
    });
    expect(res.statusCode).toBe(200);
    // Closing sends what is waiting.
    await t.close();
    t = undefined;

    expect(received.map((batch) => batch.path)).toContain('/v1/traces');
    const spans = received.flatMap((batch) => batch.spans);
    const request = spans.find((span) => span.name === 'GET /api/health');
    expect(request).toMatchObject({ traceId, parentSpanId: parentId, kind: 2 });
    expect(attribute(request, 'http.route')).toBe('/api/health');
    expect(attribute(request, 'http.response.status_code')).toBe(200);
    expect(attribute(request, 'listina.request_id')).toBe(res.headers['x-request-id']);
    const statement = spans.find((span) => span.parentSpanId === request?.spanId);
    expect(statement).toMatchObject({ traceId, name: 'select', kind: 3 });
    expect(attribute(statement, 'db.statement')).toBe('select 1');
  });

  it('sends nothing when no endpoint is set', async () => {
    t = await createTestApp();
    await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { traceparent: `00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01` },
    });
    await t.close();
    t = undefined;
    expect(received).toEqual([]);
  });
});
