// What runs after a commit (afterCommit) and the LISTEN connection that carries other processes' commits: the
// two halves of waking the event publisher without waiting for its poll.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { afterCommit, inTransaction } from '../../src/db/transaction.js';
import {
  createTestDatabaseLocation,
  openTestDatabase,
  testEngine,
  type TestDatabaseLocation,
} from '../helpers/test-database.js';

async function until(what: string, done: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe(`commit signals on ${testEngine}`, () => {
  let location: TestDatabaseLocation;
  let database: Database;
  beforeAll(async () => {
    location = await createTestDatabaseLocation();
    database = openTestDatabase(location);
    await sql`create table commit_probe (id integer primary key)`.execute(database.db);
  });
  afterAll(async () => {
    await database.close();
    await location.drop();
  });

  it('runs afterCommit callbacks once the top-level unit committed, after its rows are visible', async () => {
    const seen: number[] = [];
    await inTransaction(database.db, async (trx) => {
      await sql`insert into commit_probe (id) values (1)`.execute(trx);
      afterCommit(trx, () => seen.push(1));
      // A nested unit joins the outer one: its callbacks wait for the outer commit too.
      await inTransaction(trx, async (inner) => afterCommit(inner, () => seen.push(2)));
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual([1, 2]);
    expect(
      (await sql<{ id: number }>`select id from commit_probe`.execute(database.db)).rows.map((r) => Number(r.id)),
    ).toEqual([1]);
  });

  it('never runs them for a unit that rolled back, nor for a run that was retried', async () => {
    const seen: string[] = [];
    await expect(
      inTransaction(database.db, async (trx) => {
        afterCommit(trx, () => seen.push('rolled back'));
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    let runs = 0;
    await inTransaction(database.db, async (trx) => {
      runs += 1;
      afterCommit(trx, () => seen.push(`run ${runs}`));
      if (runs === 1)
        throw Object.assign(new Error('simulated'), { code: testEngine === 'postgres' ? '40001' : 'SQLITE_BUSY' });
    });
    expect(seen).toEqual(['run 2']);
  });

  it('keeps the answer of a committed unit when a callback throws', async () => {
    const answer = await inTransaction(database.db, async (trx) => {
      afterCommit(trx, () => {
        throw new Error('a lost wake-up');
      });
      return 'committed';
    });
    expect(answer).toBe('committed');
  });

  it(
    testEngine === 'postgres'
      ? 'listens on a connection of its own and listens again after losing it'
      : 'has no channel between processes on SQLite',
    async () => {
      const received: string[] = [];
      const errors: Error[] = [];
      let listening = 0;
      const listener = database.listen('qm_probe_channel', {
        notification: (payload) => received.push(payload),
        listening: () => void listening++,
        error: (error) => void errors.push(error),
      });
      if (testEngine === 'sqlite') {
        expect(listener).toBeNull();
        return;
      }
      try {
        await until('LISTEN', () => listening === 1);
        await sql`select pg_notify('qm_probe_channel', 'first')`.execute(database.db);
        await until('the first notification', () => received.includes('first'));

        // The server ends the listening connection: it reports the loss, reconnects and listens again.
        await sql`select pg_terminate_backend(pid) from pg_stat_activity where query = 'LISTEN "qm_probe_channel"' and pid <> pg_backend_pid()`.execute(
          database.db,
        );
        await until('listening again', () => listening === 2);
        expect(errors.length).toBeGreaterThan(0);
        await sql`select pg_notify('qm_probe_channel', 'second')`.execute(database.db);
        await until('the second notification', () => received.includes('second'));
        expect(received).toEqual(['first', 'second']);
      } finally {
        await listener!.close();
      }
    },
  );
});
