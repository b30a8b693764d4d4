// inTransaction runs a top-level unit again when the database aborts it for timing reasons (deadlock,
// serialization failure, SQLite busy), a bounded number of times, then answers 503 with Retry-After.
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceUnavailableError } from '../../src/core/errors.js';
import type { Database } from '../../src/db/database.js';
import { TRANSACTION_ATTEMPTS, inTransaction } from '../../src/db/transaction.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import {
  createTestDatabaseLocation,
  openTestDatabase,
  testEngine,
  type TestDatabaseLocation,
} from '../helpers/test-database.js';

/** A driver error as `pg` or better-sqlite3 would throw it. */
function driverError(code: string): Error {
  return Object.assign(new Error(`simulated ${code}`), { code });
}

/** A unit that fails with `code` on its first `failures` runs, then returns the number of runs. */
function failingUnit(code: string, failures: number) {
  let runs = 0;
  const work = async () => {
    runs += 1;
    if (runs <= failures) throw driverError(code);
    return runs;
  };
  return { work, runs: () => runs };
}

const TRANSIENT_CODES = ['40001', '40P01', 'SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT'];

describe(`inTransaction retries on ${testEngine}`, () => {
  let location: TestDatabaseLocation;
  let database: Database;
  beforeAll(async () => {
    location = await createTestDatabaseLocation();
    database = openTestDatabase(location);
    await sql`create table retry_probe (id integer primary key, hits integer not null)`.execute(database.db);
    await sql`insert into retry_probe (id, hits) values (1, 0), (2, 0)`.execute(database.db);
  });
  afterAll(async () => {
    await database.close();
    await location.drop();
  });

  it.each(TRANSIENT_CODES)('runs the unit again after %s and returns its result', async (code) => {
    const unit = failingUnit(code, TRANSACTION_ATTEMPTS - 1);
    await expect(inTransaction(database.db, unit.work)).resolves.toBe(TRANSACTION_ATTEMPTS);
  });

  it.each(TRANSIENT_CODES)(
    `gives up after ${TRANSACTION_ATTEMPTS} runs failing with %s: ServiceUnavailableError, the cause kept`,
    async (code) => {
      const unit = failingUnit(code, Number.POSITIVE_INFINITY);
      const error = await inTransaction(database.db, unit.work).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ServiceUnavailableError);
      expect(error).toMatchObject({
        message: 'The database is busy; retry shortly.',
        retryAfterSeconds: 1,
        cause: { code },
      });
      expect(unit.runs()).toBe(TRANSACTION_ATTEMPTS);
    },
  );

  it('rolls back each failed run, so only the run that commits leaves its writes', async () => {
    let runs = 0;
    await inTransaction(database.db, async (trx) => {
      runs += 1;
      await sql`update retry_probe set hits = hits + 1 where id = 1`.execute(trx);
      if (runs === 1) throw driverError(testEngine === 'postgres' ? '40001' : 'SQLITE_BUSY');
    });
    expect(runs).toBe(2);
    const row = await sql<{ hits: number }>`select hits from retry_probe where id = 1`.execute(database.db);
    expect(Number(row.rows[0]?.hits)).toBe(1);
  });

  it('does not run a unit again for other errors', async () => {
    const unit = failingUnit('23505', 1);
    await expect(inTransaction(database.db, unit.work)).rejects.toMatchObject({ code: '23505' });
    expect(unit.runs()).toBe(1);
  });

  it('leaves a joined unit to the outer transaction, which runs the whole unit again', async () => {
    const inner = failingUnit('40P01', 1);
    let outerRuns = 0;
    const result = await inTransaction(database.db, async (trx) => {
      outerRuns += 1;
      return inTransaction(trx, inner.work);
    });
    expect(result).toBe(2);
    expect(outerRuns).toBe(2);
    expect(inner.runs()).toBe(2);
  });

  if (testEngine === 'postgres') {
    it('resolves a real deadlock: both units succeed, the victim after running again', async () => {
      const bothHoldTheirFirstRow = barrier(2);
      let runs = 0;
      const unit = (first: number, second: number) =>
        inTransaction(database.db, async (trx) => {
          runs += 1;
          await sql`update retry_probe set hits = hits + 1 where id = ${first}`.execute(trx);
          await bothHoldTheirFirstRow();
          await sql`update retry_probe set hits = hits + 1 where id = ${second}`.execute(trx);
        });
      const before = await hits();

      await Promise.all([unit(1, 2), unit(2, 1)]);

      expect(runs).toBe(3);
      const after = await hits();
      expect(after.map((n, i) => n - before[i]!)).toEqual([2, 2]);
    });
  } else {
    it('runs the unit again when another connection held the write lock past the busy timeout', async () => {
      const before = await hits();
      const other = new BetterSqlite3(location.sqliteFile);
      other.exec('BEGIN IMMEDIATE');
      // Fires during the pause after the first run: better-sqlite3's busy wait blocks the event loop, so
      // the lock is still held when that run begins, and free when the second one does.
      setTimeout(() => other.exec('COMMIT'), 5);
      try {
        // A short busy timeout, so the first BEGIN IMMEDIATE gives up with SQLITE_BUSY quickly.
        await database.withStartupLockWait(50, () =>
          inTransaction(database.db, async (trx) => {
            await sql`update retry_probe set hits = hits + 1 where id = 2`.execute(trx);
          }),
        );
        expect((await hits())[1]).toBe(before[1]! + 1);
      } finally {
        other.close();
      }
    });

    it('would have failed with SQLITE_BUSY without the retry', async () => {
      const other = new BetterSqlite3(location.sqliteFile);
      other.exec('BEGIN IMMEDIATE');
      try {
        const once = database.withStartupLockWait(50, () => database.db.transaction().execute(async () => undefined));
        await expect(once).rejects.toMatchObject({ code: 'SQLITE_BUSY' });
      } finally {
        other.exec('COMMIT');
        other.close();
      }
    });
  }

  async function hits(): Promise<number[]> {
    const result = await sql<{ hits: number }>`select hits from retry_probe order by id`.execute(database.db);
    return result.rows.map((row) => Number(row.hits));
  }
});

/** Resolves for everyone once `parties` callers have arrived; later callers pass straight through. */
function barrier(parties: number): () => Promise<void> {
  let arrived = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return () => {
    arrived += 1;
    if (arrived >= parties) open();
    return opened;
  };
}

describe('a busy database through HTTP', () => {
  let t: TestApp;
  let runs = 0;
  beforeAll(async () => {
    t = await buildTestApp({
      beforeReady: (app) => {
        app.post('/api/v1/test-busy', async () =>
          inTransaction(t.database.db, async () => {
            runs += 1;
            throw driverError('40001');
          }),
        );
      },
    });
  });
  afterAll(() => t.close());

  it('answers 503 with Retry-After: 1 once the retries are used up', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/test-busy', headers: t.auth });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json()).toEqual({
      success: false,
      code: 'service_unavailable',
      message: 'The database is busy; retry shortly.',
    });
    expect(runs).toBe(TRANSACTION_ATTEMPTS);
  });
});
