// What /metrics tells of a process beyond its requests: database connections lent out and waited for, how long
// the oldest unpublished event has waited, imported rows and the catalog answer cache's hits and misses.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDatabase } from '../../src/db/database.js';
import { FixedClock } from '../../src/lib/clock.js';
import { apiBuilders } from '../helpers/api-builders.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngine } from '../helpers/test-database.js';
import { csvOf, runImport } from '../imports/import-helpers.js';

/** The value of one sample of the scrape, by its name and labels as written (`name{a="b"}`). */
function sample(body: string, series: string): number {
  const line = body.split('\n').find((l) => l.startsWith(`${series} `));
  if (line === undefined) throw new Error(`no sample ${series} in\n${body}`);
  return Number(line.slice(series.length + 1));
}

describe('process metrics', () => {
  let t: TestApp;
  const clock = new FixedClock(new Date('2026-12-01T10:00:00.000Z'));
  const scrape = async () => {
    const res = await t.app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  beforeAll(async () => {
    t = await buildTestApp({ clock });
  });
  afterAll(() => t.close());

  it('counts the connections lent out and the callers waiting for one', async () => {
    const pool = testEngine === 'postgres' ? t.config.databasePoolSize : 1;
    const body = await scrape();
    expect(sample(body, 'database_connections_max')).toBe(pool);
    // Read while the scrape's own reads (the outbox, the webhook queue) may hold or open connections.
    expect(sample(body, 'database_connections_in_use')).toBeGreaterThanOrEqual(0);
    expect(sample(body, 'database_connections_waiting')).toBeGreaterThanOrEqual(0);
    expect(t.database.connections()).toEqual({ size: pool, inUse: 0, waiting: 0 });

    // A pool of one on PostgreSQL, as with DATABASE_POOL_SIZE=1; SQLite's one connection is shared, never waited for.
    const database =
      testEngine === 'postgres'
        ? createDatabase({ databaseUrl: t.location.databaseUrl, sqliteFile: t.location.sqliteFile, poolSize: 1 })
        : t.database;
    try {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let began!: () => void;
      const begun = new Promise<void>((resolve) => (began = resolve));
      const transaction = database.db.transaction().execute(async (trx) => {
        await sql`select 1`.execute(trx);
        began();
        await held;
      });
      await begun;
      const second = testEngine === 'postgres' ? sql`select 1`.execute(database.db) : Promise.resolve();
      try {
        await vi.waitFor(() =>
          expect(database.connections()).toEqual({ size: 1, inUse: 1, waiting: testEngine === 'postgres' ? 1 : 0 }),
        );
      } finally {
        release();
      }
      await Promise.all([transaction, second]);
      expect(database.connections()).toEqual({ size: 1, inUse: 0, waiting: 0 });
    } finally {
      if (database !== t.database) await database.close();
    }
  });

  it('tells how long the oldest unpublished event has waited, 0 once published', async () => {
    await t.services.publisher.publishAll();
    expect(sample(await scrape(), 'event_outbox_lag_seconds')).toBe(0);
    await apiBuilders(t.app, t.auth).product();
    clock.advance(42_000);
    expect(sample(await scrape(), 'event_outbox_lag_seconds')).toBe(42);
    await t.services.publisher.publishAll();
    expect(sample(await scrape(), 'event_outbox_lag_seconds')).toBe(0);
  });

  it('counts the catalog answer cache hits and misses', async () => {
    const product = await apiBuilders(t.app, t.auth).product();
    const before = await scrape();
    const hits = sample(before, 'answer_cache_lookups_total{cache="catalog",result="hit"}');
    const misses = sample(before, 'answer_cache_lookups_total{cache="catalog",result="miss"}');
    // Kept at its second read (a first read is not kept), then answered from memory; on PostgreSQL the cache also
    // starts over until it hears of other processes' commits.
    let reads = 0;
    let hit = false;
    while (!hit && reads < 10) {
      const res = await t.app.inject({ url: `/api/v1/operations/products/${product.id}`, headers: t.auth });
      expect(res.statusCode, res.body).toBe(200);
      reads += 1;
      hit = sample(await scrape(), 'answer_cache_lookups_total{cache="catalog",result="hit"}') > hits;
    }
    const after = await scrape();
    expect(sample(after, 'answer_cache_lookups_total{cache="catalog",result="hit"}')).toBe(hits + 1);
    expect(sample(after, 'answer_cache_lookups_total{cache="catalog",result="miss"}')).toBe(misses + reads - 1);
    expect(reads).toBeGreaterThanOrEqual(3);
  });

  it('counts the rows imported by committed batches, not those of a dry run', async () => {
    const before = sample(await scrape(), 'import_rows_total');
    const csv = csvOf([
      ['code', 'name'],
      ['MET-1', 'Metrics one'],
      ['MET-2', 'Metrics two'],
      ['MET-3', 'Metrics three'],
    ]);
    await runImport(t, { type: 'suppliers', csv, dry_run: true });
    expect(sample(await scrape(), 'import_rows_total')).toBe(before);
    const job = await runImport(t, { type: 'suppliers', csv });
    expect(job.status).toBe('completed');
    expect(sample(await scrape(), 'import_rows_total')).toBe(before + 3);
  });

  it('keeps the webhook queue by state', async () => {
    const body = await scrape();
    for (const status of ['pending', 'due', 'delivering'])
      expect(sample(body, `webhook_deliveries_queued{status="${status}"}`)).toBeGreaterThanOrEqual(0);
  });
});
