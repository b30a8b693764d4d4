// `worker`: background work, with only its probes and metrics on WORKER_PORT, until SIGTERM or SIGINT.
import type { Command } from 'commander';
import { createWorker } from '../../worker.js';
import { withServices, type CommandKit } from '../command-kit.js';

function waitForSignal(): Promise<string> {
  return new Promise((resolve) => {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => resolve(signal));
  });
}

export function registerWorker(program: Command, { config }: CommandKit): void {
  program
    .command('worker')
    .description('Run background work only (HTTP on WORKER_PORT for /health, /ready and /metrics).')
    .action(async () => {
      const { createLogger } = await import('../../lib/logger.js');
      const { startWorkerProbes } = await import('../../worker-probes.js');
      const log = createLogger(config);
      const tracing = config.tracing
        ? (await import('../../tracing/tracing.js')).startTracing(config.tracing, 'worker')
        : null;
      await withServices(
        config,
        async (services, database) => {
          database.checkpointInBackground();
          tracing?.instrumentServices(services);
          const worker = createWorker(services, log, database, config);
          const probes = await startWorkerProbes(config, services, database, log);
          worker.start();
          log.info('worker started');
          log.info({ signal: await waitForSignal() }, 'worker stopping');
          await worker.stop();
          await probes.close();
          await tracing?.shutdown();
        },
        config.databasePoolSize,
        log,
      );
    });
}
