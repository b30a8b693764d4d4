// The only reader of process.env: validated once at start, typed, frozen and passed down.
import path from 'node:path';
import { trimOrNull } from './lib/text.js';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
/** `json` lines, or `pretty` readable lines for a person at a terminal. */
export type LogFormat = 'json' | 'pretty';

export interface Config {
  readonly host: string;
  readonly port: number;
  readonly logLevel: LogLevel;
  /** Null: pretty when stdout is a terminal, JSON otherwise (a supervisor, a pipe, a file). */
  readonly logFormat: LogFormat | null;
  /** Absolute URL prefix used in pagination links; derived from the request when unset. */
  readonly publicUrl: string | null;
  readonly dataDir: string;
  /** PostgreSQL connection string; null selects the embedded SQLite database. */
  readonly databaseUrl: string | null;
  readonly sqliteFile: string;
  readonly databasePoolSize: number;
  readonly adminEmail: string;
  readonly adminPassword: string | null;
  /**
   * The password of the user a CLI command creates (`user:create`, `tenant:create`'s admin) when no option
   * gives one, so that it stays out of `ps` and the shell history; null when unset.
   */
  readonly cliPassword: string | null;
  readonly bodyLimitBytes: number;
  /** Time a client has to send a whole request, headers and body; past it the answer is 408. */
  readonly requestTimeoutMs: number;
  readonly idempotencyTtlHours: number;
  readonly eventRetentionDays: number;
  readonly auditRetentionDays: number;
  readonly shutdownTimeoutMs: number;
  readonly trustProxy: boolean;
  /** Idle minutes after which a web-app session ends. */
  readonly sessionLifetimeMinutes: number;
  /** Mark session and CSRF cookies `Secure` (HTTPS only); on by default when PUBLIC_URL is https. */
  readonly secureCookies: boolean;
  /** Failed sign-ins allowed per e-mail and IP within a minute. */
  readonly loginMaxAttempts: number;
  /** Two-factor codes one user may be sent from all addresses together within 15 minutes. */
  readonly twoFactorMaxAttemptsPerUser: number;
  /** SMTP server for outgoing mail (`smtp://` or `smtps://`); null turns e-mail off. */
  readonly smtpUrl: string | null;
  /** Sender of outgoing mail: an address or `Name <address>`. */
  readonly mailFrom: string;
  /** Where uploaded documents live: local disk under DATA_DIR, or an S3-compatible bucket. */
  readonly documentStorage: DocumentStorageSettings;
  readonly webhooks: WebhookSettings;
  readonly rateLimit: RateLimitSettings;
  readonly imports: ImportSettings;
  readonly compression: CompressionSettings;
  /**
   * Bytes the catalog's answers kept in memory may take, everything they hold counted (ANSWER_CACHE_MB); 0 keeps
   * none, every read goes to the database.
   */
  readonly answerCacheBytes: number;
  /** The worker's scheduled backups (BACKUP_DIR, BACKUP_EVERY, BACKUP_KEEP); null when BACKUP_DIR is unset. */
  readonly backups: BackupSettings | null;
  // Observability (docs/deployment.md#tracing and #health-readiness-and-metrics).
  /** Port of a `worker` process's /health, /ready and /metrics (WORKER_PORT); 0 takes any free port. */
  readonly workerPort: number;
  /** OpenTelemetry tracing; null when off, and then nothing of its SDK is loaded. */
  readonly tracing: TracingSettings | null;
}

export interface BackupSettings {
  /** Where the archives are written, an absolute path. */
  readonly directory: string;
  /** The time between two backups. */
  readonly everyMs: number;
  /** Archives kept: the newest ones; older ones are deleted after each new backup. */
  readonly keep: number;
}

export interface TracingSettings {
  /** `otlp`: OTLP over HTTP (JSON) to `endpoint`; `console`: each span printed on stdout (trying it out). */
  readonly exporter: 'otlp' | 'console';
  /** The traces URL: OTEL_EXPORTER_OTLP_ENDPOINT with `/v1/traces` added, as the specification says. */
  readonly endpoint: string;
  /** Sent with every export (OTEL_EXPORTER_OTLP_HEADERS): an API key of a tracing service, say. */
  readonly headers: Readonly<Record<string, string>>;
  readonly serviceName: string;
  /** Share of new traces recorded, 0 to 1 (OTEL_TRACES_SAMPLER_ARG); a caller's sampled traceparent is followed. */
  readonly sampleRatio: number;
}

