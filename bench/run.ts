// `npm run bench [-- case ...] [--duration S] [--warmup S] [--connections N] [--json FILE] [--list]`:
// runs the named cases (all by default) against the app on SQLite, or on PostgreSQL with BENCH_DATABASE_URL.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { productListCase } from './cases/product-list.js';
import { variantGenerationCase } from './cases/variant-generation.js';
import { webhookDeliveryCase } from './cases/webhook-delivery.js';
import type { BenchCase } from './lib/runner.js';
import { renderReport, runBench } from './lib/runner.js';

/** Every case the harness knows, in run order. New cases are added here. */
const CASES: BenchCase[] = [productListCase, variantGenerationCase, webhookDeliveryCase];

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    duration: { type: 'string', default: process.env.BENCH_DURATION ?? '5' },
    warmup: { type: 'string', default: process.env.BENCH_WARMUP ?? '1' },
    connections: { type: 'string', default: process.env.BENCH_CONNECTIONS ?? '10' },
    json: { type: 'string' },
    list: { type: 'boolean', default: false },
    'keep-database': { type: 'boolean', default: false },
  },
});

if (values.list) {
  for (const c of CASES) console.log(`${c.name}\t${c.description}`);
  process.exit(0);
}

const unknown = positionals.filter((name) => !CASES.some((c) => c.name === name));
if (unknown.length > 0) {
  console.error(`Unknown case(s): ${unknown.join(', ')}. Known: ${CASES.map((c) => c.name).join(', ')}.`);
  process.exit(1);
}
const number = (name: string, text: string) => {
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0) {
    console.error(`--${name} must be a number >= 0, got "${text}".`);
    process.exit(1);
  }
  return value;
};

const report = await runBench(
  {
    cases: positionals.length > 0 ? CASES.filter((c) => positionals.includes(c.name)) : CASES,
    env: process.env,
    postgresUrl: process.env.BENCH_DATABASE_URL || undefined,
    keepDatabase: values['keep-database'],
    duration: number('duration', values.duration),
    warmup: number('warmup', values.warmup),
    connections: Math.max(1, Math.round(number('connections', values.connections))),
  },
  (line) => console.error(line),
);
console.log(renderReport(report));
if (values.json) fs.writeFileSync(values.json, `${JSON.stringify(report, null, 2)}\n`);
