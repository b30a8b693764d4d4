// Helpers for tests that run the real CLI as a child process (`node --import tsx src/cli.ts …`), so
// that exit codes, stdout/stderr, signals and start-up against a shared database are what an operator
// sees. Every process started here is tracked and killed by `killAll()` (call it in afterEach).
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestDatabaseLocation } from '../helpers/test-database.js';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CLI_ENTRY = path.join(PROJECT_ROOT, 'src/cli.ts');
/** By its full address, so that a process started in another directory (`cwd`) finds it too. */
const TSX = import.meta.resolve('tsx');

/** Generous: tsx compiles on the fly, and two processes may start side by side. */
export const START_TIMEOUT_MS = 30_000;

/** Variables the application reads; the parent's values must never leak into a child. */
const APP_VARIABLES = [
  'HOST',
  'PORT',
  'LOG_LEVEL',
  'LOG_FORMAT',
  'PUBLIC_URL',
  'DATA_DIR',
  'DATABASE_URL',
  'DATABASE_POOL_SIZE',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
  'QUARTERMASTER_PASSWORD',
  'BODY_LIMIT_BYTES',
  'IDEMPOTENCY_TTL_HOURS',
  'EVENT_RETENTION_DAYS',
  'SHUTDOWN_TIMEOUT_MS',
  'TRUST_PROXY',
  'SESSION_LIFETIME_MINUTES',
  'SESSION_SECURE_COOKIE',
  'LOGIN_MAX_ATTEMPTS',
  'SMTP_URL',
  'MAIL_FROM',
  'DOCUMENT_STORAGE',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ENDPOINT',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'WEBHOOK_ALLOW_HTTP',
  'WEBHOOK_ALLOW_PRIVATE_TARGETS',
  'WEBHOOK_RETRY_DELAYS',
  'WEBHOOK_TIMEOUT_MS',
  'WEBHOOK_LEASE_MS',
  'WEBHOOK_CONCURRENCY',
  'WEBHOOK_POLL_INTERVAL_MS',
  'IMPORT_MAX_FILE_MB',
  'IMPORT_LEASE_MS',
  'BACKUP_DIR',
  'BACKUP_EVERY',
  'BACKUP_KEEP',
  'WORKER_PORT',
  'OTEL_EXPORTER_OTLP_ENDPOINT',
  'OTEL_EXPORTER_OTLP_HEADERS',
  'OTEL_TRACES_EXPORTER',
  'OTEL_TRACES_SAMPLER_ARG',
  'OTEL_SERVICE_NAME',
];

/** The environment for a child process on `location`: DATA_DIR / DATABASE_URL from it, silent logs. */
export function processEnv(location: TestDatabaseLocation, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of APP_VARIABLES) delete env[name];
  return {
    ...env,
    DATA_DIR: location.dataDir,
    ...(location.databaseUrl ? { DATABASE_URL: location.databaseUrl } : {}),
    LOG_LEVEL: 'silent',
    // Any free port for a worker's probes: several workers run side by side.
    WORKER_PORT: '0',
    ...extra,
  };
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface CliProcess {
  child: ChildProcess;
  /** Everything written to stdout / stderr so far. */
  readonly stdout: string;
  readonly stderr: string;
  readonly exited: Promise<Exit>;
  /** Resolves with the first match of `pattern` in stdout (waiting for more output if needed). */
  waitForStdout(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
}

const running = new Set<ChildProcess>();

/**
 * Where the CLI runs: its working folder (the project's root by default), and a built entry to start (`dist/cli.js`
 * of a release) instead of the sources through tsx.
 */
export interface CliLocation {
  cwd?: string;
  entry?: string;
}

/** Starts the CLI; `input`, when given, is written to its standard input, which is then closed. */
export function startCli(
  args: string[],
  env: NodeJS.ProcessEnv,
  input?: string,
  { cwd = PROJECT_ROOT, entry }: CliLocation = {},
): CliProcess {
  const start = entry !== undefined ? [entry] : ['--import', TSX, CLI_ENTRY];
  const child = spawn(process.execPath, [...start, ...args], {
    cwd,
    env,
    stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  });
  if (input !== undefined) child.stdin!.end(input);
  running.add(child);
  let stdout = '';
  let stderr = '';
  const listeners = new Set<() => void>();
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    for (const listener of listeners) listener();
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<Exit>((resolve, reject) => {
    child.once('error', reject);
    // 'close' rather than 'exit': the output streams are complete by then.
    child.once('close', (code, signal) => {
      running.delete(child);
      for (const listener of listeners) listener();
      resolve({ code, signal });
    });
  });
  exited.catch(() => undefined); // a spawn failure is reported to whoever awaits `exited`

  return {
    child,
    get stdout() {
      return stdout;
    },
    get stderr() {
      return stderr;
    },
    exited,
    waitForStdout(pattern, timeoutMs = START_TIMEOUT_MS) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(stdout);
          if (match) {
            done();
            resolve(match);
          } else if (child.exitCode !== null || child.signalCode !== null) {
            done();
            reject(
              new Error(
                `process exited (${child.exitCode ?? child.signalCode}) before printing ${pattern}\nstdout:\n${stdout}\nstderr:\n${stderr}`,
              ),
            );
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(
            new Error(`timed out after ${timeoutMs} ms waiting for ${pattern}\nstdout:\n${stdout}\nstderr:\n${stderr}`),
          );
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        check();
      });
    },
  };
}

/** Runs a CLI command to completion. */
export async function runCliProcess(
  args: string[],
  env: NodeJS.ProcessEnv,
  timeoutMs = START_TIMEOUT_MS,
  input?: string,
  cwd?: string,
) {
  const cli = startCli(args, env, input, { cwd });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`cli ${args.join(' ')} did not exit within ${timeoutMs} ms\nstderr:\n${cli.stderr}`)),
      timeoutMs,
    );
  });
  try {
    const exit = await Promise.race([cli.exited, timeout]);
    return { ...exit, stdout: cli.stdout, stderr: cli.stderr };
  } finally {
    clearTimeout(timer);
  }
}

export interface ServerProcess {
  cli: CliProcess;
  port: number;
  url: string;
}

export const LISTENING = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/;

/**
 * Starts `serve --no-worker` on a free port (PORT=0) without waiting, so that several can start at
 * once; `ready` resolves when the pino line `Server listening at …` shows (LOG_LEVEL info or lower).
 */
export function startServerProcess(env: NodeJS.ProcessEnv): { cli: CliProcess; ready: Promise<ServerProcess> } {
  const cli = startCli(['serve', '--no-worker'], { ...env, HOST: '127.0.0.1', PORT: '0' });
  const ready = cli.waitForStdout(LISTENING).then((match) => {
    const port = Number(match[1]);
    return { cli, port, url: `http://127.0.0.1:${port}` };
  });
  return { cli, ready };
}

/** Kills every child process still running (SIGKILL) and waits for them to be gone. */
export async function killAll(): Promise<void> {
  const children = [...running];
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('close', () => resolve());
          child.kill('SIGKILL');
        }),
    ),
  );
  running.clear();
}
