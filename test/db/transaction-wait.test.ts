// Top-level transactions run as their database says, each attempt through its turn (on SQLite, one at a time,
// each after the checkpoint thread has caught up with a long write-ahead log: test/db/sqlite-write-ahead-log.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { inTransaction, takeTurnsForTransactions } from '../../src/db/transaction.js';
import {
  createTestDatabaseLocation,
  openTestDatabase,
  testEngine,
  type TestDatabaseLocation,
} from '../helpers/test-database.js';

describe(`transactions taking turns on ${testEngine}`, () => {
  let location: TestDatabaseLocation;
  let database: Database;
  beforeAll(async () => {
    location = await createTestDatabaseLocation();
    database = openTestDatabase(location);
  });
  afterAll(async () => {
    await database.close();
    await location.drop();
  });

  it('runs every attempt of a top-level unit through its turns, and a unit that joins one within it', async () => {
    const steps: string[] = [];
    takeTurnsForTransactions(database.db, async (transaction) => {
      steps.push('turn');
      await new Promise((resolve) => setTimeout(resolve, 10));
      try {
        return await transaction();
      } finally {
        steps.push('turn done');
      }
    });
    let attempts = 0;
    await inTransaction(database.db, async (trx) => {
      attempts += 1;
      steps.push(`unit ${attempts}`);
      if (attempts === 1) throw Object.assign(new Error('simulated busy'), { code: 'SQLITE_BUSY' });
      await inTransaction(trx, async () => void steps.push('joined'));
    });
    expect(steps).toEqual(['turn', 'unit 1', 'turn done', 'turn', 'unit 2', 'joined', 'turn done']);
  });
});
