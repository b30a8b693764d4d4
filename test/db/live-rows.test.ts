// The shared update and soft delete of a tenant's rows by id (src/db/live-rows.ts), on the migrated schema.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { softDeleteLiveRows, updateLiveRow, updateTenantRow } from '../../src/db/live-rows.js';
import {
  createTestDatabaseLocation,
  openTestDatabase,
  testEngine,
  type TestDatabaseLocation,
} from '../helpers/test-database.js';

const AT = '2026-04-01T09:00:00.000Z';
const LATER = '2026-04-02T10:00:00.000Z';

describe(`live rows on ${testEngine}`, () => {
  let location: TestDatabaseLocation;
  let database: Database;
  const db = () => database.db;

  const brand = (tenant: string, id: string, deleted = false) => ({
    id,
    tenant_id: tenant,
    name: id,
    slug: id,
    description: null,
    logo_url: null,
    website_url: null,
    is_active: true,
    created_at: AT,
    updated_at: AT,
    deleted_at: deleted ? AT : null,
  });
  const brandRow = (id: string) => db().selectFrom('brands').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    location = await createTestDatabaseLocation();
    database = openTestDatabase(location);
    for (const id of ['tenant-a', 'tenant-b'])
      await db()
        .insertInto('tenants')
        .values({ id, name: id, time_zone: null, created_at: AT, updated_at: AT } as never)
        .execute();
  });
  beforeEach(async () => {
    await db().deleteFrom('brands').execute();
    await db().deleteFrom('tags').execute();
    await db()
      .insertInto('brands')
      .values([
        brand('tenant-a', 'acme'),
        brand('tenant-a', 'globex'),
        brand('tenant-a', 'gone', true),
        brand('tenant-b', 'initech'),
      ])
      .execute();
  });
  afterAll(async () => {
    await database.close();
    await location.drop();
  });

  describe('updateLiveRow', () => {
    it("changes the tenant's live row and answers it as stored", async () => {
      const updated = await updateLiveRow(db().updateTable('brands'), 'tenant-a', 'acme', {
        name: 'Acme',
        updated_at: LATER,
      });
      expect(updated).toEqual({ ...brand('tenant-a', 'acme'), name: 'Acme', updated_at: LATER });
      expect((await brandRow('globex')).name).toBe('globex');
    });

    it("answers undefined for a deleted row, a missing one and another tenant's, and changes none", async () => {
      for (const [tenant, id] of [
        ['tenant-a', 'gone'],
        ['tenant-a', 'missing'],
        ['tenant-a', 'initech'],
      ] as const)
        expect(await updateLiveRow(db().updateTable('brands'), tenant, id, { name: 'X' }), id).toBeUndefined();
      expect((await brandRow('gone')).name).toBe('gone');
      expect((await brandRow('initech')).name).toBe('initech');
    });

    it("keeps the conditions of the caller's statement", async () => {
      const inactiveOnly = () => db().updateTable('brands').where('is_active', '=', false);
      expect(await updateLiveRow(inactiveOnly(), 'tenant-a', 'acme', { name: 'Acme' })).toBeUndefined();
      await db().updateTable('brands').set({ is_active: false }).where('id', '=', 'acme').execute();
      expect((await updateLiveRow(inactiveOnly(), 'tenant-a', 'acme', { name: 'Acme' }))?.name).toBe('Acme');
    });

    it('sets values computed from the row', async () => {
      const updated = await updateLiveRow(db().updateTable('brands'), 'tenant-a', 'acme', (eb) => ({
        is_active: eb.not(eb.ref('is_active')),
      }));
      expect(updated?.is_active).toBe(false);
    });

    it('is refused, when compiled, for a table whose rows are not soft-deleted', () => {
      const tags = db().updateTable('tags');
      // @ts-expect-error tags have no deleted_at: updateTenantRow is theirs.
      const refused = () => updateLiveRow(tags, 'tenant-a', 'red', { name: 'Red' });
      expect(refused).toBeTypeOf('function');
    });
  });

  describe('updateTenantRow', () => {
    it("changes the tenant's row whatever its deleted_at, and no other tenant's", async () => {
      await db()
        .insertInto('tags')
        .values({
          id: 'red',
          tenant_id: 'tenant-a',
          name: 'red',
          slug: 'red',
          description: null,
          color: '#FF0000',
          is_active: true,
          created_at: AT,
          updated_at: AT,
        })
        .execute();
      expect((await updateTenantRow(db().updateTable('tags'), 'tenant-a', 'red', { name: 'Red' }))?.name).toBe('Red');
      expect(await updateTenantRow(db().updateTable('tags'), 'tenant-b', 'red', { name: 'Rouge' })).toBeUndefined();
      expect((await updateTenantRow(db().updateTable('brands'), 'tenant-a', 'gone', { name: 'Back' }))?.name).toBe(
        'Back',
      );
    });
  });

  describe('softDeleteLiveRows', () => {
    it('deletes one live row at the time given, and answers one', async () => {
      expect(await softDeleteLiveRows(db().updateTable('brands'), 'tenant-a', 'acme', LATER)).toBe(1);
      expect(await brandRow('acme')).toMatchObject({ deleted_at: LATER, updated_at: LATER });
    });

    it("deletes the live rows of a list that are the tenant's, and counts them", async () => {
      const ids = ['acme', 'globex', 'gone', 'initech', 'missing'];
      expect(await softDeleteLiveRows(db().updateTable('brands'), 'tenant-a', ids, LATER)).toBe(2);
      expect(await brandRow('gone')).toMatchObject({ deleted_at: AT, updated_at: AT });
      expect(await brandRow('initech')).toMatchObject({ deleted_at: null, updated_at: AT });
    });

    it("answers none when the caller's condition refuses the row", async () => {
      const inactiveOnly = db().updateTable('brands').where('is_active', '=', false);
      expect(await softDeleteLiveRows(inactiveOnly, 'tenant-a', 'acme', LATER)).toBe(0);
      expect((await brandRow('acme')).deleted_at).toBeNull();
    });
  });
});
