// Tracing as `serve` starts it when OTEL_EXPORTER_OTLP_ENDPOINT is set, its spans kept in memory: a product written
// over real HTTP gives one trace of the caller's request, the server's span named by its route, the service's call
// and its SQL statements, each with the request id, and those after authentication with the tenant.
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { asJob } from '../../src/lib/job-runs.js';
import { startTracing, type Tracing } from '../../src/tracing/tracing.js';
import { productBody } from '../helpers/request-bodies.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngine } from '../helpers/test-database.js';

const REQUEST_ID = 'quartermaster.request_id';
const TENANT_ID = 'quartermaster.tenant_id';

describe('tracing', () => {
  const exporter = new InMemorySpanExporter();
  let tracing: Tracing;
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    const settings = loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' }).tracing!;
    tracing = startTracing(settings, 'api', { exporter });
    t = await buildTestApp({ tracing });
    url = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t.close();
    await tracing.shutdown();
  });

  const traceOf = (span: ReadableSpan) =>
    exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === span.spanContext().traceId);

  it('gives a product write one trace of HTTP, service and SQL spans, with the request id and the tenant', async () => {
    const res = await fetch(`${url}/api/v1/operations/products`, {
      method: 'POST',
      headers: { ...t.auth, 'content-type': 'application/json', 'x-request-id': 'trace-write-1' },
      body: JSON.stringify(productBody({ sku: 'TRACE-1' })),
    });
    expect(res.status, await res.text()).toBe(201);

    const server = exporter
      .getFinishedSpans()
      .find((s) => s.kind === SpanKind.SERVER && s.attributes[REQUEST_ID] === 'trace-write-1');
    expect(server?.name).toBe('POST /api/v1/operations/products');
    expect(server!.attributes['http.route']).toBe('/api/v1/operations/products');
    expect(server!.attributes[TENANT_ID]).toBe(t.tenant.tenantId);
    const spans = traceOf(server!);

    // The caller's request (undici, this test's fetch) is the trace's root; the server's span is its child.
    const client = spans.find((s) => s.kind === SpanKind.CLIENT && s.instrumentationScope.name.includes('undici'));
    expect(client).toBeDefined();
    expect(server!.parentSpanContext?.spanId).toBe(client!.spanContext().spanId);

    const service = spans.find((s) => s.name === 'ProductService.create');
    expect(service, spans.map((s) => s.name).join(', ')).toBeDefined();
    const statements = spans.filter((s) =>
      testEngine === 'sqlite'
        ? s.attributes['db.system.name'] === 'sqlite'
        : s.instrumentationScope.name === '@opentelemetry/instrumentation-pg' && s.name.startsWith('pg.query'),
    );
    const insert = statements.find((s) =>
      /insert into "products"/i.test(String(s.attributes['db.query.text'] ?? s.attributes['db.statement'])),
    );
    expect(insert, statements.map((s) => s.name).join(', ')).toBeDefined();

    // The insert runs within the service's call, which runs within the request.
    const ancestors = (span: ReadableSpan): string[] => {
      const parent = spans.find((s) => s.spanContext().spanId === span.parentSpanContext?.spanId);
      return parent ? [parent.name, ...ancestors(parent)] : [];
    };
    expect(ancestors(insert!)).toEqual(expect.arrayContaining(['ProductService.create', server!.name]));

    for (const span of spans.filter((s) => s !== client))
      expect(span.attributes[REQUEST_ID], span.name).toBe('trace-write-1');
    for (const span of [service!, insert!]) expect(span.attributes[TENANT_ID], span.name).toBe(t.tenant.tenantId);
  });

  it('records a worker job as a span of its own, with the statements it runs', async () => {
    await asJob('events publish', {}, () => t.services.publisher.publishAll());
    const job = exporter.getFinishedSpans().find((s) => s.name === 'events publish');
    expect(job).toBeDefined();
    expect(traceOf(job!).length).toBeGreaterThan(1);
  });

  it('records no span for probes and scrapes', async () => {
    exporter.reset();
    for (const path of ['/health', '/ready', '/metrics']) expect((await fetch(`${url}${path}`)).status).toBe(200);
    expect(exporter.getFinishedSpans().filter((s) => s.kind === SpanKind.SERVER)).toEqual([]);
  });
});
