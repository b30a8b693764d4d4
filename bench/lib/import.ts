// The import scenario (issue 26): a CSV of new products, as a business moving in would bring, uploaded to the
// running server, whose worker imports it. Measured: the job's own time from upload to completion, the server's
// RSS growth while it runs, and the p99 of product reads sent by other clients meanwhile.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../../src/db/database.js';
import { measureHttp, summarise, type HttpRequestSpec, type Measurement } from './load.js';

/** Connections of the read load sent during the import: a team at work, not a benchmark's 50. */
const READ_CONNECTIONS = 10;
const POLL_MS = 250;

export interface ImportMeasurement {
  rows: number;
  seconds: number;
  failed: number;
  rssBeforeMb: number | null;
  rssPeakMb: number | null;
  /** The product reads answered while the import ran. */
  reads: Measurement;
}

interface Names {
  categories: string[];
  brands: string[];
  suppliers: string[];
  tags: string[];
}

/** Natural keys of the seeded taxonomy, as a spreadsheet would name them. */
async function names(db: Db, tenantId: string): Promise<Names> {
  const column = async (table: 'product_categories' | 'brands' | 'tags', key: 'slug') =>
    (await db.selectFrom(table).select(key).where('tenant_id', '=', tenantId).limit(200).execute()).map(
      (row) => row[key],
    );
  const suppliers = (
    await db
      .selectFrom('suppliers')
      .select('code')
      .where('tenant_id', '=', tenantId)
      .where('deleted_at', 'is', null)
      .limit(200)
      .execute()
  ).map((r) => r.code);
  return {
    categories: await column('product_categories', 'slug'),
    brands: await column('brands', 'slug'),
    suppliers,
    tags: await column('tags', 'slug'),
  };
}

/** Writes the file a row at a time: a realistic catalog row with prices, taxonomy, tags and a description. */
async function writeCatalog(file: string, rows: number, run: string, keys: Names): Promise<void> {
  const out = fs.createWriteStream(file);
  const write = (line: string) =>
    out.write(line) ? Promise.resolve() : new Promise<void>((resolve) => out.once('drain', () => resolve()));
  await write('sku,name,selling_price,cost_price,category,brand,supplier,tags,weight,short_description,description\n');
  const at = <T>(list: readonly T[], i: number) => list[i % list.length]!;
  for (let i = 0; i < rows; i += 1) {
    const tags = keys.tags.length > 0 ? `"${at(keys.tags, i)},${at(keys.tags, i + 7)}"` : '';
    await write(
      `IMP-${run}-${i},Imported product ${i} of ${run},${(i % 400) + 4}.99,${(i % 300) + 2}.25,${at(keys.categories, i)},${at(keys.brands, i)},` +
        `${at(keys.suppliers, i)},${tags},${((i % 50) + 1) / 10},Short text ${i},"A longer description of product ${i}, as catalogs carry."\n`,
    );
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
}

export interface ImportOptions {
  db: Db;
  tenantId: string;
  serverUrl: string;
  headers: Record<string, string>;
  rows: number;
  /** Product reads sent while the import runs ({{item}} = a product id). */
  reads: HttpRequestSpec;
  memory: () => number | null;
}

export async function measureImport(options: ImportOptions): Promise<ImportMeasurement> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qm-bench-import-'));
  try {
    const file = path.join(dir, 'catalog.csv');
    const run = Date.now().toString(36).toUpperCase();
    await writeCatalog(file, options.rows, run, await names(options.db, options.tenantId));
    const rssBeforeMb = options.memory();
    const form = new FormData();
    form.append('type', 'products');
    form.append('file', await fs.openAsBlob(file, { type: 'text/csv' }), 'catalog.csv');
    const started = await fetch(`${options.serverUrl}/api/v1/operations/imports`, {
      method: 'POST',
      headers: options.headers,
      body: form,
    });
    if (started.status !== 202)
      throw new Error(`the import upload answered ${started.status}: ${await started.text()}`);
    const { id } = ((await started.json()) as { data: { id: string } }).data;

    let rssPeakMb = rssBeforeMb;
    type Job = { status: string; failed: number; created_at: string; finished_at: string | null };
    const poll = async (): Promise<Job> => {
      for (;;) {
        const answer = await fetch(`${options.serverUrl}/api/v1/operations/imports/${id}`, {
          headers: options.headers,
        });
        const job = ((await answer.json()) as { data: Job }).data;
        const rss = options.memory();
        if (rss !== null) rssPeakMb = Math.max(rssPeakMb ?? 0, rss);
        if (!['queued', 'validating', 'running'].includes(job.status)) return job;
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    };
    // Reads for as long as the import takes at a quarter of the target's pace or more; the poll waits for the end.
    const [reads, ended] = await Promise.all([
      measureHttp(options.reads, {
        connections: READ_CONNECTIONS,
        duration: Math.max(5, options.rows / 4000),
        warmup: 0,
      }),
      poll(),
    ]);
    if (ended.status !== 'completed' || ended.finished_at === null)
      throw new Error(`the import ended ${JSON.stringify(ended)}`);
    const seconds = (Date.parse(ended.finished_at) - Date.parse(ended.created_at)) / 1000;
    return { rows: options.rows, seconds, failed: ended.failed, rssBeforeMb, rssPeakMb, reads };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The scenario's row of the results: rows per second, the job's time as p50, the reads' p99 as p99. */
export function importMeasurement(m: ImportMeasurement): Measurement {
  return {
    ...summarise(Float64Array.from([m.seconds * 1000]), m.seconds, m.failed),
    requests: m.rows,
    perSecond: m.rows / m.seconds,
    p99: m.reads.p99,
  };
}
