import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabaseLocation,
  openTestDatabase,
  testEngine,
  type TestDatabaseLocation,
} from '../../test/helpers/test-database.js';
import { compiledStatement } from './compiled.js';
import type { Database } from './database.js';
import { inTransaction } from './transaction.js';

// A table of the test's own: the statement's columns change under it.
const probeById = compiledStatement((db, p: { id: string }) =>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a table outside the app's schema
  (db as unknown as Kysely<any>).selectFrom('prepared_probe').selectAll().where('id', '=', p.id),
);

describe('compiled statements, prepared', () => {
  let location: TestDatabaseLocation;
  let database: Database;
  beforeAll(async () => {
    location = await createTestDatabaseLocation({ migrated: false });
    database = openTestDatabase(location);
    await sql`create table prepared_probe (id text primary key, name text not null)`.execute(database.db);
    await sql`insert into prepared_probe (id, name) values ('a', 'Anvil'), ('b', 'Bolt')`.execute(database.db);
  });
  afterAll(async () => {
    await database.close();
    await location.drop();
  });

  it('answer each execution its own values, past the executions after which PostgreSQL keeps a generic plan', async () => {
    await inTransaction(database.db, async (trx) => {
      for (let i = 0; i < 8; i++) {
        expect(await probeById.execute(trx, { id: 'a' })).toEqual([{ id: 'a', name: 'Anvil' }]);
        expect(await probeById.executeTakeFirst(trx, { id: 'b' })).toEqual({ id: 'b', name: 'Bolt' });
        expect(await probeById.execute(trx, { id: 'missing' })).toEqual([]);
      }
      if (testEngine === 'postgres') {
        // The transaction holds one connection: the statement is prepared on it, once.
        const prepared = await sql<{
          statement: string;
        }>`select statement from pg_prepared_statements where statement like '%prepared_probe%'`.execute(trx);
        expect(prepared.rows).toHaveLength(1);
      }
    });
  });

  it('answer the columns a migration added after they were first run, also on connections that ran them before', async () => {
    // Every connection of the pool runs it first, as a busy process would have.
    await Promise.all(
      Array.from({ length: 10 }, () => inTransaction(database.db, (trx) => probeById.execute(trx, { id: 'a' }))),
    );
    await sql`alter table prepared_probe add column colour text`.execute(database.db);
    await sql`update prepared_probe set colour = 'black' where id = 'a'`.execute(database.db);

    for (let i = 0; i < 12; i++) {
      expect(await probeById.executeTakeFirst(database.db, { id: 'a' })).toEqual({
        id: 'a',
        name: 'Anvil',
        colour: 'black',
      });
    }
    const concurrent = await Promise.all(
      Array.from({ length: 10 }, () => probeById.executeTakeFirst(database.db, { id: 'b' })),
    );
    expect(concurrent).toEqual(Array.from({ length: 10 }, () => ({ id: 'b', name: 'Bolt', colour: null })));
  });
});
