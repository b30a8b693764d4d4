// Records of another tenant do not exist for the caller: repositories filter by tenant, routes answer 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeTenant, makeToken, type TenantFixture } from '../helpers/factories.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

describe('tenant scoping', () => {
  let t: TestApp;
  let other: TenantFixture;
  let otherToken: string;
  let otherWarehouseId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    other = await makeTenant(t.services);
    otherToken = await makeToken(t.services, other.tenantId, other.adminId);
    otherWarehouseId = (await t.services.warehouses.create(other.tenantId, { name: 'Other East', code: 'EAST' })).id;
  });
  afterAll(() => t.close());

  it('repository reads filter by tenant', async () => {
    const { warehouses, users, tokens } = t.services.repositories;
    const db = t.database.db;
    expect(await warehouses.findById(db, other.tenantId, otherWarehouseId)).toBeDefined();
    expect(await warehouses.findById(db, t.tenant.tenantId, otherWarehouseId)).toBeUndefined();
    expect((await warehouses.findDefault(db, t.tenant.tenantId))?.id).toBe(t.tenant.defaultWarehouseId);
    expect(await users.findById(db, t.tenant.tenantId, other.adminId)).toBeUndefined();
    expect(await users.findByEmail(db, t.tenant.tenantId, other.adminEmail)).toBeUndefined();
    const otherTokenRow = (
      await db.selectFrom('api_tokens').select('id').where('tenant_id', '=', other.tenantId).executeTakeFirstOrThrow()
    ).id;
    expect(await tokens.findById(db, t.tenant.tenantId, otherTokenRow)).toBeUndefined();
    const page = await warehouses.list(
      db,
      t.tenant.tenantId,
      { sort_by: 'code', sort_direction: 'asc' },
      { page: 1, per_page: 100 },
    );
    expect(page.items.every((w) => w.tenant_id === t.tenant.tenantId)).toBe(true);
  });

  it('repository writes filter by tenant', async () => {
    const changed = await t.services.repositories.warehouses.update(
      t.database.db,
      t.tenant.tenantId,
      otherWarehouseId,
      { name: 'Hijacked' },
    );
    expect(changed).toBeUndefined();
    expect((await t.services.warehouses.get(other.tenantId, otherWarehouseId)).name).toBe('Other East');
  });

  it("another tenant's record is 404 over HTTP, for reads and writes", async () => {
    const url = `/api/v1/operations/warehouses/${otherWarehouseId}`;
    const read = await t.app.inject({ url, headers: t.auth });
    expect(read.statusCode).toBe(404);
    expect(read.json()).toEqual({
      success: false,
      code: 'not_found',
      message: 'Warehouse not found.',
      data: null,
      meta: {},
    });
    const write = await t.app.inject({ method: 'PUT', url, headers: t.auth, payload: { name: 'Mine now' } });
    expect(write.statusCode).toBe(404);
    expect((await t.app.inject({ url, headers: bearer(otherToken) })).json().data.name).toBe('Other East');
  });

  it('codes are unique per tenant, not across tenants', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/operations/warehouses',
      headers: t.auth,
      payload: { name: 'My East', code: 'east' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.code).toBe('EAST');
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/operations/warehouses',
      headers: t.auth,
      payload: { name: 'Again', code: 'EAST' },
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ code: ['The code has already been taken.'] });
  });

  it('lists show only the caller tenant', async () => {
    const body = (await t.app.inject({ url: '/api/v1/operations/warehouses?per_page=100', headers: t.auth })).json();
    expect(body.data.map((w: { id: string }) => w.id)).not.toContain(otherWarehouseId);
    expect(body.data.map((w: { code: string }) => w.code)).toContain('MAIN');
  });
});
