#!/usr/bin/env node
// The operator CLI: `npm run cli -- <command>` or `quartermaster <command>`. Errors go to stderr as
// `Error: …` with exit code 1; `--json` prints machine-readable output on stdout.
import { readFileSync, realpathSync } from 'node:fs';
import { userInfo } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { loadConfig, type Config } from './config.js';
import { createDatabase, type Database } from './db/database.js';
import { migrateAtStartup } from './db/migrate.js';
import type { Role, TokenType } from './db/schema.js';
import { AppError, NotFoundError, ValidationError } from './http/errors.js';
import { systemClock } from './lib/clock.js';
import { newId } from './lib/ids.js';
import { releaseMemoryWhenQuiet } from './lib/quiet-memory.js';
import { runInContext, type WorkContext } from './lib/work-context.js';
import type { ServiceLog } from './lib/service-log.js';
import { TOKEN_TYPES, tokenResource } from './modules/auth/tokens/token.service.js';
import type { TenantUpdateBody } from './modules/tenancy/tenant.schemas.js';
import { tenantResource } from './modules/tenancy/tenant.service.js';
import type { UserStatus } from './modules/tenancy/user.repository.js';
import { ROLES, userResource, type UserResource } from './modules/tenancy/user.service.js';
import { createServices, type Services } from './services.js';
import { createWorker } from './worker.js';

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** All of standard input (`--password-stdin`). */
  stdin?: () => Promise<string>;
}

const processIo: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  stdin: async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  },
};

/**
 * The package's version: from the nearest package.json of this package above this file (one level up from
 * src/ or dist/; further from a build placed elsewhere, such as the benchmark's).
 */
function packageVersion(): string {
  for (let dir = new URL('./', import.meta.url); ; dir = new URL('../', dir)) {
    try {
      const manifest = JSON.parse(readFileSync(new URL('package.json', dir), 'utf8')) as { name?: string; version?: string };
      if (manifest.name === 'quartermaster' && manifest.version) return manifest.version;
    } catch {
      // No package.json here, or not ours: look further up.
    }
    if (dir.pathname === '/') return 'unknown';
  }
}

const PASSWORD_VARIABLE = 'QUARTERMASTER_PASSWORD';

function positiveInteger(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n)) throw new InvalidArgumentError('must be an integer.');
  return n;
}

function describeError(error: unknown): string {
  if (error instanceof ValidationError) {
    const details = Object.entries(error.errors).map(([field, messages]) => `  ${field}: ${messages.join(' ')}`);
    return [error.message, ...details].join('\n');
  }
  if (error instanceof AppError || error instanceof Error) return error.message;
  return String(error);
}

/** Opens the database, applies pending migrations, runs `work`, closes the database. */
async function withServices<T>(
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

function waitForSignal(): Promise<string> {
  return new Promise((resolve) => {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => resolve(signal));
  });
}

/** The options of tenant:update, as Commander names them, and the settings they set. */
const TENANT_SETTING_OPTIONS: ReadonlyArray<[string, keyof TenantUpdateBody]> = [
  ['name', 'name'],
  ['defaultCurrency', 'default_currency'],
  ['timeZone', 'time_zone'],
  ['addressLine1', 'address_line1'],
  ['addressLine2', 'address_line2'],
  ['city', 'city'],
  ['region', 'region'],
  ['postalCode', 'postal_code'],
  ['country', 'country'],
  ['taxId', 'tax_id'],
  ['purchaseOrderFooter', 'purchase_order_footer'],
];

