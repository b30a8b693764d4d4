// `worker`: background work only, no HTTP, until SIGTERM or SIGINT.
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
    .description('Run background work only (no HTTP).')
    .action(async () => {
      const { createLogger } = await import('../../lib/logger.js');
      const log = createLogger(config);
      await withServices(
        config,
        async (services, database) => {
          database.checkpointInBackground();
          const worker = createWorker(services, log, database, config);
          worker.start();
          log.info('worker started');
          log.info({ signal: await waitForSignal() }, 'worker stopping');
          await worker.stop();
        },
        config.databasePoolSize,
        log,
      );
    });
}
