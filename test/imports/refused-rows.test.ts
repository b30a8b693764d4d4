// A file of refused rows: an import keeps the reasons of its first refused rows only and counts the rest, and
// stops once more than the allowed share of its rows were refused, so that a file of bad rows cannot fill the
// database with error lines many times its own size.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { BATCH_MAX_ROWS, PARALLEL_LANES } from '../../src/modules/imports/import-runner.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngine } from '../helpers/test-database.js';
import { counts, csvOf, errorReport, runImport } from './import-helpers.js';

/** The database's size in bytes, as its engine counts it (SQLite's pages, log included; PostgreSQL's files). */
async function databaseBytes(t: TestApp): Promise<number> {
  const { db } = t.database;
  if (testEngine === 'sqlite') {
    const [pages] = (await sql<{ page_count: number }>`pragma page_count`.execute(db)).rows;
    const [size] = (await sql<{ page_size: number }>`pragma page_size`.execute(db)).rows;
    return pages!.page_count * size!.page_size;
  }
  const [row] = (await sql<{ bytes: string }>`select pg_database_size(current_database()) as bytes`.execute(db)).rows;
  return Number(row!.bytes);
}

async function listedRows(t: TestApp, importId: string): Promise<number> {
  const rows = await t.database.db
    .selectFrom('import_errors')
    .select('row_number')
    .distinct()
    .where('import_id', '=', importId)
    .execute();
  return rows.length;
}

describe('a file of refused rows, with the default limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('stops once more than half of its first 10,000 rows are refused, keeping the reasons of the first 1,000', async () => {
    // 40,000 rows of 4 bytes, each refused (no SKU, no name). The job stops at the end of the batch that takes
    // it past 10,000 rows, so the rows after are never imported, and the reasons kept stop at 1,000 refused
    // rows: a larger file (100 MB) grows the database by no more than this one. Four times the sample shows
    // the job ending before its file does.
    const rows = 40_000;
    const csv = `sku,name,selling_price,currency\n${',,,\n'.repeat(rows)}`;
    const before = await databaseBytes(t);
    const job = await runImport(t, { type: 'products', csv });
    const grown = (await databaseBytes(t)) - before;

    expect(job.status).toBe('too_many_errors');
    expect(job.rows_total).toBe(rows);
    expect(job.rows_done).toBeGreaterThanOrEqual(10_000);
    // Batches that run at once on PostgreSQL may each commit one more batch of rows.
    expect(job.rows_done).toBeLessThanOrEqual(10_000 + PARALLEL_LANES * BATCH_MAX_ROWS);
    expect(counts(job)).toEqual({ created: 0, updated: 0, unchanged: 0, failed: job.rows_done });
    expect(job.failed_unlisted).toBe(job.failed - 1000);
    const done = job.rows_done.toLocaleString('en-US');
    expect(job.error).toMatch(
      `Stopped after ${done} rows, ${done} of them refused (100%): an import stops once more than 50% of its rows are refused, from its first 10,000 rows on.`,
    );
    expect(job.finished_at).not.toBeNull();
    expect(await listedRows(t, job.id)).toBe(1000);

    const report = await errorReport(t, job.id);
    expect(new Set(report.slice(0, -1).map((line) => line.row)).size).toBe(1000);
    expect(report.at(-1)).toEqual({
      row: '',
      column: '',
      value: '',
      message: `${job.failed_unlisted.toLocaleString('en-US')} more refused rows are not listed: an import keeps the reasons of its first 1,000 refused rows only.`,
    });
    // Every reason of every row kept would take tens of megabytes; the 1,000 rows kept take a fraction of one.
    expect(grown).toBeLessThan(2 * 1024 * 1024);
  });
});

describe('a file of refused rows, with limits of its own', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      config: {
        imports: { ...loadConfig({}).imports, maxStoredErrors: 2, maxRefusedPercent: 50, refusedSampleRows: 4 },
      },
    });
  });
  afterAll(() => t.close());

  const header = ['code', 'name', 'email'];
  const good = (n: number) => [`GOOD-${n}`, `Good ${n}`, `good-${n}@example.com`];
  const bad = (n: number) => [`BAD-${n}`, `Bad ${n}`, 'not-an-email'];

  it('completes a file refused no more than the share allows, listing the first refused rows and counting the rest', async () => {
    const job = await runImport(t, {
      type: 'suppliers',
      csv: csvOf([header, bad(1), good(1), bad(2), good(2), bad(3), good(3), good(4)]),
    });
    expect(job.status).toBe('completed');
    expect(counts(job)).toEqual({ created: 4, updated: 0, unchanged: 0, failed: 3 });
    expect(job.failed_unlisted).toBe(1);
    const report = await errorReport(t, job.id);
    expect(report.map((line) => line.row)).toEqual(['2', '4', '']);
    expect(report.at(-1)!.message).toBe(
      '1 more refused rows are not listed: an import keeps the reasons of its first 2 refused rows only.',
    );
  });

  it('stops a file refused more than the share allows once the sample is done, and says why', async () => {
    const job = await runImport(t, { type: 'suppliers', csv: csvOf([header, bad(4), bad(5), good(5), bad(6)]) });
    expect(job.status).toBe('too_many_errors');
    expect(counts(job)).toEqual({ created: 1, updated: 0, unchanged: 0, failed: 3 });
    expect(job.error).toBe(
      'Stopped after 4 rows, 3 of them refused (75%): an import stops once more than 50% of its rows are refused, from its first 4 rows on. ' +
        'Fix the file (the error report lists the first refused rows and why) and import it again.',
    );
  });
});
