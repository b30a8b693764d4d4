// The harness: boots the real app on its own database with a real listening socket, lets each selected
// case seed what it needs, measures the baselines before and after the cases, and prints one table.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { Db } from '../../src/db/database.js';
import type { Engine } from '../../src/db/dialect.js';
import type { Services } from '../../src/services.js';
import { openBenchDatabase } from './database.js';
import { checkOnce, measureFunction, measureHttp, type LoadOptions, type Measurement } from './load.js';
import { formatTable, type Row } from './table.js';

export interface BenchContext {
  engine: Engine;
  env: Readonly<Record<string, string | undefined>>;
  db: Db;
  services: Services;
  /** The tenant every request is made as (its admin's all-abilities token). */
  tenantId: string;
  /** Refreshes planner statistics after a bulk load. */
  analyse(): Promise<void>;
  /** A line printed under the table (seeding time, data size). */
  note(message: string): void;
}

export interface HttpTarget {
  kind?: 'http';
  name: string;
  method?: string;
  /** Path and query, from the server's root. */
  path: string;
  body?: unknown;
  /** Send the tenant's bearer token; default true. */
  authenticated?: boolean;
  expectStatus?: number;
}

/** Work timed in-process, call after call (a service method, a worker's batch). */
export interface FunctionTarget {
  kind: 'function';
  name: string;
  run(): Promise<unknown>;
}

export type Target = HttpTarget | FunctionTarget;

export interface BenchCase {
  name: string;
  description: string;
  /** Seeds what the case needs and answers what to measure. */
  setup(context: BenchContext): Promise<Target[]>;
}

export interface RunOptions extends LoadOptions {
  cases: BenchCase[];
  env: Readonly<Record<string, string | undefined>>;
  postgresUrl: string | undefined;
  keepDatabase: boolean;
}

export interface CaseResult {
  case: string;
  target: string;
  kind: 'http' | 'function';
  measurement: Measurement;
}

export interface RunReport {
  engine: Engine;
  options: LoadOptions;
  baselines: Record<string, Measurement>;
  results: CaseResult[];
  notes: string[];
}

const PING_PATH = '/bench/ping';
const AUTH_PATH = '/api/v1/auth/me';

/** Averages the baseline runs made before and after the cases, so a drift shows in neither extreme alone. */
function mean(a: Measurement, b: Measurement): Measurement {
  const avg = (x: number, y: number) => (x + y) / 2;
  return {
    requests: a.requests + b.requests,
    perSecond: avg(a.perSecond, b.perSecond),
    p50: avg(a.p50, b.p50),
    p90: avg(a.p90, b.p90),
    p99: avg(a.p99, b.p99),
    max: Math.max(a.max, b.max),
    failures: a.failures + b.failures,
  };
}

