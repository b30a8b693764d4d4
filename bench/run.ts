// `npm run bench`: seeds a realistic tenant on SQLite (and on PostgreSQL when BENCH_DATABASE_URL is set), starts
// the real server and the baseline servers on it, drives them over HTTP, prints a table per engine and writes
// bench/results/latest.json and bench/results/<engine>.json. Options: see bench/README.md.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  benchEngine,
  BROWSER_ACCEPT_ENCODING,
  SCENARIO_NAMES,
  type BenchSettings,
  type EngineResult,
} from './lib/harness.js';
import { PROJECT_ROOT } from './lib/processes.js';
import { checkTargets, machine, renderEngine } from './lib/report.js';
import { runScale } from './lib/scale-report.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    duration: { type: 'string', default: process.env.BENCH_DURATION ?? '10' },
    warmup: { type: 'string', default: process.env.BENCH_WARMUP ?? '2' },
    connections: { type: 'string', default: process.env.BENCH_CONNECTIONS ?? '50' },
    engine: { type: 'string' },
    quick: { type: 'boolean', default: false },
    list: { type: 'boolean', default: false },
    'keep-database': { type: 'boolean', default: false },
    'no-save': { type: 'boolean', default: false },
    scale: { type: 'boolean', default: false },
    'scale-sizes': { type: 'string', default: process.env.BENCH_SCALE_SIZES ?? '10000,100000,1000000' },
    'scale-databases': { type: 'string' },
  },
});

if (values.list) {
  for (const name of SCENARIO_NAMES) console.log(name);
  process.exit(0);
}
const unknown = positionals.filter((name) => !(SCENARIO_NAMES as readonly string[]).includes(name));
if (unknown.length > 0) {
  console.error(`Unknown scenario(s): ${unknown.join(', ')}. Known: ${SCENARIO_NAMES.join(', ')}.`);
  process.exit(1);
}

function number(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0) {
    console.error(`${name} must be a number >= 0, got "${text}".`);
    process.exit(1);
  }
  return value;
}

// --quick: a tenth of the data and short runs, for checking the harness itself; its numbers mean little.
const scale = values.quick ? 0.1 : 1;
const env = process.env;
const settings: BenchSettings = {
  duration: values.quick ? 2 : number('--duration', values.duration, 10),
  warmup: values.quick ? 0.5 : number('--warmup', values.warmup, 2),
  connections: Math.max(1, Math.round(number('--connections', values.connections, 50))),
  variantRuns: number('BENCH_VARIANT_RUNS', env.BENCH_VARIANT_RUNS, values.quick ? 2 : 5),
  importRows: Math.max(1, Math.round(number('BENCH_IMPORT_ROWS', env.BENCH_IMPORT_ROWS, 100_000 * scale))),
  feedLatencyWrites: Math.max(
    1,
    Math.round(number('BENCH_FEED_WRITES', env.BENCH_FEED_WRITES, values.quick ? 20 : 200)),
  ),
  crossProcessTrials: Math.max(
    1,
    Math.round(number('BENCH_CROSS_PROCESS_TRIALS', env.BENCH_CROSS_PROCESS_TRIALS, values.quick ? 20 : 200)),
  ),
  only: positionals,
  keepDatabase: values['keep-database'],
  sqliteAnalyze: env.BENCH_SQLITE_ANALYZE === '1',
  acceptEncoding: env.BENCH_ACCEPT_ENCODING ?? BROWSER_ACCEPT_ENCODING,
  sizes: {
    products: number('BENCH_PRODUCTS', env.BENCH_PRODUCTS, 100_000 * scale),
    masters: number('BENCH_MASTERS', env.BENCH_MASTERS, 1000 * scale),
    warehouses: 5,
    stockMovements: number('BENCH_STOCK_MOVEMENTS', env.BENCH_STOCK_MOVEMENTS, 1_000_000 * scale),
    events: number('BENCH_EVENTS', env.BENCH_EVENTS, 200_000 * scale),
    purchaseOrders: number('BENCH_PURCHASE_ORDERS', env.BENCH_PURCHASE_ORDERS, values.quick ? 2000 : 20_000),
    salesOrders: Math.max(
      2,
      Math.round(number('BENCH_SALES_ORDERS', env.BENCH_SALES_ORDERS, values.quick ? 5000 : 10_000)),
    ),
    backorders: Math.max(1, Math.round(number('BENCH_BACKORDERS', env.BENCH_BACKORDERS, values.quick ? 1000 : 10_000))),
  },
};