export interface CompressionSettings {
  /** Compress answers made while serving, by the request's Accept-Encoding (brotli, else gzip). */
  readonly enabled: boolean;
  /** Answers smaller than this are sent uncompressed: below it compressing saves less than it costs. */
  readonly thresholdBytes: number;
}

export interface ImportSettings {
  /** Largest CSV file an import takes. */
  readonly maxFileBytes: number;
  /** How long a running import stays a worker's without news before another worker takes it over. */
  readonly leaseMs: number;
  /** Refused rows of a job whose reasons are kept for its error report; the rest are only counted. */
  readonly maxStoredErrors: number;
  /** The share of its rows, in percent, a job may have refused once it has done `refusedSampleRows`; above it the job stops. */
  readonly maxRefusedPercent: number;
  readonly refusedSampleRows: number;
}

export interface RateLimitSettings {
  /** Requests one caller (token, signed-in user, else IP) may make per window; 0 turns limiting off. */
  readonly max: number;
  /** Length of the window: a minute, as RATE_LIMIT_PER_MINUTE says; tests shorten it. */
  readonly windowMs: number;
  /** Redis shared by every process, so the limit holds across them; null counts per process. */
  readonly redisUrl: string | null;
}

export interface WebhookSettings {
  /** Accept `http://` subscription URLs (development and tests only). */
  readonly allowHttp: boolean;
  /** Accept targets on loopback, private, link-local and metadata addresses (development and tests only). */
  readonly allowPrivateTargets: boolean;
  /** Delay before attempts 2, 3, 4 and 5, in seconds. */
  readonly retryDelaysSeconds: readonly number[];
  readonly timeoutMs: number;
  /** How long a claimed delivery stays a worker's before another worker may take it again. */
  readonly leaseMs: number;
  /** Attempts one worker process sends at once. */
  readonly concurrency: number;
  /** How often an idle worker looks for new events and due deliveries. */
  readonly pollIntervalMs: number;
}

export type DocumentStorageSettings =
  | { readonly kind: 'local'; readonly directory: string }
  | {
      readonly kind: 's3';
      readonly bucket: string;
      readonly region: string;
      /** Endpoint of an S3-compatible store (MinIO, Ceph, R2…); null for AWS itself. */
      readonly endpoint: string | null;
      readonly accessKeyId: string | null;
      readonly secretAccessKey: string | null;
      readonly forcePathStyle: boolean;
    };

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max}, got "${raw}".`);
  }
  return value;
}

function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}".`);
}

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function logLevel(env: Env): LogLevel {
  const raw = (env.LOG_LEVEL || 'info').toLowerCase();
  if (!LOG_LEVELS.includes(raw as LogLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${raw}".`);
  }
  return raw as LogLevel;
}

function logFormat(env: Env): LogFormat | null {
  const raw = env.LOG_FORMAT?.trim().toLowerCase();
  if (!raw) return null;
  if (raw !== 'json' && raw !== 'pretty')
    throw new ConfigError(`LOG_FORMAT must be json or pretty, got "${env.LOG_FORMAT}".`);
  return raw;
}

function databaseUrl(env: Env): string | null {
  const raw = env.DATABASE_URL?.trim();
  if (!raw) return null;
  if (!/^postgres(ql)?:\/\//.test(raw)) {
    throw new ConfigError('DATABASE_URL must be a postgres:// or postgresql:// URL.');
  }
  return raw;
}

function publicUrl(env: Env): string | null {
  const raw = env.PUBLIC_URL?.trim();
  if (!raw) return null;
  try {
    const url = new URL(raw);
    return url.toString().replace(/\/$/, '');
  } catch {
    throw new ConfigError(`PUBLIC_URL must be an absolute URL, got "${raw}".`);
  }
}

function smtpUrl(env: Env): string | null {
  const raw = env.SMTP_URL?.trim();
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('SMTP_URL must be an smtp:// or smtps:// URL.');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new ConfigError('SMTP_URL must be an smtp:// or smtps:// URL.');
  }
  return raw;
}

