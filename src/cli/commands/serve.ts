// `serve`: the HTTP API, with the worker unless --no-worker.
import type { Command } from 'commander';
import type { CommandKit } from '../command-kit.js';

export function registerServe(program: Command, { config }: CommandKit): void {
  program
    .command('serve')
    .description('Run the HTTP API (with the worker unless --no-worker).')
    .option('--no-worker', 'do not run background work in this process')
    .action(async (o: { worker: boolean }) => {
      const { startServer } = await import('../../server.js');
      await startServer(config, { worker: o.worker });
    });
}
