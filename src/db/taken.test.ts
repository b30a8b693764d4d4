import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTaken } from './taken.js';

interface Tables {
  brands: { id: string; slug: string };
}

describe('isTaken', () => {
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: new BetterSqlite3(':memory:') }) });
  const holding = (slug: string) => db.selectFrom('brands').where('slug', '=', slug);

  beforeAll(async () => {
    await db.schema.createTable('brands').addColumn('id', 'text').addColumn('slug', 'text').execute();
    await db.insertInto('brands').values({ id: 'b1', slug: 'acme' }).execute();
  });
  afterAll(() => db.destroy());

  it('is true when a row holds the value', async () => {
    expect(await isTaken(holding('acme'))).toBe(true);
    expect(await isTaken(holding('acme'), 'b2')).toBe(true);
  });

  it('is false when no row holds it, or only the record being updated', async () => {
    expect(await isTaken(holding('globex'))).toBe(false);
    expect(await isTaken(holding('acme'), 'b1')).toBe(false);
  });

  it('reads the id as the query names it', async () => {
    expect(await isTaken(holding('acme'), 'b1', 'brands.id')).toBe(false);
  });
});
