import BetterSqlite3 from 'better-sqlite3';
import { Kysely, sql, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNT_LIMIT } from '../core/pagination.js';
import { paginate } from './paginate.js';

interface Tables {
  items: { id: number; colour: string };
}

describe('paginate', () => {
  const statements: string[] = [];
  const db = new Kysely<Tables>({
    dialect: new SqliteDialect({ database: new BetterSqlite3(':memory:') }),
    log: (event) => {
      if (event.level === 'query') statements.push(event.query.sql);
    },
  });
  const reds = () => db.selectFrom('items').where('colour', '=', 'red');

  beforeAll(async () => {
    await db.schema.createTable('items').addColumn('id', 'integer').addColumn('colour', 'text').execute();
    const colours = ['red', 'blue', 'red', 'red', 'green', 'red', 'red'];
    await db
      .insertInto('items')
      .values(colours.map((colour, i) => ({ id: i + 1, colour })))
      .execute();
  });
  afterAll(() => db.destroy());

  it('answers the page in the query order and the count of every matching row', async () => {
    const result = await paginate(db, reds().select('id').orderBy('id', 'desc'), { page: 2, per_page: 2 });
    expect(result).toEqual({ items: [{ id: 4 }, { id: 3 }], total: 5 });
  });

  it('answers an empty page past the end with the real count', async () => {
    expect(await paginate(db, reds().selectAll().orderBy('id'), { page: 9, per_page: 2 })).toEqual({
      items: [],
      total: 5,
    });
  });

  it('counts the same filter without the selections and the order', async () => {
    statements.length = 0;
    await paginate(db, reds().select(['id', 'colour']).orderBy('colour').orderBy('id'), { page: 1, per_page: 3 });
    expect(statements).toEqual([
      'select "id", "colour" from "items" where "colour" = ? order by "colour", "id" limit ? offset ?',
      'select count(*) as n from (select 1 as "one" from "items" where "colour" = ? limit ?) as matches',
    ]);
  });
});

describe('paginate over more rows than it counts', () => {
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: new BetterSqlite3(':memory:') }) });
  const MATCHES = COUNT_LIMIT + 500;
  const blues = () => db.selectFrom('items').where('colour', '=', 'blue').selectAll().orderBy('id');

  beforeAll(async () => {
    await db.schema.createTable('items').addColumn('id', 'integer').addColumn('colour', 'text').execute();
    await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${MATCHES})
      insert into items (id, colour) select i, 'blue' from n`.execute(db);
  });
  afterAll(() => db.destroy());

  it('says the total is capped, and counts the rows up to the page and one past it', async () => {
    expect(await paginate(db, blues(), { page: 1, per_page: 100 })).toMatchObject({
      total: COUNT_LIMIT,
      totalIsCapped: true,
    });
    const deep = await paginate(db, blues(), { page: 101, per_page: 100 });
    expect(deep.items.map((row) => row.id)).toEqual(Array.from({ length: 100 }, (_, i) => 10_001 + i));
    expect(deep).toMatchObject({ total: 10_101, totalIsCapped: true });
  });

  it('reaches the number of matches on the last page, and stays there past it', async () => {
    const past = await paginate(db, blues(), { page: 106, per_page: 100 });
    expect(past).toMatchObject({ items: [], total: MATCHES });
    const end = await paginate(db, blues(), { page: 105, per_page: 100 });
    expect(end).toMatchObject({ total: MATCHES, totalIsCapped: true });
    expect(end.items).toHaveLength(100);
  });
});
