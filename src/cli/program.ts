// The operator CLI's commands, in the order `--help` lists them; each is built in its own file under commands/.
import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import type { Config } from '../config.js';
import { commandKit, type CliIo } from './command-kit.js';
import { registerTenantCreate } from './commands/tenant-create.js';
import { registerTenantUpdate } from './commands/tenant-update.js';
import { registerTenantList } from './commands/tenant-list.js';
import { registerUserCreate } from './commands/user-create.js';
import { registerUserList } from './commands/user-list.js';
import { registerUserUpdate } from './commands/user-update.js';
import { registerUserStatus } from './commands/user-status.js';
import { registerUserResetPassword } from './commands/user-reset-password.js';
import { registerTokenCreate } from './commands/token-create.js';
import { registerMigrate } from './commands/migrate.js';
import { registerEventsPurge } from './commands/events-purge.js';
import { registerImport } from './commands/import.js';
import { registerServe } from './commands/serve.js';
import { registerWorker } from './commands/worker.js';

/**
 * The package's version: from the nearest package.json of this package above this file (one level up from
 * src/ or dist/; further from a build placed elsewhere, such as the benchmark's).
 */
function packageVersion(): string {
  for (let dir = new URL('./', import.meta.url); ; dir = new URL('../', dir)) {
    try {
      const manifest = JSON.parse(readFileSync(new URL('package.json', dir), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (manifest.name === 'quartermaster' && manifest.version) return manifest.version;
    } catch {
      // No package.json here, or not ours: look further up.
    }
    if (dir.pathname === '/') return 'unknown';
  }
}

const COMMANDS = [
  registerTenantCreate,
  registerTenantUpdate,
  registerTenantList,
  registerUserCreate,
  registerUserList,
  registerUserUpdate,
  registerUserStatus,
  registerUserResetPassword,
  registerTokenCreate,
  registerMigrate,
  registerEventsPurge,
  registerImport,
  registerServe,
  registerWorker,
];

export function buildProgram(config: Config, io: CliIo): Command {
  const program = new Command('quartermaster')
    .description('Quartermaster operations backend: operator commands.')
    .version(packageVersion(), '-V, --version', 'print the version')
    .exitOverride()
    // Commander's own messages start with `error:`; ours with `Error:`. One spelling for both.
    .configureOutput({
      writeOut: io.stdout,
      writeErr: io.stderr,
      outputError: (text, write) => write(text.replace(/^error: /, 'Error: ')),
    });
  const kit = commandKit(config, io);
  for (const register of COMMANDS) register(program, kit);
  return program;
}
