// `serve`: the HTTP API, with the worker unless --no-worker.
import type { Command } from 'commander';
import type { CommandKit } from '../command-kit.js';

export function registerServe(program: Command, { config }: CommandKit): void {
  program
    .command('serve')
    .description('Run the HTTP API (with the worker unless --no-worker).')
    .option('--no-worker', 'do not run background work in this process')
    .action(async (o: { worker: boolean }) => {
      // Tracing first, so that its instrumentations see the modules the server loads; not loaded at all when off.
      const tracing = config.tracing
        ? (await import('../../tracing/tracing.js')).startTracing(config.tracing, 'api')
        : null;
      const { startServer } = await import('../../server.js');
      await startServer(config, { worker: o.worker, tracing });
    });
}
