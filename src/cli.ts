#!/usr/bin/env node
// The operator CLI: `npm run cli -- <command>` or `quartermaster <command>`. Errors go to stderr as
// `Error: …` with exit code 1; `--json` prints machine-readable output on stdout.
import './node-version-guard.js';
import { constants, readFileSync, realpathSync } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { basename } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { loadConfig, type Config } from './config.js';
import { createDatabase, type Database } from './db/database.js';
import { migrateAtStartup } from './db/migrate.js';
import type { ImportMode, ImportType, Role, TokenType } from './db/schema.js';
import { AppError, BusinessRuleError, NotFoundError, ValidationError } from './http/errors.js';
import { systemClock } from './lib/clock.js';
import { newId } from './lib/ids.js';
import { formatCount, ProgressLine, type ProgressFigures } from './lib/progress-bar.js';
import { runInContext, type WorkContext } from './lib/work-context.js';
import type { ServiceLog } from './lib/service-log.js';
import { TOKEN_TYPE_DESCRIPTION } from './modules/auth/tokens/token.schemas.js';
import { TOKEN_TYPES, tokenResource } from './modules/auth/tokens/token.service.js';
import { IMPORT_MODES, IMPORT_TYPES, type ImportResponse } from './modules/imports/import.schemas.js';
import type { ImportFile } from './modules/imports/import.service.js';
import type { TenantUpdateBody } from './modules/tenancy/tenant.schemas.js';
import { tenantResource } from './modules/tenancy/tenant.service.js';
import type { UserStatus } from './modules/tenancy/user.repository.js';
import { OPERATOR } from './modules/tenancy/user-authority.js';
import { ROLES, userResource, type UserResource } from './modules/tenancy/user.service.js';
import { API_PREFIX, createServices, type Services } from './services.js';
import { createWorker } from './worker.js';

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** All of standard input (`--password-stdin`). */
  stdin?: () => Promise<string>;
  /** Present when stderr is a terminal: its width now, in columns. Progress is then drawn there (`import`). */
  stderrColumns?: () => number;
}

const processIo: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  stdin: async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  },
  stderrColumns: process.stderr.isTTY ? () => process.stderr.columns || 80 : undefined,
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

/** How often the import command reads its job's progress. */
const IMPORT_POLL_MS = 200;
/** Reasons for refused rows the import command prints; the error report has every one. */
const REFUSALS_SHOWN = 5;
/** Characters of a refused cell's value those lines keep. */
const REFUSED_VALUE_SHOWN = 40;
const ENDED_STATUSES: ReadonlyArray<ImportResponse['status']> = ['completed', 'failed', 'cancelled', 'too_many_errors'];

