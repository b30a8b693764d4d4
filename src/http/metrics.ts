// Prometheus metrics: request durations by method, route pattern and status, beside the process's own metrics
// (src/process-metrics.ts), at GET /metrics.
import type { FastifyInstance } from 'fastify';
import { Histogram, type Registry } from 'prom-client';

export function registerMetrics(app: FastifyInstance, registry: Registry): void {
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration in seconds, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  app.addHook('onResponse', (request, reply, done) => {
    duration.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
  registerMetricsRoute(app, registry);
}

/** GET /metrics alone: what a worker's probe port serves. */
export function registerMetricsRoute(app: FastifyInstance, registry: Registry): void {
  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