export function buildProgram(config: Config, io: CliIo): Command {
  const print = (json: boolean, value: unknown, text: string) => io.stdout(json ? `${JSON.stringify(value)}\n` : `${text}\n`);
  const program = new Command('quartermaster')
    .description('Quartermaster operations backend: operator commands.')
    .version(packageVersion(), '-V, --version', 'print the version')
    .exitOverride()
    // Commander's own messages start with `error:`; ours with `Error:`. One spelling for both.
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr, outputError: (text, write) => write(text.replace(/^error: /, 'Error: ')) });

  /** The tenant, or an error that names the id given. */
  const requireTenant = async (services: Services, id: string) => {
    try {
      return await services.tenants.get(id);
    } catch (error) {
      if (error instanceof NotFoundError) throw new Error(`Tenant ${id} not found.`, { cause: error });
      throw error;
    }
  };

  /**
   * The password of the user a command creates: the option when given (visible in `ps` and the shell history),
   * else standard input with --password-stdin, else QUARTERMASTER_PASSWORD.
   */
  const passwordOf = async (option: string | undefined, fromStdin: boolean | undefined, flag: string): Promise<string> => {
    if (option !== undefined) return option;
    if (fromStdin) {
      if (!io.stdin) throw new Error('--password-stdin: standard input cannot be read here.');
      // One trailing line break is the end of the line, not part of the password (`echo … |`, a file).
      const password = (await io.stdin()).replace(/\r?\n$/, '');
      if (password === '') throw new Error('--password-stdin: standard input held no password.');
      return password;
    }
    if (config.cliPassword !== null) return config.cliPassword;
    throw new Error(`A password is required: pipe it in with --password-stdin, set ${PASSWORD_VARIABLE}, or pass ${flag}.`);
  };
  const passwordStdin = () => new Option('--password-stdin', `read the password from standard input (or set ${PASSWORD_VARIABLE})`);

  program
    .command('tenant:create')
    .description('Create a tenant with its MAIN warehouse and an admin user.')
    .requiredOption('--name <name>', 'tenant name')
    .requiredOption('--admin-email <email>', 'admin e-mail (unique across the installation)')
    .addOption(new Option('--admin-password <password>', 'admin password (at least 8 characters); visible to ps, prefer --password-stdin').conflicts('passwordStdin'))
    .addOption(passwordStdin())
    .option('--admin-name <name>', 'admin display name', 'Administrator')
    .option('--json', 'print JSON')
    .action(async (o: { name: string; adminEmail: string; adminPassword?: string; passwordStdin?: boolean; adminName: string; json?: boolean }) => {
      const adminPassword = await passwordOf(o.adminPassword, o.passwordStdin, '--admin-password');
      const { tenant, user, warehouse } = await withServices(config, (s) =>
        s.tenants.create({ name: o.name, adminEmail: o.adminEmail, adminPassword, adminName: o.adminName }),
      );
      print(
        !!o.json,
        { tenant: { id: tenant.id, name: tenant.name }, user: { id: user.id, email: user.email }, warehouse: { id: warehouse.id, code: warehouse.code } },
        `Tenant ${tenant.name} (${tenant.id}) created with warehouse ${warehouse.code} and admin ${user.email}.`,
      );
    });

  program
    .command('tenant:update')
    .description("Change a tenant's settings; only the options given change, an empty value clears optional text.")
    .requiredOption('--tenant <id>', 'tenant id')
    .option('--name <name>', 'company name')
    .option('--default-currency <code>', 'ISO 4217 code used where a request omits a currency')
    .option('--time-zone <zone>', 'IANA time zone (Europe/Berlin); empty: UTC')
    .option('--address-line1 <text>', 'first address line')
    .option('--address-line2 <text>', 'second address line')
    .option('--city <text>', 'city')
    .option('--region <text>', 'state, province or county')
    .option('--postal-code <text>', 'postal code')
    .option('--country <code>', 'ISO 3166-1 alpha-2 code (DE)')
    .option('--tax-id <text>', 'tax identifier')
    .option('--purchase-order-footer <text>', 'footer of purchase-order documents and e-mails')
    .option('--json', 'print JSON')
    .action(async (o: Record<string, string | boolean | undefined> & { tenant: string; json?: boolean }) => {
      const input: TenantUpdateBody = {};
      for (const [option, field] of TENANT_SETTING_OPTIONS) {
        const value = o[option];
        if (typeof value === 'string') input[field] = value;
      }
      if (Object.keys(input).length === 0) throw new Error('Nothing to change: give at least one setting.');
      const tenant = await withServices(config, async (s) => {
        await requireTenant(s, o.tenant);
        return s.tenants.update(o.tenant, input);
      });
      const resource = tenantResource(tenant);
      print(!!o.json, { tenant: resource }, `Tenant ${tenant.name} (${tenant.id}) updated.`);
    });

  program
    .command('tenant:list')
    .description('List tenants with their ids.')
    .option('--json', 'print JSON')
    .action(async (o: { json?: boolean }) => {
      const tenants = await withServices(config, (s) => s.tenants.list());
      print(
        !!o.json,
        { tenants: tenants.map((t) => ({ id: t.id, name: t.name, created_at: t.created_at })) },
        tenants.map((t) => `${t.id}  ${t.name}`).join('\n') || 'No tenants.',
      );
    });

  program
    .command('user:create')
    .description('Create a user in a tenant.')
    .requiredOption('--tenant <id>', 'tenant id')
    .requiredOption('--email <email>', 'e-mail (unique across the installation)')
    .addOption(new Option('--password <password>', 'password (at least 8 characters); visible to ps, prefer --password-stdin').conflicts('passwordStdin'))
    .addOption(passwordStdin())
    .requiredOption('--name <name>', 'display name')
    .addOption(new Option('--role <role>', 'role').choices(ROLES).default('viewer'))
    .option('--json', 'print JSON')
    .action(async (o: { tenant: string; email: string; password?: string; passwordStdin?: boolean; name: string; role: Role; json?: boolean }) => {
      const password = await passwordOf(o.password, o.passwordStdin, '--password');
      const user = await withServices(config, async (s) => {
        await requireTenant(s, o.tenant);
        return s.users.create({ tenantId: o.tenant, email: o.email, password, name: o.name, role: o.role });
      });
      print(
        !!o.json,
        { user: { id: user.id, tenant_id: user.tenant_id, name: user.name, email: user.email, role: user.role } },
        `User ${user.email} (${user.id}) created with role ${user.role}.`,
      );
    });

  /** The tenant's user with this e-mail, or an error that names both. */
  const requireUser = async (services: Services, tenantId: string, email: string) => {
    await requireTenant(services, tenantId);
    try {
      return await services.userAdministration.service.getByEmail(tenantId, email);
    } catch (error) {
      if (error instanceof NotFoundError) throw new Error(`No user ${email} in tenant ${tenantId}.`, { cause: error });
      throw error;
    }
  };
  const userLine = (u: UserResource) => `${u.id}  ${u.email}  ${u.name}  ${u.role}  ${u.status}`;

  program
    .command('user:list')
    .description("List a tenant's users.")
    .requiredOption('--tenant <id>', 'tenant id')
    .addOption(new Option('--role <role>', 'only this role').choices(ROLES))
    .addOption(new Option('--status <status>', 'only this status').choices(['invited', 'active', 'deactivated']))
    .option('--search <text>', 'name or e-mail contains')
    .option('--json', 'print JSON')
    .action(async (o: { tenant: string; role?: Role; status?: UserStatus; search?: string; json?: boolean }) => {
      const users = await withServices(config, async (s) => {
        await requireTenant(s, o.tenant);
        const all: UserResource[] = [];
        for (let page = 1; ; page++) {
          const result = await s.userAdministration.service.list(o.tenant, { role: o.role, status: o.status, search: o.search, sort_by: 'email', sort_direction: 'asc' }, { page, per_page: 100 });
          all.push(...result.items.map(userResource));
          if (all.length >= result.total || result.items.length === 0) return all;
        }
      });
      print(!!o.json, { users }, users.map(userLine).join('\n') || 'No users.');
    });

  program
    .command('user:update')
    .description("Change a user's name or role (the last active admin of a tenant keeps the admin role).")
    .requiredOption('--tenant <id>', 'tenant id')
    .requiredOption('--email <email>', "the user's e-mail")
    .addOption(new Option('--role <role>', 'new role').choices(ROLES))
    .option('--name <name>', 'new display name')
    .option('--json', 'print JSON')
    .action(async (o: { tenant: string; email: string; role?: Role; name?: string; json?: boolean }) => {
      if (o.role === undefined && o.name === undefined) throw new Error('Nothing to change: give --role or --name.');
      const user = await withServices(config, async (s) => {
        const current = await requireUser(s, o.tenant, o.email);
        return s.userAdministration.service.update(o.tenant, current.id, { role: o.role, name: o.name });
      });
      print(!!o.json, { user: userResource(user) }, `User ${user.email} (${user.id}) is ${user.name}, role ${user.role}.`);
    });

  // Deactivation and reactivation: the same command shape, one service call apart.
  const statusCommands = [
    ['user:deactivate', 'Deactivate a user: sign-in refused, sessions ended and tokens suspended at once.', 'deactivate', 'deactivated'],
    ['user:reactivate', 'Reactivate a deactivated user: sign-in and tokens work again.', 'reactivate', 'reactivated'],
  ] as const;
  for (const [name, description, change, done] of statusCommands) {
    program
      .command(name)
      .description(description)
      .requiredOption('--tenant <id>', 'tenant id')
      .requiredOption('--email <email>', "the user's e-mail")
      .option('--json', 'print JSON')
      .action(async (o: { tenant: string; email: string; json?: boolean }) => {
        const user = await withServices(config, async (s) => {
          const current = await requireUser(s, o.tenant, o.email);
          return s.userAdministration.service[change](o.tenant, current.id);
        });
        print(!!o.json, { user: userResource(user) }, `User ${user.email} (${user.id}) ${done}.`);
      });
  }

  program
    .command('user:reset-password')
    .description('Start a password reset: a one-time link valid for an hour, e-mailed with SMTP_URL, printed otherwise.')
    .requiredOption('--tenant <id>', 'tenant id')
    .requiredOption('--email <email>', "the user's e-mail")
    .option('--json', 'print JSON')
    .action(async (o: { tenant: string; email: string; json?: boolean }) => {
      const { user, delivery } = await withServices(config, async (s) => {
        const current = await requireUser(s, o.tenant, o.email);
        return s.userAdministration.service.startPasswordReset(o.tenant, current.id, null, config.publicUrl);
      });
      const text = delivery.email_sent
        ? `Password reset link e-mailed to ${user.email}; it works once, until ${delivery.expires_at}.`
        : `Password reset link for ${user.email} (works once, until ${delivery.expires_at}); it will not be shown again:\n${delivery.url}`;
      print(!!o.json, { user: userResource(user), password_link: delivery }, text);
    });

  program
    .command('token:create')
    .description('Create an API token for a user; created active (an operator act is the approval).')
    .requiredOption('--tenant <id>', 'tenant id')
    .requiredOption('--email <email>', "the token owner's e-mail")
    .requiredOption('--name <name>', 'token name')
    .addOption(new Option('--type <type>', 'token type').choices(TOKEN_TYPES).default('personal'))
    .requiredOption('--abilities <list>', 'comma-separated abilities, e.g. operations:view-products,operations:*')
    .option('--expiration-days <days>', 'days until expiry, 1..3650 (default by type)', positiveInteger)
    .option('--ip-whitelist <list>', 'comma-separated IPs or CIDR ranges (integration tokens)')
    .option('--json', 'print JSON')
    .action(
      async (o: { tenant: string; email: string; name: string; type: TokenType; abilities: string; expirationDays?: number; ipWhitelist?: string; json?: boolean }) => {
        const issued = await withServices(config, async (s) => {
          await requireTenant(s, o.tenant);
          const user = await s.users.findByEmail(o.tenant, o.email);
          if (!user) throw new Error(`No user ${o.email} in tenant ${o.tenant}.`);
          return s.tokens.issue({
            tenantId: o.tenant,
            userId: user.id,
            name: o.name,
            type: o.type,
            abilities: o.abilities.split(',').map((a) => a.trim()).filter(Boolean),
            expirationDays: o.expirationDays ?? null,
            ipWhitelist: o.ipWhitelist?.split(',').map((a) => a.trim()).filter(Boolean) ?? null,
            preApproved: true,
          });
        });
        print(
          !!o.json,
          { token: tokenResource(issued.token), plain_text_token: issued.plainText },
          `Token ${issued.token.name} (${issued.token.id}) created. It will not be shown again:\n${issued.plainText}`,
        );
      },
    );

  program
    .command('migrate')
    .description('Apply pending database migrations.')
    .option('--json', 'print JSON')
    .action(async (o: { json?: boolean }) => {
      const database = createDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile, poolSize: 1 });
      try {
        const applied = (await migrateAtStartup(database)).map((r) => r.migrationName);
        print(!!o.json, { applied }, applied.length ? `Applied: ${applied.join(', ')}` : 'Nothing to migrate.');
      } finally {
        await database.close();
      }
    });

  program
    .command('events:purge')
    .description('Delete events past the retention window, expired idempotency keys, sessions and sign-in attempts, and audit entries past AUDIT_RETENTION_DAYS.')
    .option('--json', 'print JSON')
    .action(async (o: { json?: boolean }) => {
      const result = await withServices(config, (s) => s.retention.purge());
      print(
        !!o.json,
        result,
        `Deleted ${result.events_deleted} events, ${result.idempotency_keys_deleted} idempotency keys, ${result.sessions_deleted} sessions, ${result.login_attempts_deleted} sign-in attempts and ${result.audit_entries_deleted} audit entries.`,
      );
    });

  program
    .command('serve')
    .description('Run the HTTP API (with the worker unless --no-worker).')
    .option('--no-worker', 'do not run background work in this process')
    .action(async (o: { worker: boolean }) => {
      const { startServer } = await import('./server.js');
      await startServer(config, { worker: o.worker });
    });

  program
    .command('worker')
    .description('Run background work only (no HTTP).')
    .action(async () => {
      const { createLogger } = await import('./lib/logger.js');
      const log = createLogger(config);
      await withServices(
        config,
        async (services, database) => {
          const worker = createWorker(services, log, database);
          worker.start();
          const stopReleasingMemory = releaseMemoryWhenQuiet(log);
          log.info('worker started');
          log.info({ signal: await waitForSignal() }, 'worker stopping');
          stopReleasingMemory();
          await worker.stop();
        },
        config.databasePoolSize,
        log,
      );
    });

  return program;
}

function cliContext(): WorkContext {
  let name: string | null;
  try {
    name = userInfo().username;
  } catch {
    name = process.env.USER ?? null; // no passwd entry for the process's uid (some containers)
  }
  return { request_id: null, ip: null, actor: () => ({ type: 'cli', user_id: null, token_id: null, name }) };
}

/** Runs one CLI invocation and returns its exit code. */
export async function runCli(argv: string[], io: CliIo = processIo, config?: Config): Promise<number> {
  try {
    const program = buildProgram(config ?? loadConfig(), io);
    // What a command changes is recorded in the audit log as the CLI's, by the shell user who ran it.
    await runInContext(cliContext(), () => program.parseAsync(argv, { from: 'user' }));
    return 0;
  } catch (error) {
    // Commander has printed its message (`Error: …`, or the help or version asked for).
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 1;
    io.stderr(`Error: ${describeError(error)}\n`);
    return 1;
  }
}

// Also true when started through the package's `bin` symlink.
const isEntryPoint = process.argv[1] !== undefined && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href;
if (isEntryPoint) {
  const code = await runCli(process.argv.slice(2));
  // Long-running commands (serve) keep the event loop alive; everything else exits with its code.
  if (code !== 0) process.exit(code);
  else process.exitCode = 0;
}
