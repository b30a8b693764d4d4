import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    const result = await paginate(reds().select('id').orderBy('id', 'desc'), { page: 2, per_page: 2 });
    expect(result).toEqual({ items: [{ id: 4 }, { id: 3 }], total: 5 });
  });

  it('answers an empty page past the end with the real count', async () => {
    expect(await paginate(reds().selectAll().orderBy('id'), { page: 9, per_page: 2 })).toEqual({ items: [], total: 5 });
  });

  it('counts the same filter without the selections and the order', async () => {
    statements.length = 0;
    await paginate(reds().select(['id', 'colour']).orderBy('colour').orderBy('id'), { page: 1, per_page: 3 });
    expect(statements).toEqual([
      'select "id", "colour" from "items" where "colour" = ? order by "colour", "id" limit ? offset ?',
      'select count(*) as "n" from "items" where "colour" = ?',
    ]);
  });
});
