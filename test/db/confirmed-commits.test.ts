// The bounds of confirmed commits: a listening process that never answers holds a commit's caller no longer than
// CONFIRMATION_TIMEOUT_MS and is reported, and a process whose event loop was stuck that long distrusts its cache.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIRMATION_TIMEOUT_MS, listenerName, type UnconfirmedCommit } from '../../src/db/confirmed-commits.js';
import { createDatabase, type Database } from '../../src/db/database.js';
import { TOKEN_CACHE_TABLES } from '../../src/modules/auth/tokens/token-cache.js';
import { createTestDatabaseLocation, testEngine, type TestDatabaseLocation } from '../helpers/test-database.js';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function blockEventLoop(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // Stands for a process stuck in a long synchronous task.
  }
}

describe(`confirmed commits on ${testEngine}`, () => {
  let location: TestDatabaseLocation;
  let database: Database;
  const reports: UnconfirmedCommit[] = [];
  beforeAll(async () => {
    location = await createTestDatabaseLocation({ migrated: true });
    database = createDatabase({
      databaseUrl: location.databaseUrl,
      sqliteFile: location.sqliteFile,
      onUnconfirmedCommit: (report) => reports.push(report),
    });
  });
  afterAll(async () => {
    await database.close();
    await location.drop();
  });

  it('a listening process that never answers holds the commit back for the bound at most, and is reported', async () => {
    const watch = database.watchChanges(TOKEN_CACHE_TABLES);
    watch.changed();
    const silent = location.databaseUrl
      ? new pg.Client({
          connectionString: location.databaseUrl,
          application_name: listenerName(TOKEN_CACHE_TABLES.channel),
        })
      : null;
    try {
      if (silent) {
        await silent.connect();
        await silent.query('LISTEN "quartermaster_auth"');
      }
      const started = performance.now();
      await database.db.updateTable('users').set({ name: 'Renamed' }).where('id', '=', 'nobody').execute();
      const waited = performance.now() - started;
      if (silent) {
        const { rows } = await silent.query<{ pid: number }>('select pg_backend_pid() as pid');
        expect(waited).toBeGreaterThanOrEqual(CONFIRMATION_TIMEOUT_MS - 50);
        expect(waited).toBeLessThan(CONFIRMATION_TIMEOUT_MS + 1000);
        expect(reports).toEqual([
          {
            channel: 'quartermaster_auth',
            silentListeners: [rows[0]!.pid],
            reason: `no answer within ${CONFIRMATION_TIMEOUT_MS} ms`,
          },
        ]);
      } else {
        // SQLite has no listeners: every other connection reads data_version at its next lookup.
        expect(waited).toBeLessThan(CONFIRMATION_TIMEOUT_MS / 2);
        expect(reports).toEqual([]);
      }
    } finally {
      await silent?.end();
      await watch.close();
    }
  });

  it('a watch whose event loop was stuck for half the bound or more stops trusting what it heard', async () => {
    const watch = database.watchChanges(TOKEN_CACHE_TABLES);
    try {
      watch.changed();
      // Until the listener listens, every answer is "changed"; then a quiet database changes nothing.
      for (let i = 0; i < 100 && watch.changed(); i += 1) await pause(20);
      expect(watch.changed()).toBe(false);
      blockEventLoop(CONFIRMATION_TIMEOUT_MS / 2 + 100);
      // SQLite reads data_version at every lookup, so a stuck loop misses nothing there.
      expect(watch.changed()).toBe(testEngine === 'postgres');
      await pause(150);
      expect(watch.changed()).toBe(false);
    } finally {
      await watch.close();
    }
  });

  it('a commit to tables watched without confirmation waits for nobody', async () => {
    const watch = database.watchChanges({ ...TOKEN_CACHE_TABLES, confirmed: false });
    watch.changed();
    const silent = location.databaseUrl
      ? new pg.Client({
          connectionString: location.databaseUrl,
          application_name: listenerName(TOKEN_CACHE_TABLES.channel),
        })
      : null;
    try {
      await silent?.connect();
      await silent?.query('LISTEN "quartermaster_auth"');
      const started = performance.now();
      await database.db.updateTable('users').set({ name: 'Renamed' }).where('id', '=', 'nobody').execute();
      expect(performance.now() - started).toBeLessThan(CONFIRMATION_TIMEOUT_MS / 2);
    } finally {
      await silent?.end();
      await watch.close();
    }
  });
});
