import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { STATEMENT_BYTES_PER_CHARACTER, withStatementCache } from './statement-cache.js';

describe('withStatementCache', () => {
  const opened: BetterSqlite3.Database[] = [];
  const open = () => {
    const sqlite = new BetterSqlite3(':memory:');
    opened.push(sqlite);
    sqlite.exec('create table t (id integer primary key, name text)');
    return sqlite;
  };
  afterEach(() => {
    for (const sqlite of opened.splice(0)) if (sqlite.open) sqlite.close();
  });

  it('prepares each SQL text once and answers the same statement afterwards', () => {
    const sqlite = open();
    let prepared = 0;
    const counting = { close: () => sqlite.close(), prepare: (sql: string) => (prepared++, sqlite.prepare(sql)) };
    const cached = withStatementCache(counting);
    const first = cached.prepare('select * from t where id = ?');
    const second = cached.prepare('select * from t where id = ?');
    expect(second).toBe(first);
    expect(prepared).toBe(1);
    cached.prepare('select name from t');
    expect(prepared).toBe(2);
  });

  it('runs cached statements with fresh parameters each time', () => {
    const cached = withStatementCache(open());
    const insert = 'insert into t (id, name) values (?, ?)';
    cached.prepare(insert).run([1, 'one']);
    cached.prepare(insert).run([2, 'two']);
    const read = 'select name from t where id = ?';
    expect(cached.prepare(read).all([1])).toEqual([{ name: 'one' }]);
    expect(cached.prepare(read).all([2])).toEqual([{ name: 'two' }]);
  });

  it('drops the least recently used statement beyond its bytes', () => {
    const sqlite = open();
    const seen: string[] = [];
    const cached = withStatementCache(
      { close: () => sqlite.close(), prepare: (sql: string) => (seen.push(sql), sqlite.prepare(sql)) },
      2 * 'select 1'.length * STATEMENT_BYTES_PER_CHARACTER,
    );
    cached.prepare('select 1');
    cached.prepare('select 2');
    cached.prepare('select 1');
    cached.prepare('select 3');
    cached.prepare('select 1');
    cached.prepare('select 2');
    expect(seen).toEqual(['select 1', 'select 2', 'select 3', 'select 2']);
  });

  it('closes the database it wraps', () => {
    const sqlite = open();
    withStatementCache(sqlite).close();
    expect(sqlite.open).toBe(false);
  });
});
