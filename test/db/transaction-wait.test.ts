// Top-level transactions run as their database says: on SQLite with checkpoints in the background, one at a time,
// each after the checkpoint thread has caught up with a long write-ahead log, so that writes back to back start
// the log over instead of growing it to the backstop, whose checkpoint inside a commit stops the event loop.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../src/db/database.js';
import { BACKSTOP_PAGES, LONG_LOG_PAGES } from '../../src/db/sqlite-checkpointer.js';
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

// On a SQLite file of its own: SQLite's behaviour, checked in either engine's run (as src/db/sqlite-checkpointer.test.ts).
describe('SQLite writes back to back with checkpoints in the background', () => {
  let dir: string;
  let database: Database;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qm-wal-'));
    database = createDatabase({ databaseUrl: null, sqliteFile: path.join(dir, 'data.sqlite') });
    await sql`create table notes (body text not null)`.execute(database.db);
    database.checkpointInBackground();
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('starts the log over instead of growing it to the backstop', async () => {
    const log = path.join(dir, 'data.sqlite-wal');
    const longLog = LONG_LOG_PAGES * 4096;
    const rows = sql.join(Array.from({ length: 100 }, () => sql`(${'x'.repeat(1000)})`));
    let largest = 0;
    // Three long logs' worth, past the backstop, in transactions of about 1 MB all queued at once.
    const transactions = Array.from({ length: Math.ceil((3 * longLog) / 1_000_000) }, () =>
      inTransaction(database.db, async (trx) => {
        for (let i = 0; i < 10; i += 1) await sql`insert into notes (body) values ${rows}`.execute(trx);
        largest = Math.max(largest, fs.statSync(log).size);
      }),
    );
    await Promise.all(transactions);
    expect(largest).toBeGreaterThan(longLog);
    // Past it by the commits the thread had not looked at yet (about one on an idle machine, tens when other
    // processes keep the thread waiting for a core); without the turns, on to the backstop and past it.
    expect(largest).toBeLessThan(BACKSTOP_PAGES * 4096);
  });
});
