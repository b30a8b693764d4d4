// Child processes the harness measures: the real server (`src/cli.ts serve`) and the baseline servers, each
// with an event loop and memory of its own, so that their RSS is theirs alone and the load generator never
// competes with them inside one process.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// A server opening SQLite at 1,000,000 products refreshes its planner statistics first (db/database.ts), which
// counts each table's rows: a minute or more when the file's pages are not in the page cache.
const READY_TIMEOUT_MS = 180_000;

export interface RunningProcess {
  readonly name: string;
  readonly pid: number;
  readonly url: string;
  /** Resident set size now, and its peak, in MB (Linux: /proc/<pid>/status). */
  memory(): { rssMb: number; peakMb: number } | null;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function memoryOf(pid: number): { rssMb: number; peakMb: number } | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
    return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
  } catch {
    return null;
  }
}

async function waitUntilAnswering(child: ChildProcess, name: string, url: string, output: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`${name} exited with code ${child.exitCode} before answering:\n${output()}`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`${name} did not answer ${url} within ${READY_TIMEOUT_MS / 1000} s:\n${output()}`);
}

export interface ServerBuild {
  /** The CLI entry point to run. */
  script: string;
  /** Whether it is TypeScript, run through tsx. */
  typescript: boolean;
  note: string | null;
}

// Under node_modules/.cache, where tools keep build caches: ignored by git and the linter, and the compiled
// files still resolve the project's dependencies.
const BUILD_DIR = 'node_modules/.cache/quartermaster-bench/server';

/**
 * Compiles src/ as `npm run build` does, into a folder of the harness's own (dist/ may be stale or in use), so
 * that the server runs as it does in production: plain JavaScript, without the TypeScript loader's memory.
 * When the build fails the server runs through tsx, and the note says so.
 */
export async function buildServer(): Promise<ServerBuild> {
  const tsc = path.join(PROJECT_ROOT, 'node_modules', '.bin', 'tsc');
  const args = ['-p', 'tsconfig.build.json', '--outDir', BUILD_DIR, '--tsBuildInfoFile', `${BUILD_DIR}/.tsbuildinfo`];
  try {
    await new Promise<void>((resolve, reject) =>
      execFile(tsc, args, { cwd: PROJECT_ROOT }, (error, stdout) =>
        error ? reject(new Error(stdout || error.message)) : resolve(),
      ),
    );
    // The compiled modules find the bundled files (fonts, the password list) beside their own folder, as dist/
    // finds them at the repository's root.
    const assets = path.join(PROJECT_ROOT, BUILD_DIR, '..', 'assets');
    if (!fs.existsSync(assets)) fs.symlinkSync(path.join(PROJECT_ROOT, 'assets'), assets, 'dir');
    return { script: `${BUILD_DIR}/cli.js`, typescript: false, note: null };
  } catch (error) {
    const reason = (error as Error).message.split('\n').slice(0, 3).join(' ');
    return {
      script: 'src/cli.ts',
      typescript: true,
      note: `the build of src/ failed, so the server ran through tsx (more memory): ${reason}`,
    };
  }
}

/**
 * How `npm start` starts the server: the environment its script sets before `node` (the allocator's settings)
 * and the Node.js options between `node` and the script, so that the benchmark runs the server with the same
 * runtime settings (allocator, heap sizes, source maps) as production does.
 */
export function productionStart(): { env: Record<string, string>; nodeOptions: string[] } {
  const manifest = JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const words = manifest.scripts.start.split(/\s+/);
  const node = words.indexOf('node');
  const env = Object.fromEntries(words.slice(0, node).map((word) => word.split('=', 2) as [string, string]));
  return { env, nodeOptions: words.slice(node + 1).filter((word) => word.startsWith('--')) };
}

/** Starts `node [options] [--import tsx] <script> ...args` and waits until `probePath` answers on its port. */
export async function startNodeProcess(options: {
  name: string;
  script: string;
  typescript: boolean;
  nodeOptions?: string[];
  args?: string[];
  env: Record<string, string | undefined>;
  port: number;
  probePath: string;
}): Promise<RunningProcess> {
  const loader = options.typescript ? ['--import', 'tsx'] : [];
  const child = spawn(
    process.execPath,
    [...(options.nodeOptions ?? []), ...loader, options.script, ...(options.args ?? [])],
    {
      cwd: PROJECT_ROOT,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-4000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const url = `http://127.0.0.1:${options.port}`;
  try {
    await waitUntilAnswering(child, options.name, `${url}${options.probePath}`, () => output);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    name: options.name,
    pid: child.pid!,
    url,
    memory: () => memoryOf(child.pid!),
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
