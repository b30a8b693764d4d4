// Tenant settings: read by every user of the tenant, changed by admins (system:manage-settings) with If-Match and
// an audit entry, each bad value a 422 naming its field; the default currency is what a create or price filter
// without a currency takes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeTenantWithToken, makeToken, makeUser } from '../helpers/factories.js';
import { buildTestApp, jsonCaller, type TestApp } from '../helpers/test-app.js';
import { purchaseOps } from '../purchasing/purchase-order-helpers.js';

const TENANT = '/api/v1/tenant';
const STALE = '"0000000000000000000000"';

const EVERY_FIELD = {
  name: '  Acme Trading GmbH ',
  default_currency: 'EUR',
  time_zone: 'Europe/Berlin',
  address_line1: 'Hafenstraße 12',
  address_line2: '3. Stock',
  city: 'Hamburg',
  region: 'Hamburg',
  postal_code: '20457',
  country: 'DE',
  tax_id: 'DE123456789',
  purchase_order_footer: 'Please quote the order number on every delivery note.',
};

describe('tenant settings', () => {
  let t: TestApp;
  let tenantId: string;
  let adminId: string;
  let auth: { authorization: string };
  let call: ReturnType<typeof jsonCaller>;

  const auditEntries = () =>
    t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('action', '=', 'tenant.updated')
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    t = await buildTestApp();
    const own = await makeTenantWithToken(t.services);
    tenantId = own.tenant.tenantId;
    adminId = own.tenant.adminId;
    auth = own.auth;
    call = jsonCaller(t.app, auth);
  });
  afterAll(() => t.close());

  it('answers the defaults of a new tenant, with an ETag', async () => {
    const res = await call('GET', TENANT);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    expect(res.json().data).toEqual({
      id: tenantId,
      name: expect.any(String),
      default_currency: 'USD',
      time_zone: null,
      address_line1: null,
      address_line2: null,
      city: null,
      region: null,
      postal_code: null,
      country: null,
      tax_id: null,
      purchase_order_footer: null,
      sales_approval_threshold: null,
      allocation_strategy: 'warehouse_priority',
      auto_allocate_backorders: true,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
  });

  it('lets every user of the tenant read it: a viewer and a manager', async () => {
    for (const role of ['viewer', 'manager'] as const) {
      const user = await makeUser(t.services, tenantId, role);
      const res = await t.app.inject({
        url: TENANT,
        headers: bearer(await makeToken(t.services, tenantId, user.id, { abilities: ['operations:view-products'] })),
      });
      expect(res.statusCode, role).toBe(200);
      expect(res.json().data.id).toBe(tenantId);
    }
  });

  it('refuses a change to a manager and a viewer (403), even with every ability granted, and records nothing', async () => {
    for (const role of ['viewer', 'manager'] as const) {
      const user = await makeUser(t.services, tenantId, role);
      const res = await call('PATCH', TENANT, { tax_id: 'X' }, bearer(await makeToken(t.services, tenantId, user.id)));
      expect(res.statusCode, role).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'forbidden',
        message: 'This action requires the ability system:manage-settings.',
      });
    }
    const lacking = await makeToken(t.services, tenantId, adminId, { abilities: ['system:manage-system'] });
    expect((await call('PATCH', TENANT, { tax_id: 'X' }, bearer(lacking))).statusCode).toBe(403);
    expect(await auditEntries()).toEqual([]);
  });

  it('changes every field, trimmed, answers the new ETag and records tenant.updated with the changed fields', async () => {
    const res = await call('PATCH', TENANT, EVERY_FIELD);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ ...EVERY_FIELD, name: 'Acme Trading GmbH' });
    const read = await call('GET', TENANT);
    expect(read.json().data).toEqual(data);
    expect(res.headers.etag).toBe(read.headers.etag);

    const entries = await auditEntries();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      entity_type: 'tenant',
      entity_id: tenantId,
      actor_type: 'token',
      actor_user_id: adminId,
    });
    const changes = entries[0]!.changes as Record<string, { before: unknown; after: unknown }>;
    expect(Object.keys(changes).sort()).toEqual(Object.keys(EVERY_FIELD).sort());
    expect(changes.default_currency).toEqual({ before: 'USD', after: 'EUR' });
    expect(changes.country).toEqual({ before: null, after: 'DE' });
    expect(changes.name!.after).toBe('Acme Trading GmbH');
  });

  it('clears optional text with null or blank, keeping the fields not sent', async () => {
    const res = await call('PATCH', TENANT, { address_line2: null, region: '   ', time_zone: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      address_line2: null,
      region: null,
      time_zone: null,
      city: 'Hamburg',
      country: 'DE',
      default_currency: 'EUR',
    });
    const last = (await auditEntries()).at(-1)!;
    expect(last.changes).toEqual({
      address_line2: { before: '3. Stock', after: null },
      region: { before: 'Hamburg', after: null },
      time_zone: { before: 'Europe/Berlin', after: null },
    });
  });

  it.each([
    ['default_currency', { default_currency: 'XYZ' }, 'The default currency XYZ is not an ISO 4217 currency code.'],
    ['default_currency', { default_currency: 'XAU' }, 'The default currency XAU is not an ISO 4217 currency code.'],
    ['default_currency', { default_currency: 'EURO' }, null],
    [
      'time_zone',
      { time_zone: 'Mars/Olympus_Mons' },
      'The time zone Mars/Olympus_Mons is not an IANA time zone name (such as Europe/Berlin or UTC).',
    ],
    [
      'time_zone',
      { time_zone: '+01:00' },
      'The time zone +01:00 is not an IANA time zone name (such as Europe/Berlin or UTC).',
    ],
    ['country', { country: 'XX' }, 'The country XX is not an ISO 3166-1 alpha-2 code (such as GB or DE).'],
    ['country', { country: 'gb' }, 'The country gb is not an ISO 3166-1 alpha-2 code (such as GB or DE).'],
    ['country', { country: 'GBR' }, 'The country field must not be greater than 2 characters.'],
    [
      'purchase_order_footer',
      { purchase_order_footer: 'x'.repeat(2001) },
      'The purchase order footer field must not be greater than 2000 characters.',
    ],
    ['name', { name: '' }, 'The name field must not be empty.'],
    ['name', { name: '   ' }, null],
    ['tax_id', { tax_id: 42 }, null],
  ])('refuses a bad %s with a 422 naming it, changing and recording nothing: %j', async (field, payload, message) => {
    const before = await call('GET', TENANT);
    const entries = (await auditEntries()).length;
    const res = await call('PATCH', TENANT, payload);
    expect(res.statusCode, res.body).toBe(422);
    const errors = res.json().errors as Record<string, string[]>;
    expect(Object.keys(errors)).toEqual([field]);
    if (message !== null) expect(errors[field]).toContain(message);
    expect((await call('GET', TENANT)).json()).toEqual(before.json());
    expect(await auditEntries()).toHaveLength(entries);
  });

  it('drops unknown fields, as every body does: sending back the resource read changes and records nothing', async () => {
    const before = await call('GET', TENANT);
    const entries = (await auditEntries()).length;
    const res = await call('PATCH', TENANT, { ...before.json().data, colour: 'blue' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual(before.json().data);
    expect(res.headers.etag).toBe(before.headers.etag);
    expect(await auditEntries()).toHaveLength(entries);
  });

  it('names every bad field of one request at once', async () => {
    const res = await call('PATCH', TENANT, { default_currency: 'ABC', time_zone: 'Nowhere/Land', country: 'QQ' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['country', 'default_currency', 'time_zone']);
  });

  it('answers 412 to a stale If-Match, changing and recording nothing, then takes the current ETag', async () => {
    const before = await call('GET', TENANT);
    const etag = before.headers.etag as string;
    const entries = (await auditEntries()).length;
    const refused = await call('PATCH', TENANT, { tax_id: 'GB999' }, { ...auth, 'if-match': STALE });
    expect(refused.statusCode, refused.body).toBe(412);
    expect(refused.json()).toMatchObject({ code: 'precondition_failed', current_etag: etag });
    expect((await call('GET', TENANT)).json()).toEqual(before.json());
    expect(await auditEntries()).toHaveLength(entries);

    const done = await call('PATCH', TENANT, { tax_id: 'GB999' }, { ...auth, 'if-match': etag });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.headers.etag).not.toBe(etag);
    expect(await auditEntries()).toHaveLength(entries + 1);
    const notModified = await call('GET', TENANT, undefined, { ...auth, 'if-none-match': done.headers.etag as string });
    expect(notModified.statusCode).toBe(304);
  });

  it("changes only the caller's tenant", async () => {
    const other = await makeTenantWithToken(t.services);
    const res = await call('PATCH', TENANT, { city: 'Elsewhere' }, other.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.id).toBe(other.tenant.tenantId);
    expect((await call('GET', TENANT)).json().data.city).toBe('Hamburg');
  });

  describe('the default currency', () => {
    let own: Awaited<ReturnType<typeof makeTenantWithToken>>;
    let as: ReturnType<typeof jsonCaller>;
    beforeAll(async () => {
      own = await makeTenantWithToken(t.services);
      as = jsonCaller(t.app, own.auth);
      expect((await as('PATCH', TENANT, { default_currency: 'JPY' })).statusCode).toBe(200);
    });

    it('is the currency of a product created without one, its prices read in it', async () => {
      const res = await as('POST', '/api/v1/operations/products', { name: 'Green tea', selling_price: 1200.4 });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data).toMatchObject({ currency: 'JPY', selling_price: 1200 });
      const named = await as('POST', '/api/v1/operations/products', {
        name: 'Black tea',
        selling_price: 12.5,
        currency: 'EUR',
      });
      expect(named.json().data).toMatchObject({ currency: 'EUR', selling_price: 12.5 });
    });

    it('is the currency of a master product created without one', async () => {
      const res = await as('POST', '/api/v1/operations/master-products', { name: 'Tea box', base_price: 3000 });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data).toMatchObject({ currency: 'JPY', base_price: 3000 });
    });

    it('is the currency of price filters sent without one', async () => {
      const products = await as('GET', '/api/v1/operations/products?min_price=1000');
      expect(products.statusCode, products.body).toBe(200);
      expect(products.json().data.map((p: { name: string }) => p.name)).toEqual(['Green tea']);
      const masters = await as('GET', '/api/v1/operations/master-products?max_price=5000');
      expect(masters.statusCode, masters.body).toBe(200);
      expect(masters.json().data.map((m: { name: string }) => m.name)).toEqual(['Tea box']);
    });

    it('is the currency of a purchase order created without one', async () => {
      const o = purchaseOps(t, own.auth, own.tenant.tenantId);
      const supplierId = await o.supplier();
      const productId = await o.product();
      const res = await as('POST', '/api/v1/operations/purchase-orders', {
        supplier_id: supplierId,
        warehouse_id: own.tenant.defaultWarehouseId,
        items: [{ product_id: productId, quantity: 2, unit_price: 150 }],
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data).toMatchObject({ currency: 'JPY', total_amount: 300 });
    });

    it('stays USD for another tenant that kept the default', async () => {
      const res = await call(
        'POST',
        '/api/v1/operations/products',
        { name: 'Coffee beans', selling_price: 9.99 },
        (await makeTenantWithToken(t.services)).auth,
      );
      expect(res.json().data).toMatchObject({ currency: 'USD', selling_price: 9.99 });
    });
  });
});
