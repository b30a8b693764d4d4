import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, SQLITE_CACHE_KIB, type Database } from './database.js';
import { BACKSTOP_PAGES } from './sqlite-checkpointer.js';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('SQLite planner statistics', () => {
  const opened: Database[] = [];
  const folders: string[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((d) => d.close()));
    for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
  });

  const open = (sqliteFile: string) => {
    const database = createDatabase({ databaseUrl: null, sqliteFile });
    opened.push(database);
    return database;
  };

  it('are gathered when a database holding unanalysed tables is opened', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'qm-statistics-'));
    folders.push(folder);
    const file = path.join(folder, 'stats.sqlite');
    const first = open(file);
    await sql`create table items (id integer primary key, tenant_id text not null, status text not null)`.execute(
      first.db,
    );
    await sql`create index items_tenant_status on items (tenant_id, status)`.execute(first.db);
    await sql`with recursive n(value) as (select 1 union all select value + 1 from n where value < 5000)
              insert into items (tenant_id, status) select 't1', case value % 3 when 0 then 'a' else 'b' end from n`.execute(
      first.db,
    );
    await opened.pop()!.close();

    const reopened = open(file);
    const stats = await sql<{
      idx: string;
      stat: string;
    }>`select idx, stat from sqlite_stat1 where tbl = 'items'`.execute(reopened.db);
    // The index's row: the row count first, then the average rows per tenant: one tenant holds them all.
    const row = stats.rows.find((r) => r.idx === 'items_tenant_status');
    expect(row?.stat.split(' ')[1]).toBe('5000');
  });
});

describe('SQLite change watch', () => {
  const opened: Database[] = [];
  let folder: string;
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((d) => d.close()));
    fs.rmSync(folder, { recursive: true, force: true });
  });

  const twoConnections = async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'qm-watch-'));
    const file = path.join(folder, 'watch.sqlite');
    const [here, elsewhere] = [
      createDatabase({ databaseUrl: null, sqliteFile: file }),
      createDatabase({ databaseUrl: null, sqliteFile: file }),
    ];
    opened.push(here, elsewhere);
    await sql`create table items (id integer primary key, name text)`.execute(here.db);
    const watch = here.watchChanges({ tables: ['items'], ignoredColumns: [], channel: 'items_changed' });
    return { here, elsewhere, watch };
  };

  it("tells of every other connection's commit once, from the next turn of the event loop, and of nothing else", async () => {
    const { here, elsewhere, watch } = await twoConnections();
    expect(watch.changed()).toBe(false);
    for (let round = 0; round < 20; round += 1) {
      await sql`insert into items (name) values (${`item ${round}`})`.execute(elsewhere.db);
      await nextTurn();
      expect(watch.changed()).toBe(true);
      expect(watch.changed()).toBe(false);
      // Reads, and writes of this connection to other tables, change nothing the watch keeps.
      await sql`select count(*) from items`.execute(elsewhere.db);
      await sql`create table if not exists other (id integer primary key)`.execute(here.db);
      await sql`insert into other default values`.execute(here.db);
      expect(watch.changed()).toBe(false);
    }
  });

  it('sees commits after a checkpoint restarted the WAL', async () => {
    const { elsewhere, watch } = await twoConnections();
    await sql`insert into items (name) values ('before')`.execute(elsewhere.db);
    await nextTurn();
    expect(watch.changed()).toBe(true);
    // The checkpoint rewrites the database file: data_version may count it, which only costs a reload.
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(elsewhere.db);
    await nextTurn();
    watch.changed();
    await sql`insert into items (name) values ('after')`.execute(elsewhere.db);
    await nextTurn();
    expect(watch.changed()).toBe(true);
    expect(watch.changed()).toBe(false);
  });

  // The requests of one turn reached the server before its first read of data_version (see database.ts), so a
  // commit during the turn concerns none of them.
  it('reads data_version once per turn of the event loop, for every watch', async () => {
    const { here, elsewhere, watch } = await twoConnections();
    const tokens = here.watchChanges({ tables: ['items'], ignoredColumns: [], channel: 'items_changed' });
    await nextTurn();
    expect([watch.changed(), tokens.changed()]).toEqual([false, false]);
    await sql`insert into items (name) values ('during the turn')`.execute(elsewhere.db);
    expect([watch.changed(), tokens.changed()]).toEqual([false, false]);
    await nextTurn();
    expect([watch.changed(), tokens.changed()]).toEqual([true, true]);
    expect([watch.changed(), tokens.changed()]).toEqual([false, false]);
  });

  it('tells of its own commits to the watched tables', async () => {
    const { here, watch } = await twoConnections();
    await here.db
      .insertInto('items' as never)
      .values({ name: 'mine' } as never)
      .execute();
    expect(watch.changed()).toBe(true);
    expect(watch.changed()).toBe(false);
  });
});

describe('SQLite checkpoints in the background', () => {
  let folder: string;
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it("copy this connection's commits into the file on their own thread, which the change watch does not count as a commit", async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'qm-checkpoints-'));
    const file = path.join(folder, 'data.sqlite');
    database = createDatabase({ databaseUrl: null, sqliteFile: file });
    database.checkpointInBackground();
    // The serving connection checkpoints itself only past its backstop, no longer SQLite's 1,000 pages.
    const limit = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(database.db);
    expect(limit.rows[0]!.wal_autocheckpoint).toBe(BACKSTOP_PAGES);
    await sql`create table notes (body text)`.execute(database.db);
    const watch = database.watchChanges({ tables: ['notes'], ignoredColumns: [], channel: 'notes_changed' });
    const before = fs.statSync(file).size;
    await sql`with recursive n(value) as (select 1 union all select value + 1 from n where value < 500)
              insert into notes (body) select printf('%.1000c', 'x') from n`.execute(database.db);
    await nextTurn();
    watch.changed();

    const deadline = Date.now() + 5000;
    while (fs.statSync(file).size <= before + 400_000 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fs.statSync(file).size).toBeGreaterThan(before + 400_000);
    await nextTurn();
    expect(watch.changed()).toBe(false);
  });
});

describe('SQLite page cache', () => {
  it("is SQLITE_CACHE_KIB per connection, not the driver's 16 MB", async () => {
    const database = createDatabase({ databaseUrl: null, sqliteFile: ':memory:' });
    try {
      const cache = await sql<{ cache_size: number }>`pragma cache_size`.execute(database.db);
      expect(cache.rows[0]!.cache_size).toBe(-SQLITE_CACHE_KIB);
    } finally {
      await database.close();
    }
  });
});
