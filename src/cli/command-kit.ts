// What every operator command is built from: the terminal it writes to, the services it opens, and the checks
// several commands share (the tenant and user they name, the password they read).
import { InvalidArgumentError, Option } from 'commander';
import type { Config } from '../config.js';
import { createDatabase, type Database } from '../db/database.js';
import { migrateAtStartup } from '../db/migrate.js';
import { AppError, NotFoundError, ValidationError } from '../core/errors.js';
import { systemClock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import type { ServiceLog } from '../lib/service-log.js';
import { createServices, type Services } from '../services.js';

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** All of standard input (`--password-stdin`). */
  stdin?: () => Promise<string>;
  /** Present when stderr is a terminal: its width now, in columns. Progress is then drawn there (`import`). */
  stderrColumns?: () => number;
}

const PASSWORD_VARIABLE = 'QUARTERMASTER_PASSWORD';

export function positiveInteger(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n)) throw new InvalidArgumentError('must be an integer.');
  return n;
}

export function describeError(error: unknown): string {
  if (error instanceof ValidationError) {
    const details = Object.entries(error.errors).map(([field, messages]) => `  ${field}: ${messages.join(' ')}`);
    return [error.message, ...details].join('\n');
  }
  if (error instanceof AppError || error instanceof Error) return error.message;
  return String(error);
}

/** Opens the database, applies pending migrations, runs `work`, closes the database. */
export async function withServices<T>(
  config: Config,
  work: (services: Services, database: Database) => Promise<T>,
  poolSize = 2,
  log?: ServiceLog,
): Promise<T> {
  const database = createDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile, poolSize });
  try {
    await migrateAtStartup(database);
    return await work(createServices({ db: database.db, database, clock: systemClock, newId, config, log }), database);
  } finally {
    await database.close();
  }
}

/** What a command's registration is given. */
export interface CommandKit {
  config: Config;
  io: CliIo;
  /** Prints `value` as one line of JSON with `--json`, else `text`. */
  print(json: boolean, value: unknown, text: string): void;
  /** The tenant, or an error that names the id given. */
  requireTenant(services: Services, id: string): ReturnType<Services['tenants']['get']>;
  /** The tenant's user with this e-mail, or an error that names both. */
  requireUser(
    services: Services,
    tenantId: string,
    email: string,
  ): ReturnType<Services['userAdministration']['service']['getByEmail']>;
  /**
   * The password of the user a command creates: the option when given (visible in `ps` and the shell history),
   * else standard input with --password-stdin, else QUARTERMASTER_PASSWORD.
   */
  passwordOf(option: string | undefined, fromStdin: boolean | undefined, flag: string): Promise<string>;
  /** The `--password-stdin` option. */
  passwordStdin(): Option;
}

export function commandKit(config: Config, io: CliIo): CommandKit {
  const requireTenant = async (services: Services, id: string) => {
    try {
      return await services.tenants.get(id);
    } catch (error) {
      if (error instanceof NotFoundError) throw new Error(`Tenant ${id} not found.`, { cause: error });
      throw error;
    }
  };
  return {
    config,
    io,
    print: (json, value, text) => io.stdout(json ? `${JSON.stringify(value)}\n` : `${text}\n`),
    requireTenant,
    async requireUser(services, tenantId, email) {
      await requireTenant(services, tenantId);
      try {
        return await services.userAdministration.service.getByEmail(tenantId, email);
      } catch (error) {
        if (error instanceof NotFoundError)
          throw new Error(`No user ${email} in tenant ${tenantId}.`, { cause: error });
        throw error;
      }
    },
    async passwordOf(option, fromStdin, flag) {
      if (option !== undefined) return option;
      if (fromStdin) {
        if (!io.stdin) throw new Error('--password-stdin: standard input cannot be read here.');
        // One trailing line break is the end of the line, not part of the password (`echo … |`, a file).
        const password = (await io.stdin()).replace(/\r?\n$/, '');
        if (password === '') throw new Error('--password-stdin: standard input held no password.');
        return password;
      }
      if (config.cliPassword !== null) return config.cliPassword;
      throw new Error(
        `A password is required: pipe it in with --password-stdin, set ${PASSWORD_VARIABLE}, or pass ${flag}.`,
      );
    },
    passwordStdin: () =>
      new Option('--password-stdin', `read the password from standard input (or set ${PASSWORD_VARIABLE})`),
  };
}
