// Compiled statements: built and compiled once per engine, then run with new parameter values, on the root
// database and inside transactions, with parameters and results normalised like every other query's.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledStatement } from '../../src/db/compiled.js';
import type { Database } from '../../src/db/database.js';
import { inTransaction, type Executor } from '../../src/db/transaction.js';
import {
  createTestDatabaseLocation,
  openTestDatabase,
  testEngine,
  type TestDatabaseLocation,
} from '../helpers/test-database.js';

const AT = '2026-04-01T09:00:00.000Z';

describe(`compiled statements on ${testEngine}`, () => {
  let location: TestDatabaseLocation;
  let database: Database;
  beforeAll(async () => {
    location = await createTestDatabaseLocation();
    database = openTestDatabase(location);
    await database.db
      .insertInto('tenants')
      .values({ id: 'tenant-a', name: 'A', time_zone: null, created_at: AT, updated_at: AT } as never)
      .execute();
    await database.db
      .insertInto('tenants')
      .values({ id: 'tenant-b', name: 'B', time_zone: null, created_at: AT, updated_at: AT } as never)
      .execute();
    const tag = (tenant: string, id: string, name: string, active: boolean) => ({
      id,
      tenant_id: tenant,
      name,
      slug: id,
      description: null,
      color: '#000000',
      is_active: active,
      created_at: AT,
      updated_at: AT,
    });
    await database.db
      .insertInto('tags')
      .values([
        tag('tenant-a', 'red', 'Red', true),
        tag('tenant-a', 'blue', 'Blue', false),
        tag('tenant-b', 'green', 'Green', true),
      ])
      .execute();
  });
  afterAll(async () => {
    await database.close();
    await location.drop();
  });

  let builds = 0;
  const tagsOf = compiledStatement((db: Executor, p: { tenantId: string; active: boolean }) => {
    builds += 1;
    return db
      .selectFrom('tags')
      .select(['id', 'name', 'is_active'])
      .where('tenant_id', '=', p.tenantId)
      .where('is_active', '=', p.active)
      .orderBy('name');
  });

  it('builds once and runs with each call’s values, booleans normalised both ways', async () => {
    expect(await tagsOf.execute(database.db, { tenantId: 'tenant-a', active: true })).toEqual([
      { id: 'red', name: 'Red', is_active: true },
    ]);
    expect(await tagsOf.execute(database.db, { tenantId: 'tenant-a', active: false })).toEqual([
      { id: 'blue', name: 'Blue', is_active: false },
    ]);
    expect(await tagsOf.executeTakeFirst(database.db, { tenantId: 'tenant-b', active: true })).toEqual({
      id: 'green',
      name: 'Green',
      is_active: true,
    });
    expect(await tagsOf.executeTakeFirst(database.db, { tenantId: 'tenant-c', active: true })).toBeUndefined();
    expect(builds).toBe(1);
  });

  it('puts a parameter used twice in both places, next to values the query fixed itself', async () => {
    const named = compiledStatement((db: Executor, p: { name: string }) =>
      db
        .selectFrom('tags')
        .select('id')
        .where('color', '=', '#000000')
        .where((eb) => eb.or([eb('name', '=', p.name), eb('slug', '=', p.name)])),
    );
    expect(await named.execute(database.db, { name: 'Red' })).toEqual([{ id: 'red' }]);
    expect(await named.execute(database.db, { name: 'blue' })).toEqual([{ id: 'blue' }]);
  });

  it('runs inside a transaction, on its connection', async () => {
    const rename = compiledStatement((db: Executor, p: { id: string; name: string }) =>
      db.updateTable('tags').set({ name: p.name }).where('id', '=', p.id).returning(['id', 'name']),
    );
    const byId = compiledStatement((db: Executor, p: { id: string }) =>
      db.selectFrom('tags').select('name').where('id', '=', p.id),
    );
    await expect(
      inTransaction(database.db, async (trx) => {
        expect(await rename.execute(trx, { id: 'red', name: 'Crimson' })).toEqual([{ id: 'red', name: 'Crimson' }]);
        expect(await byId.executeTakeFirst(trx, { id: 'red' })).toEqual({ name: 'Crimson' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await byId.executeTakeFirst(database.db, { id: 'red' })).toEqual({ name: 'Red' });
  });

  it('refuses a parameter that does not reach the SQL as a bound value', async () => {
    const inlined = compiledStatement((db: Executor, p: { name: string }) =>
      db.selectFrom('tags').select('id').where('name', '=', sql.lit(p.name)),
    );
    await expect(inlined.execute(database.db, { name: 'Red' })).rejects.toThrow(
      'Parameter name of a compiled statement is not a bound value',
    );
  });
});
