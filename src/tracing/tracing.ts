// OpenTelemetry tracing, loaded only when the configuration turns it on (a dynamic import: with tracing off not
// one of its modules is read). It records:
// - HTTP: the server span of each request (named by its route pattern) and the spans of outgoing requests
//   (webhook deliveries through undici), with W3C `traceparent` taken from and given to other services;
// - the services: one span per call of a service's method (`ProductService.create`);
// - SQL: PostgreSQL's statements and pool through the pg instrumentation, SQLite's statements at the driver;
// - the worker's jobs: webhook deliveries, import batches, publisher runs (src/lib/job-runs.ts);
// and puts the request id and the tenant on every span of a request or a job.
import { createRequire } from 'node:module';
import { SpanKind, context, propagation, trace, type Span, type Tracer } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  ConsoleSpanExporter,
  ParentBasedSampler,
  SimpleSpanProcessor,
  TraceIdRatioBasedSampler,
  TracerProvider,
  type SpanExporter,
} from '@opentelemetry/sdk-trace';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TracingSettings } from '../config.js';
import { statementObservation } from '../db/connection-use.js';
import { jobRecording } from '../lib/job-runs.js';
import { WorkContextSpanProcessor, REQUEST_ID, TENANT_ID } from './work-context-spans.js';
import { traceServiceMethods } from './service-spans.js';
import { settled } from './settled.js';

/** Which process records: its spans say so (`quartermaster.process`). */
export type ProcessRole = 'api' | 'worker';

export interface Tracing {
  /** Names each request's server span by its route, and traces the app's services. */
  instrumentApp(app: FastifyInstance): void;
  /** Traces the methods of the services found in `services` (a worker process's, which has no app). */
  instrumentServices(services: object): void;
  /** Sends the spans still held, then stops recording. */
  shutdown(): Promise<void>;
}

/** Probes and scrapes come every few seconds and say nothing of the work: no span for them. */
const UNTRACED_PATHS = new Set(['/health', '/ready', '/metrics']);

/** Modules the instrumentations patch, required again once they are on: the process may have loaded them already. */
const PATCHED_MODULES = ['http', 'https', 'pg', 'pg-pool'];

function exporterFor(settings: TracingSettings): SpanExporter {
  if (settings.exporter === 'console') return new ConsoleSpanExporter();
  return new OTLPTraceExporter({ url: settings.endpoint, headers: { ...settings.headers } });
}

export interface TracingOptions {
  /** Where spans go instead of the configured exporter, each as it ends (tests: an in-memory exporter). */
  exporter?: SpanExporter;
}

export function startTracing(settings: TracingSettings, role: ProcessRole, options: TracingOptions = {}): Tracing {
  const exporter = options.exporter ?? exporterFor(settings);
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': settings.serviceName, 'quartermaster.process': role }),
    sampler: new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(settings.sampleRatio) }),
    spanProcessors: [
      new WorkContextSpanProcessor(),
      options.exporter ? new SimpleSpanProcessor({ exporter }) : new BatchSpanProcessor({ exporter }),
    ],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  const disable = registerInstrumentations({
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.has((request.url ?? '').split('?')[0]!),
      }),
      new UndiciInstrumentation(),
      // The worker's polls (every WEBHOOK_POLL_INTERVAL_MS) would each make a trace of their own: statements are
      // recorded within a request or a job only.
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });
  const require = createRequire(import.meta.url);
  for (const name of PATCHED_MODULES) require(name);

  const tracer = trace.getTracer('quartermaster');
  statementObservation.observer = (engine, query, run) =>
    engine === 'sqlite' && trace.getActiveSpan() !== undefined ? sqliteStatementSpan(tracer, query.sql, run) : run();
  jobRecording.recorder = (name, attributes, work) =>
    tracer.startActiveSpan(name, { attributes }, (span) => settled(span, work));

  return {
    instrumentApp(app) {
      nameServerSpans(app);
      app.addHook('onReady', async () => traceServiceMethods(tracer, app.services));
    },
    instrumentServices: (services) => traceServiceMethods(tracer, services),
    async shutdown() {
      statementObservation.observer = null;
      jobRecording.recorder = null;
      disable();
      await provider.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}

/** `SELECT`, `INSERT`… from a statement's text. */
function operationOf(sql: string): string {
  return /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? 'SQL';
}

function sqliteStatementSpan<T>(tracer: Tracer, sql: string, run: () => Promise<T>): Promise<T> {
  const operation = operationOf(sql);
  const attributes = { 'db.system.name': 'sqlite', 'db.operation.name': operation, 'db.query.text': sql };
  return tracer.startActiveSpan(`${operation} sqlite`, { kind: SpanKind.CLIENT, attributes }, (span) =>
    settled(span, run),
  );
}

/**
 * The server span the HTTP instrumentation opened for a request is named `GET` alone: it is renamed by the route
 * pattern (`GET /api/v1/operations/products/:id`) and given the request id, and the tenant once authenticated.
 */
function nameServerSpans(app: FastifyInstance): void {
  const spans = new WeakMap<FastifyRequest, Span>();
  app.addHook('onRequest', (request, _reply, done) => {
    const span = trace.getActiveSpan();
    if (span) {
      spans.set(request, span);
      const route = request.routeOptions.url;
      span.setAttribute(REQUEST_ID, request.id);
      if (route !== undefined) {
        span.setAttribute('http.route', route);
        span.updateName(`${request.method} ${route}`);
      }
    }
    done();
  });
  app.addHook('onResponse', (request, _reply, done) => {
    const tenant = request.auth?.tenantId;
    if (tenant) spans.get(request)?.setAttribute(TENANT_ID, tenant);
    done();
  });
}