// Loose on purpose: the SMTP server is the real judge; this only catches a value that cannot be an address.
const MAIL_FROM = /^(?:[^<>\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/;

function mailFrom(env: Env, publicBase: string | null): string {
  const raw = env.MAIL_FROM?.trim();
  if (!raw) return `Quartermaster <no-reply@${publicBase ? new URL(publicBase).hostname : 'localhost'}>`;
  if (!MAIL_FROM.test(raw)) {
    throw new ConfigError(`MAIL_FROM must be an e-mail address or "Name <address>", got "${raw}".`);
  }
  return raw;
}

function documentStorage(env: Env, dataDir: string): DocumentStorageSettings {
  const kind = (env.DOCUMENT_STORAGE || 'local').trim().toLowerCase();
  if (kind === 'local') return { kind, directory: path.join(dataDir, 'documents') };
  if (kind !== 's3') throw new ConfigError(`DOCUMENT_STORAGE must be local or s3, got "${env.DOCUMENT_STORAGE}".`);
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) throw new ConfigError('S3_BUCKET is required when DOCUMENT_STORAGE is s3.');
  const endpoint = trimOrNull(env.S3_ENDPOINT);
  if (endpoint && !/^https?:\/\//.test(endpoint))
    throw new ConfigError('S3_ENDPOINT must be an http:// or https:// URL.');
  const accessKeyId = trimOrNull(env.S3_ACCESS_KEY_ID);
  const secretAccessKey = trimOrNull(env.S3_SECRET_ACCESS_KEY);
  if ((accessKeyId === null) !== (secretAccessKey === null)) {
    throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together or not at all.');
  }
  return {
    kind,
    bucket,
    region: env.S3_REGION?.trim() || 'us-east-1',
    endpoint,
    accessKeyId,
    secretAccessKey,
    // Self-hosted S3-compatible stores rarely have per-bucket DNS names; AWS itself prefers virtual hosts.
    forcePathStyle: boolean(env, 'S3_FORCE_PATH_STYLE', endpoint !== null),
  };
}

function retryDelays(env: Env): number[] {
  const raw = env.WEBHOOK_RETRY_DELAYS?.trim();
  if (!raw) return [60, 300, 1800, 7200];
  const delays = raw.split(',').map((part) => Number(part.trim()));
  if (delays.length !== 4 || delays.some((d) => !Number.isInteger(d) || d < 0 || d > 86_400)) {
    throw new ConfigError(
      `WEBHOOK_RETRY_DELAYS must be four whole numbers of seconds (0-86400) separated by commas, got "${raw}".`,
    );
  }
  return delays;
}

function webhooks(env: Env): WebhookSettings {
  const timeoutMs = integer(env, 'WEBHOOK_TIMEOUT_MS', 10_000, 100, 120_000);
  const leaseMs = integer(env, 'WEBHOOK_LEASE_MS', Math.max(60_000, timeoutMs * 3), 1000, 3_600_000);
  if (leaseMs <= timeoutMs) throw new ConfigError('WEBHOOK_LEASE_MS must be greater than WEBHOOK_TIMEOUT_MS.');
  return {
    allowHttp: boolean(env, 'WEBHOOK_ALLOW_HTTP', false),
    allowPrivateTargets: boolean(env, 'WEBHOOK_ALLOW_PRIVATE_TARGETS', false),
    retryDelaysSeconds: retryDelays(env),
    timeoutMs,
    leaseMs,
    concurrency: integer(env, 'WEBHOOK_CONCURRENCY', 64, 1, 1000),
    pollIntervalMs: integer(env, 'WEBHOOK_POLL_INTERVAL_MS', 200, 10, 60_000),
  };
}

function imports(env: Env): ImportSettings {
  return {
    maxFileBytes: integer(env, 'IMPORT_MAX_FILE_MB', 100, 1, 2000) * 1024 * 1024,
    leaseMs: integer(env, 'IMPORT_LEASE_MS', 30_000, 1000, 3_600_000),
    maxStoredErrors: integer(env, 'IMPORT_MAX_STORED_ERRORS', 1000, 0, 1_000_000),
    maxRefusedPercent: integer(env, 'IMPORT_MAX_REFUSED_PERCENT', 50, 0, 100),
    refusedSampleRows: integer(env, 'IMPORT_REFUSED_SAMPLE_ROWS', 10_000, 1, 100_000_000),
  };
}

function compression(env: Env): CompressionSettings {
  return {
    // On by default: a kept answer is compressed once, and a page is sent in a seventh of its bytes (docs/deployment.md).
    enabled: boolean(env, 'COMPRESSION', true),
    thresholdBytes: integer(env, 'COMPRESSION_THRESHOLD_BYTES', 1024, 0, 104_857_600),
  };
}

const DURATION_UNITS_MS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };

/** A duration written as a whole number of minutes, hours or days: `30m`, `6h`, `1d`. */
function duration(env: Env, name: string, fallback: string, minMs: number, maxMs: number): number {
  const raw = env[name]?.trim() || fallback;
  const match = /^(\d+)\s*([mhd])$/i.exec(raw);
  const ms = match ? Number(match[1]) * DURATION_UNITS_MS[match[2]!.toLowerCase()]! : NaN;
  if (!(ms >= minMs && ms <= maxMs))
    throw new ConfigError(
      `${name} must be a whole number of minutes, hours or days (30m, 6h, 1d) between ${minMs / 60_000}m and ${maxMs / 86_400_000}d, got "${raw}".`,
    );
  return ms;
}

function backups(env: Env): BackupSettings | null {
  const directory = trimOrNull(env.BACKUP_DIR);
  const everyMs = duration(env, 'BACKUP_EVERY', '24h', 60_000, 365 * 86_400_000);
  const keep = integer(env, 'BACKUP_KEEP', 7, 1, 10_000);
  return directory === null ? null : { directory: path.resolve(directory), everyMs, keep };
}

function rateLimit(env: Env): RateLimitSettings {
  const redisUrl = trimOrNull(env.RATE_LIMIT_REDIS_URL);
  if (redisUrl !== null && !/^rediss?:\/\/[^/]/.test(redisUrl)) {
    throw new ConfigError('RATE_LIMIT_REDIS_URL must be a redis:// or rediss:// URL.');
  }
  return { max: integer(env, 'RATE_LIMIT_PER_MINUTE', 600, 0, 1_000_000), windowMs: 60_000, redisUrl };
}

/**
 * Reads `file` (`.env` in the working directory) into process.env when it exists, through Node.js's own parser
 * (`process.loadEnvFile`), which leaves a variable the environment already has as it is: the environment wins
 * over the file. Answers whether there was a file.
 */
export function loadEnvFile(file = '.env'): boolean {
  try {
    process.loadEnvFile(file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw new ConfigError(`Cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

// Observability: the worker's probe port and tracing, read with OpenTelemetry's own variable names.

const TRACES_EXPORTERS = ['otlp', 'console', 'none'] as const;

function otlpHeaders(raw: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const pair of (raw ?? '').split(',')) {
    if (pair.trim() === '') continue;
    const equals = pair.indexOf('=');
    const name = equals > 0 ? pair.slice(0, equals).trim() : '';
    if (name === '') throw new ConfigError('OTEL_EXPORTER_OTLP_HEADERS must be name=value pairs separated by commas.');
    try {
      headers[decodeURIComponent(name)] = decodeURIComponent(pair.slice(equals + 1).trim());
    } catch {
      throw new ConfigError('OTEL_EXPORTER_OTLP_HEADERS holds a malformed percent-encoding.');
    }
  }
  return headers;
}

function tracing(env: Env): TracingSettings | null {
  const endpoint = trimOrNull(env.OTEL_EXPORTER_OTLP_ENDPOINT);
  const named = trimOrNull(env.OTEL_TRACES_EXPORTER)?.toLowerCase() ?? null;
  if (named !== null && !(TRACES_EXPORTERS as readonly string[]).includes(named))
    throw new ConfigError(`OTEL_TRACES_EXPORTER must be one of ${TRACES_EXPORTERS.join(', ')}, got "${named}".`);
  const exporter = (named ?? (endpoint ? 'otlp' : 'none')) as (typeof TRACES_EXPORTERS)[number];
  if (exporter === 'none') return null;
  const base = endpoint ?? 'http://localhost:4318';
  if (!/^https?:\/\/[^/]/.test(base))
    throw new ConfigError('OTEL_EXPORTER_OTLP_ENDPOINT must be an http:// or https:// URL.');
  const ratio = env.OTEL_TRACES_SAMPLER_ARG?.trim();
  const sampleRatio = ratio ? Number(ratio) : 1;
  if (!Number.isFinite(sampleRatio) || sampleRatio < 0 || sampleRatio > 1)
    throw new ConfigError(`OTEL_TRACES_SAMPLER_ARG must be a number from 0 to 1, got "${ratio}".`);
  return {
    exporter,
    endpoint: `${base.replace(/\/+$/, '')}/v1/traces`,
    headers: otlpHeaders(env.OTEL_EXPORTER_OTLP_HEADERS),
    serviceName: trimOrNull(env.OTEL_SERVICE_NAME) ?? 'quartermaster',
    sampleRatio,
  };
}

/** Builds the configuration from an environment (process.env by default) and an optional override. */
export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const publicBase = publicUrl(env);
  const config: Config = {
    host: env.HOST || '127.0.0.1',
    port: integer(env, 'PORT', 8080, 0, 65535),
    logLevel: logLevel(env),
    logFormat: logFormat(env),
    publicUrl: publicBase,
    dataDir,
    databaseUrl: databaseUrl(env),
    sqliteFile: path.join(dataDir, 'quartermaster.sqlite'),
    databasePoolSize: integer(env, 'DATABASE_POOL_SIZE', 10, 1, 1000),
    adminEmail: (env.ADMIN_EMAIL || 'admin@example.com').trim().toLowerCase(),
    adminPassword: env.ADMIN_PASSWORD || null,
    cliPassword: env.QUARTERMASTER_PASSWORD || null,
    bodyLimitBytes: integer(env, 'BODY_LIMIT_BYTES', 1_048_576, 1024, 104_857_600),
    requestTimeoutMs: integer(env, 'REQUEST_TIMEOUT_MS', 60_000, 1000, 3_600_000),
    idempotencyTtlHours: integer(env, 'IDEMPOTENCY_TTL_HOURS', 24, 1, 720),
    eventRetentionDays: integer(env, 'EVENT_RETENTION_DAYS', 30, 1, 3650),
    auditRetentionDays: integer(env, 'AUDIT_RETENTION_DAYS', 365, 1, 36500),
    shutdownTimeoutMs: integer(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 100, 600_000),
    trustProxy: boolean(env, 'TRUST_PROXY', false),
    sessionLifetimeMinutes: integer(env, 'SESSION_LIFETIME_MINUTES', 120, 1, 525_600),
    secureCookies: boolean(env, 'SESSION_SECURE_COOKIE', publicBase?.startsWith('https:') ?? false),
    loginMaxAttempts: integer(env, 'LOGIN_MAX_ATTEMPTS', 5, 1, 1000),
    twoFactorMaxAttemptsPerUser: integer(env, 'TWO_FACTOR_MAX_ATTEMPTS_PER_USER', 10, 1, 1000),
    smtpUrl: smtpUrl(env),
    mailFrom: mailFrom(env, publicBase),
    documentStorage: documentStorage(env, dataDir),
    webhooks: webhooks(env),
    rateLimit: rateLimit(env),
    imports: imports(env),
    compression: compression(env),
    answerCacheBytes: integer(env, 'ANSWER_CACHE_MB', 16, 0, 65_536) * 1024 * 1024,
    backups: backups(env),
    workerPort: integer(env, 'WORKER_PORT', 8090, 0, 65535),
    tracing: tracing(env),
    ...overrides,
  };
  return Object.freeze(config);
}
