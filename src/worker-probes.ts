// A `worker` process's own HTTP port (WORKER_PORT): /health, /ready and /metrics, so that a worker can be probed
// and scraped as an API process is. Nothing else is served there, and nothing there needs authentication.
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { registerHealth } from './http/health.js';
import { registerMetricsRoute } from './http/metrics.js';
import { processMetrics } from './process-metrics.js';
import type { Services } from './services.js';

/** Listens on `config.host` and `config.workerPort`; the log line `Worker probes listening at …` names the address. */
export async function startWorkerProbes(
  config: Pick<Config, 'host' | 'workerPort'>,
  services: Services,
  database: Database,
  log: FastifyBaseLogger,
): Promise<FastifyInstance> {
  // Probes and scrapes every few seconds would fill the log: only warnings and worse (a failed readiness check).
  const app = Fastify({ loggerInstance: log.child({}, { level: 'warn' }) });
  registerHealth(app, database.db);
  registerMetricsRoute(app, processMetrics(services, database));
  const address = await app.listen({ host: config.host, port: config.workerPort });
  log.info(`Worker probes listening at ${address}`);
  return app;
}
