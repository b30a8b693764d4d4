// Warehouses as far as the foundation goes: one default per tenant, codes, partial updates.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';

const WAREHOUSES = '/api/v1/operations/warehouses';

describe('warehouses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const create = (payload: object) => t.app.inject({ method: 'POST', url: WAREHOUSES, headers: t.auth, payload });
  const update = (id: string, payload: object, method: 'PUT' | 'PATCH' = 'PATCH') =>
    t.app.inject({ method, url: `${WAREHOUSES}/${id}`, headers: t.auth, payload });
  const defaults = async () =>
    (
      await t.database.db
        .selectFrom('warehouses')
        .select('id')
        .where('tenant_id', '=', t.tenant.tenantId)
        .where('is_default', '=', true)
        .execute()
    ).map((r) => r.id);

  it('every tenant starts with Main Warehouse, code MAIN, as its default', async () => {
    const res = await t.app.inject({ url: `${WAREHOUSES}/${t.tenant.defaultWarehouseId}`, headers: t.auth });
    expect(res.json().data).toMatchObject({
      name: 'Main Warehouse',
      code: 'MAIN',
      type: 'main',
      is_default: true,
      is_active: true,
    });
  });

  it('creates with every field and answers 201', async () => {
    const res = await create({
      name: 'Harbour',
      code: 'hb-1',
      type: 'consignment',
      is_active: true,
      address: { street: 'Quay 4', city: 'Bergen', state: null, postal_code: '5003', country: 'NO' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Warehouse created successfully',
      data: {
        name: 'Harbour',
        code: 'HB-1',
        type: 'consignment',
        is_default: false,
        address: { city: 'Bergen', state: null },
      },
    });
    expect(res.json().data.id).toMatch(/^[0-9a-z]{26}$/);
  });

  it('making another warehouse the default unsets the previous one', async () => {
    const second = (await create({ name: 'Second', code: 'SECOND', is_default: true })).json().data;
    expect(await defaults()).toEqual([second.id]);
    await update(t.tenant.defaultWarehouseId, { is_default: true });
    expect(await defaults()).toEqual([t.tenant.defaultWarehouseId]);
  });

  it('refuses to leave the tenant without an active default', async () => {
    const unset = await update(t.tenant.defaultWarehouseId, { is_default: false });
    expect(unset.statusCode).toBe(422);
    expect(unset.json().message).toBe(
      'A tenant must keep one default warehouse: make another warehouse the default instead.',
    );
    const deactivate = await update(t.tenant.defaultWarehouseId, { is_active: false });
    expect(deactivate.statusCode).toBe(422);
    expect(deactivate.json().message).toBe('The default warehouse cannot be inactive.');
    const inactiveDefault = await create({ name: 'Ghost', code: 'GHOST', is_default: true, is_active: false });
    expect(inactiveDefault.statusCode).toBe(422);
    expect(await defaults()).toEqual([t.tenant.defaultWarehouseId]);
  });

  it('updates only the fields sent, with PUT or PATCH', async () => {
    const id = (await create({ name: 'Partial', code: 'PARTIAL', type: 'satellite' })).json().data.id;
    const patched = await update(id, { name: 'Renamed' });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().data).toMatchObject({ name: 'Renamed', code: 'PARTIAL', type: 'satellite' });
    const put = await update(id, { is_active: false }, 'PUT');
    expect(put.json().data).toMatchObject({ name: 'Renamed', is_active: false });
  });

  it('ignores fields that are not writable', async () => {
    const id = (await create({ name: 'Sealed', code: 'SEALED', tenant_id: 'someone-else', id: 'chosen-id' })).json()
      .data.id;
    expect(id).not.toBe('chosen-id');
    const row = await t.database.db
      .selectFrom('warehouses')
      .select('tenant_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.tenant_id).toBe(t.tenant.tenantId);
  });
});