/** The file to import, checked before the database is opened. @throws Error naming the path and what is wrong. */
async function importFile(path: string, maxBytes: number): Promise<ImportFile> {
  const unreadable = (error: unknown) => {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : describeError(error);
    return new Error(`Cannot read ${path}: ${reason}.`, { cause: error });
  };
  const stats = await stat(path).catch((error: unknown) => Promise.reject(unreadable(error)));
  if (!stats.isFile()) throw new Error(`Cannot import ${path}: it is not a file.`);
  await access(path, constants.R_OK).catch((error: unknown) => Promise.reject(unreadable(error)));
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} MB`;
  if (stats.size > maxBytes) throw new Error(`Cannot import ${path}: it has ${mb(stats.size)}; an import takes at most ${mb(maxBytes)} (IMPORT_MAX_FILE_MB).`);
  return { path, filename: basename(path), size: stats.size };
}

/**
 * Starts a job with `start` and runs it to its end with an import runner of this process, reading the job every
 * IMPORT_POLL_MS for `progress`. The runner takes the oldest open job first, so jobs queued before this one
 * (uploads waiting for a worker) run first; a server's worker may take this one instead, and the reads follow
 * it all the same. Once this job has ended the runner stops: a job it took meanwhile is left, like a stopped
 * worker's, to whichever worker takes it over when its lease runs out. Ctrl-C cancels the job (a second one
 * stops the process at once): the rows committed so far stay imported, as with a cancel over the API.
 */
async function runImportJob(
  services: Services,
  tenantId: string,
  start: () => Promise<ImportResponse>,
  log: Parameters<Services['imports']['createRunner']>[0],
  progress: (job: ImportResponse) => void,
): Promise<ImportResponse> {
  // Started before the job is queued: queuing wakes the runners of the process, so the job starts at once
  // rather than at the runner's next poll.
  const runner = services.imports.createRunner(log);
  runner.start();
  let interrupted = false;
  const interrupt = () => void (interrupted = true);
  process.once('SIGINT', interrupt);
  try {
    const job = await start();
    for (let current = job; ; current = await services.imports.service.get(tenantId, job.id)) {
      progress(current);
      if (ENDED_STATUSES.includes(current.status)) return current;
      if (interrupted) {
        interrupted = false;
        // It may have ended meanwhile; the next read shows how.
        await services.imports.service.cancel(tenantId, job.id).catch((error: unknown) => {
          if (!(error instanceof BusinessRuleError)) throw error;
        });
      }
      await sleep(IMPORT_POLL_MS);
    }
  } finally {
    process.off('SIGINT', interrupt);
    await runner.stop();
  }
}

/** The progress bar's figures for a job; its rate counted from when this process first saw its rows running. */
function importProgress(): (job: ImportResponse) => ProgressFigures {
  let since: { at: number; done: number } | null = null;
  return (job) => {
    if (job.status === 'running') since ??= { at: performance.now(), done: job.rows_done };
    const seconds = since ? (performance.now() - since.at) / 1000 : 0;
    return {
      label: `${job.dry_run ? 'checking' : 'importing'} ${job.filename}`,
      done: job.rows_done,
      total: job.rows_total,
      failed: job.failed,
      rate: since && seconds >= 1 ? (job.rows_done - since.done) / seconds : null,
      state: job.status,
    };
  };
}

function formatDuration(ms: number): string {
  if (ms < 10_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** An ended job in a sentence: its counts, its rows and how long it took. */
function importSummary(job: ImportResponse): string {
  const counts = `${formatCount(job.created)} created, ${formatCount(job.updated)} updated, ${formatCount(job.unchanged)} unchanged, ${formatCount(job.failed)} failed`;
  const rows = job.rows_total !== null && job.rows_total !== job.rows_done ? `${formatCount(job.rows_done)} of ${formatCount(job.rows_total)}` : formatCount(job.rows_done);
  const dryRun = job.dry_run ? ' (dry run: nothing written)' : '';
  const unit = job.rows_done === 1 && (job.rows_total ?? 1) === 1 ? 'row' : 'rows';
  const status = job.status === 'too_many_errors' ? 'stopped, too many rows refused' : job.status;
  return `Import ${job.id} of ${job.filename} ${status}${dryRun}: ${counts} (${rows} ${unit} in ${formatDuration(job.duration_ms ?? 0)}).`;
}

/** The first reasons rows of a job were refused, a line each, and where the whole report is. */
async function refusalLines(services: Services, tenantId: string, job: ImportResponse): Promise<string[]> {
  // Read from the repository, a page of one more than shown (to tell whether there are more), rather than
  // through the CSV report, whose values are escaped for spreadsheets.
  const reasons = await services.imports.jobs.errorsAfter(services.db, tenantId, job.id, null, REFUSALS_SHOWN + 1);
  const lines = reasons.slice(0, REFUSALS_SHOWN).map((reason) => {
    const value = reason.value ?? '';
    const shown = value.length > REFUSED_VALUE_SHOWN ? `${value.slice(0, REFUSED_VALUE_SHOWN - 1)}…` : value;
    const where = reason.column_name === null ? '' : `, ${reason.column_name} ${JSON.stringify(shown)}`;
    return `  row ${reason.row_number}${where}: ${reason.message}`;
  });
  if (reasons.length > REFUSALS_SHOWN) lines.push('  … and more in the error report');
  if (job.failed_unlisted > 0) lines.push(`  (${formatCount(job.failed_unlisted)} more refused rows are counted but not listed in the error report)`);
  return ['Refused rows:', ...lines, `Error report: GET ${API_PREFIX}/operations/imports/${job.id}/errors.csv`];
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
        return s.userAdministration.service.update(o.tenant, current.id, { role: o.role, name: o.name }, OPERATOR);
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
          return s.userAdministration.service[change](o.tenant, current.id, OPERATOR);
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
        return s.userAdministration.service.startPasswordReset(o.tenant, current.id, OPERATOR, config.publicUrl);
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
    .addOption(new Option('--type <type>', `token type: ${TOKEN_TYPE_DESCRIPTION}`).choices(TOKEN_TYPES).default('personal'))
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
    .command('import')
    .description(
      'Import a CSV file as a job, as the API does, and run it to its end here, its progress shown on a terminal. Exit code 0 once the job completed (refused rows or not), 1 when it failed, stopped on too many refused rows, or was cancelled (Ctrl-C cancels it).',
    )
    .requiredOption('--tenant <id>', 'tenant id')
    .addOption(new Option('--type <type>', 'what the rows are').choices(IMPORT_TYPES).makeOptionMandatory())
    .requiredOption('--file <path>', 'the CSV file, UTF-8, its first line the header row')
    .addOption(
      new Option('--mode <mode>', 'create: a row whose key exists is refused; update: a row whose key is unknown is refused; upsert: either').choices(IMPORT_MODES).default('create'),
    )
    .option('--dry-run', 'check every row and report what would happen; nothing is written')
    .option('--json', 'print the ended job as JSON, and nothing else')
    .action(async (o: { tenant: string; type: ImportType; file: string; mode: ImportMode; dryRun?: boolean; json?: boolean }) => {
      const file = await importFile(o.file, config.imports.maxFileBytes);
      const bar = io.stderrColumns && !o.json ? new ProgressLine(io.stderr, io.stderrColumns) : null;
      const figures = importProgress();
      // What the runner logs besides the job's end (which the summary tells): an error's cause, on its own line.
      const say = (details: unknown, message?: unknown) => {
        bar?.clear();
        const cause = (details as { err?: unknown } | null)?.err;
        io.stderr(`${String(message)}${cause === undefined ? '' : `: ${describeError(cause)}`}\n`);
      };
      const runnerLog = { info: () => undefined, warn: say, error: say };
      const { job, refusals } = await withServices(config, async (s, database) => {
        await requireTenant(s, o.tenant);
        database.checkpointInBackground();
        // The same checks and defaults as the API's upload form.
        const fields = s.imports.service.fields({ type: o.type, mode: o.mode, dry_run: o.dryRun ?? false });
        let ended: ImportResponse;
        try {
          const start = () => s.imports.service.start(o.tenant, fields, file);
          ended = await runImportJob(s, o.tenant, start, runnerLog, (current) => bar?.draw(figures(current)));
        } finally {
          bar?.end();
        }
        const shown = o.json || ended.failed === 0 ? [] : await refusalLines(s, o.tenant, ended);
        return { job: ended, refusals: shown };
      });
      if (o.json) io.stdout(`${JSON.stringify({ import: job })}\n`);
      else if (job.status === 'completed' || job.rows_done > 0) io.stdout([importSummary(job), ...refusals, ''].join('\n'));
      if (job.status === 'failed') throw new Error(`Import ${job.id} failed: ${job.error ?? 'no reason was recorded.'}`);
      if (job.status === 'too_many_errors') throw new Error(`Import ${job.id}: ${job.error ?? 'stopped, too many rows refused.'}`);
      if (job.status === 'cancelled') throw new Error(`Import ${job.id} was cancelled${job.rows_done > 0 && !job.dry_run ? '; the rows done before stay imported' : ''}.`);
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
          database.checkpointInBackground();
          const worker = createWorker(services, log, database);
          worker.start();
          log.info('worker started');
          log.info({ signal: await waitForSignal() }, 'worker stopping');
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