const postgresUrl = env.BENCH_DATABASE_URL || undefined;
const engines = (values.engine ? [values.engine] : ['sqlite', ...(postgresUrl ? ['postgres'] : [])]) as Array<
  'sqlite' | 'postgres'
>;
if (engines.some((e) => e !== 'sqlite' && e !== 'postgres') || (engines.includes('postgres') && !postgresUrl)) {
  console.error('--engine is sqlite or postgres; postgres needs BENCH_DATABASE_URL.');
  process.exit(1);
}

if (values.scale) {
  const sizes = values['scale-sizes'].split(',').map((text) => Math.round(number('--scale-sizes', text.trim(), 0)));
  if (sizes.length === 0 || sizes.some((size) => size < 100)) {
    console.error('--scale-sizes is a comma list of product counts, each at least 100.');
    process.exit(1);
  }
  const keptDatabases = values['scale-databases']
    ?.split(',')
    .map((location) => location.trim())
    .filter((location) => location !== '');
  if (keptDatabases !== undefined && (keptDatabases.length === 0 || engines.length !== 1)) {
    console.error('--scale-databases names kept databases, smallest first, of the one engine --engine names.');
    process.exit(1);
  }
  // At 10 connections always (the target's); at --connections too when it names another number.
  const asked = process.argv.some((arg) => arg.startsWith('--connections')) || env.BENCH_CONNECTIONS !== undefined;
  await runScale({
    engines: engines.map((engine) => ({ engine, postgresUrl: engine === 'postgres' ? postgresUrl : undefined })),
    settings: {
      sizes: [...new Set(sizes)].sort((a, b) => a - b),
      connections: [...new Set([10, ...(asked ? [settings.connections] : [])])],
      duration: settings.duration,
      warmup: settings.warmup,
      urlsPerRead: Math.max(1000, Math.round(number('BENCH_SCALE_URLS', env.BENCH_SCALE_URLS, 200_000))),
      keepDatabase: settings.keepDatabase,
      ...(keptDatabases ? { keptDatabases } : {}),
      sqliteAnalyze: settings.sqliteAnalyze,
      acceptEncoding: settings.acceptEncoding,
    },
    save: !values['no-save'],
  });
  process.exit(0);
}

const results: EngineResult[] = [];
const output: unknown[] = [];
const measuredAt = new Date().toISOString();
for (const engine of engines) {
  const started = performance.now();
  const result = await benchEngine(engine === 'postgres' ? postgresUrl : undefined, settings, (line) =>
    console.error(line),
  );
  results.push(result);
  const checks = checkTargets(
    result,
    results.find((r) => r.engine === 'sqlite'),
    settings.connections,
  );
  console.log(renderEngine(result, checks, settings.connections));
  console.log(`${engine} took ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
  const { notes, ...numbers } = result;
  output.push({
    ...numbers,
    targets: checks,
    notes,
    measured_at: measuredAt,
    machine: machine(),
    settings: {
      connections: settings.connections,
      duration_s: settings.duration,
      warmup_s: settings.warmup,
      variant_runs: settings.variantRuns,
      import_rows: settings.importRows,
      sizes: settings.sizes,
      accept_encoding: settings.acceptEncoding,
      quick: values.quick,
    },
  });
}

if (!values['no-save']) {
  const folder = path.join(PROJECT_ROOT, 'bench', 'results');
  fs.mkdirSync(folder, { recursive: true });
  const write = (file: string, value: unknown) =>
    fs.writeFileSync(path.join(folder, file), `${JSON.stringify(value, null, 2)}\n`);
  write('latest.json', output);
  for (const entry of output) write(`${(entry as { engine: string }).engine}.json`, entry);
  console.log(`results written to ${path.relative(process.cwd(), folder)}/latest.json`);
}
