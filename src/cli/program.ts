// The operator CLI's commands, in the order `--help` lists them; each is built in its own file under commands/.
import { Command } from 'commander';
import type { Config } from '../config.js';
import { packageVersion } from '../lib/package-version.js';
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
import { registerBackup } from './commands/backup.js';
import { registerRestore } from './commands/restore.js';
import { registerEventsPurge } from './commands/events-purge.js';
import { registerImport } from './commands/import.js';
import { registerServe } from './commands/serve.js';
import { registerWorker } from './commands/worker.js';

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
  registerBackup,
  registerRestore,
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
