// SQLite with checkpoints in the background: top-level transactions take turns, each after the checkpoint thread
// has caught up with a long write-ahead log, so that writes back to back start the log over instead of growing it
// to the backstop, whose checkpoint inside a commit stops the event loop. SQLite's own behaviour on a file of its
// own, so it runs in the SQLite project only (vitest.config.ts): run twice at once, the two runs' writers starve
// each other's checkpoint threads.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../src/db/database.js';
import { BACKSTOP_PAGES, LONG_LOG_PAGES } from '../../src/db/sqlite-checkpointer.js';
import { inTransaction } from '../../src/db/transaction.js';

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