export async function runBench(options: RunOptions, log: (line: string) => void): Promise<RunReport> {
  const bench = await openBenchDatabase({
    postgresUrl: options.postgresUrl,
    keep: options.keepDatabase,
    poolSize: 10,
    sqliteAnalyze: options.env.BENCH_SQLITE_ANALYZE === '1',
  });
  let app: FastifyInstance | null = null;
  try {
    const config = loadConfig({}, {
      logLevel: 'silent',
      host: '127.0.0.1',
      port: 0,
      databaseUrl: bench.databaseUrl,
      sqliteFile: bench.sqliteFile,
      dataDir: bench.dataDir,
    });
    app = await buildApp({ config, database: bench.database, logger: false });
    // The bare baseline: the same app and hooks, no authentication, no database.
    app.get(PING_PATH, { config: { auth: 'none' } }, async () => ({ pong: true }));
    await app.ready();
    const services = app.services;
    const { tenant, user } = await services.tenants.create({ name: 'Bench', adminEmail: 'bench@example.test', adminPassword: 'correct-horse-battery' });
    const token = (
      await services.tokens.issue({
        tenantId: tenant.id, userId: user.id, name: 'bench', type: 'application', abilities: ['*'], expirationDays: null, ipWhitelist: null, preApproved: true,
      })
    ).plainText;

    const notes: string[] = [];
    const context: BenchContext = {
      engine: bench.engine,
      env: options.env,
      db: bench.database.db,
      services,
      tenantId: tenant.id,
      analyse: () => bench.analyse(),
      note: (message) => {
        notes.push(message);
        log(`  ${message}`);
      },
    };
    const planned: Array<{ benchCase: BenchCase; targets: Target[] }> = [];
    for (const benchCase of options.cases) {
      log(`setting up ${benchCase.name}: ${benchCase.description}`);
      planned.push({ benchCase, targets: await benchCase.setup(context) });
    }

    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const spec = (target: HttpTarget) => {
      const headers: Record<string, string> = { accept: 'application/json' };
      if (target.authenticated ?? true) headers.authorization = `Bearer ${token}`;
      if (target.body !== undefined) headers['content-type'] = 'application/json';
      return {
        method: target.method ?? 'GET',
        url: `${address}${target.path}`,
        headers,
        ...(target.body !== undefined ? { body: JSON.stringify(target.body) } : {}),
      };
    };
    const measure = async (target: Target): Promise<Measurement> => {
      if (target.kind === 'function') return measureFunction(() => target.run(), options);
      const request = spec(target);
      await checkOnce(request, target.expectStatus ?? 200);
      return measureHttp(request, options);
    };

    const baselineTargets: HttpTarget[] = [
      { name: 'ping', path: PING_PATH, authenticated: false },
      { name: 'auth', path: AUTH_PATH },
    ];
    const measureBaselines = async (when: string) => {
      const measured: Record<string, Measurement> = {};
      for (const target of baselineTargets) {
        log(`measuring baseline ${target.name} (${when})`);
        measured[target.name] = await measure(target);
      }
      return measured;
    };
    const before = await measureBaselines('before');
    const results: CaseResult[] = [];
    for (const { benchCase, targets } of planned) {
      for (const target of targets) {
        log(`measuring ${benchCase.name} / ${target.name}`);
        results.push({ case: benchCase.name, target: target.name, kind: target.kind ?? 'http', measurement: await measure(target) });
      }
    }
    const after = await measureBaselines('after');
    const baselines = Object.fromEntries(baselineTargets.map((t) => [t.name, mean(before[t.name]!, after[t.name]!)]));
    for (const t of baselineTargets) {
      const drift = after[t.name]!.perSecond / before[t.name]!.perSecond - 1;
      if (Math.abs(drift) > 0.1) notes.push(`baseline ${t.name} drifted ${(drift * 100).toFixed(0)}% between the start and the end of the run`);
    }
    return { engine: bench.engine, options: { connections: options.connections, duration: options.duration, warmup: options.warmup }, baselines, results, notes };
  } finally {
    await app?.close();
    await bench.drop();
  }
}

/** The report as a table: absolute numbers, then each HTTP case as a ratio to the two baselines. */
export function renderReport(report: RunReport): string {
  const { ping, auth } = report.baselines as { ping: Measurement; auth: Measurement };
  const ratio = (x: number, y: number) => (Number.isFinite(x) && Number.isFinite(y) && y > 0 ? `${(x / y).toFixed(2)}x` : '-');
  const row = (name: string, m: Measurement, http: boolean): Row => [
    name,
    m.perSecond.toFixed(0),
    m.p50.toFixed(2),
    m.p90.toFixed(2),
    m.p99.toFixed(2),
    http ? ratio(m.perSecond, ping.perSecond) : '-',
    http ? ratio(m.p50, ping.p50) : '-',
    http ? ratio(m.perSecond, auth.perSecond) : '-',
    http ? ratio(m.p50, auth.p50) : '-',
    String(m.failures),
  ];
  const rows: Row[] = [
    row('baseline: ping', ping, true),
    row('baseline: auth', auth, true),
    ...report.results.map((r) => row(`${r.case}: ${r.target}`, r.measurement, r.kind === 'http')),
  ];
  const header: Row = ['target', 'req/s', 'p50 ms', 'p90 ms', 'p99 ms', 'req/s vs ping', 'p50 vs ping', 'req/s vs auth', 'p50 vs auth', 'failures'];
  const { connections, duration, warmup } = report.options;
  return [
    `engine ${report.engine}; ${connections} connections, ${duration} s measured after ${warmup} s warm-up per target`,
    formatTable(header, rows),
    ...report.notes.map((n) => `note: ${n}`),
  ].join('\n');
}
