import { DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { changesWatchedRows, type WatchedTables } from './change-watch.js';
import type { DB } from './schema.js';

const db = new Kysely<DB>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (kysely) => new SqliteIntrospector(kysely),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});

const watched: WatchedTables = { tables: ['users', 'api_tokens'], ignoredColumns: ['last_used_at'], channel: 'test' };
const changes = (query: { compile(): { query: Parameters<typeof changesWatchedRows>[0] } }) =>
  changesWatchedRows(query.compile().query, watched);

describe('changesWatchedRows', () => {
  it('counts inserts, updates and deletes of the watched tables', () => {
    expect(changes(db.insertInto('api_tokens').values({ id: 'x' } as never))).toBe(true);
    expect(changes(db.updateTable('users').set({ is_active: false }).where('id', '=', 'x'))).toBe(true);
    expect(changes(db.deleteFrom('api_tokens').where('id', '=', 'x'))).toBe(true);
  });

  it('ignores an update that sets only ignored columns, but not one that sets others too', () => {
    expect(changes(db.updateTable('api_tokens').set({ last_used_at: 'now' }))).toBe(false);
    expect(changes(db.updateTable('api_tokens').set({ last_used_at: 'now', status: 'revoked' }))).toBe(true);
  });

  it('ignores reads and other tables', () => {
    expect(changes(db.selectFrom('api_tokens').selectAll())).toBe(false);
    expect(changes(db.updateTable('products').set({ name: 'x' }))).toBe(false);
    expect(changes(db.deleteFrom('sessions'))).toBe(false);
  });

  it('cannot see into raw SQL', () => {
    expect(changesWatchedRows(sql`update users set is_active = false`.compile(db).query, watched)).toBe(false);
  });
});
