// Variants over HTTP: single creation with every check of docs/decisions/variants.md (Variants), inheritance from the
// master (also after the master changes) and overrides, the product update rules of a variant, deletion of all
// variants with an audit row, and bearer-only access.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductResponse } from '../../../src/modules/catalog/products/index.js';
import { bearer, makeTenantWithToken, makeToken } from '../../helpers/factories.js';
import { signedInClient } from '../../helpers/session-client.js';
import { buildTestApp, jsonCaller, type TestApp } from '../../helpers/test-app.js';

const API = '/api/v1/operations';
const MASTERS = `${API}/master-products`;
const PRODUCTS = `${API}/products`;
const INVALID = 'The given data was invalid.';

type Headers = { authorization: string };
type Json = Record<string, unknown>;

const TEE = {
  attributes: [
    { name: 'Color', values: ['Red', 'Blue'] },
    { name: 'Size', values: ['S', 'M', 'L'] },
  ],
  allowCombinations: true,
};

describe('variants', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  async function freshTenant() {
    const { tenant, auth } = await makeTenantWithToken(t.services);
    const call = jsonCaller(t.app, auth);
    const master = async (payload: Json = {}): Promise<Json & { id: string }> => {
      const res = await call('POST', MASTERS, { name: 'Classic Tee', sku: 'TEE', variant_attributes: TEE, ...payload });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data;
    };
    const addVariant = (masterId: string, payload: unknown, headers: Headers = auth) =>
      call('POST', `${MASTERS}/${masterId}/variants`, payload, headers);
    const variant = async (masterId: string, payload: Json): Promise<ProductResponse> => {
      const res = await addVariant(masterId, payload);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().message).toBe('Variant created successfully');
      return res.json().data;
    };
    const getProduct = async (id: string): Promise<ProductResponse> => {
      const res = await call('GET', `${PRODUCTS}/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    const errorsOf = async (res: LightMyRequestResponse) => {
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({ success: false, message: INVALID });
      return res.json().errors as Record<string, string[]>;
    };
    const removeAll = (masterId: string, payload?: unknown, headers: Headers = auth) =>
      call('DELETE', `${MASTERS}/${masterId}/variants`, payload, headers);
    const liveCount = async (masterId: string) =>
      (
        await t.database.db
          .selectFrom('products')
          .select('id')
          .where('master_product_id', '=', masterId)
          .where('deleted_at', 'is', null)
          .execute()
      ).length;
    return { ...tenant, auth, call, master, addVariant, variant, getProduct, errorsOf, removeAll, liveCount };
  }
  type Tenant = Awaited<ReturnType<typeof freshTenant>>;

  describe('single creation', () => {
    let c: Tenant;
    let masterId: string;
    beforeAll(async () => {
      c = await freshTenant();
      masterId = (await c.master({ base_price: 20, base_cost_price: 8 })).id;
    });

    it('creates a draft variant with the default name and a generated SKU; the selection is matched as configured', async () => {
      const v = await c.variant(masterId, { variant_selection: { color: 'red', SIZE: 's' } });
      expect(v).toMatchObject({
        name: 'Classic Tee - Red / S',
        sku: 'TEE-RED-S',
        status: 'draft',
        is_variant: true,
        master_product_id: masterId,
        parent_product_id: masterId,
        variant_attributes: { Color: 'Red', Size: 'S' },
        selling_price: 20,
        cost_price: 8,
        overrides: [],
        stock_quantity: 0,
      });
      // Attributes in configuration order, also once read back (PostgreSQL's jsonb orders keys its own way).
      expect(Object.keys((await c.getProduct(v.id)).variant_attributes!)).toEqual(['Color', 'Size']);
      const events = await t.database.db
        .selectFrom('event_outbox')
        .select('payload')
        .where('entity_id', '=', v.id)
        .where('event_type', '=', 'product.created')
        .execute();
      expect(events).toHaveLength(1);
      expect(events[0]!.payload).toMatchObject({ id: v.id, sku: 'TEE-RED-S' });
    });

    it('takes its own name, SKU, prices, weight and stock (through an initial_stock movement); overrides name them', async () => {
      const v = await c.variant(masterId, {
        variant_attributes: { Color: 'Red', Size: 'M' },
        name: '  Red Tee Medium ',
        sku: 'RED-M-OWN',
        selling_price: 25.5,
        cost_price: 0,
        weight: 0.3,
        stock_quantity: 12,
      });
      expect(v).toMatchObject({
        name: 'Red Tee Medium',
        sku: 'RED-M-OWN',
        selling_price: 25.5,
        cost_price: 0,
        weight: 0.3,
        stock_quantity: 12,
        available_quantity: 12,
        effective_values: { price: 25.5, cost_price: 0, weight: 0.3, currency: 'USD' },
      });
      expect(v.overrides).toEqual(['price', 'cost_price', 'weight']);
      const movements = await t.database.db
        .selectFrom('stock_movements')
        .selectAll()
        .where('product_id', '=', v.id)
        .execute();
      expect(movements.map((m) => [m.type, m.quantity, m.quantity_before, m.quantity_after, m.warehouse_id])).toEqual([
        ['initial_stock', 12, 0, 12, c.defaultWarehouseId],
      ]);
    });

    it('refuses an attribute not in the configuration, naming the configured ones', async () => {
      const errors = await c.errorsOf(
        await c.addVariant(masterId, { variant_selection: { Color: 'Blue', Size: 'S', Material: 'Wool' } }),
      );
      expect(errors).toEqual({
        'variant_selection.Material': [
          "The attribute Material is not in the master's configuration. Configured: Color, Size.",
        ],
      });
    });

    it('refuses a value not allowed, naming the attribute and the allowed values', async () => {
      const errors = await c.errorsOf(
        await c.addVariant(masterId, { variant_selection: { Color: 'Green', Size: 'S' } }),
      );
      expect(errors).toEqual({
        'variant_selection.Color': ['The value Green is not allowed for Color. Allowed: Red, Blue.'],
      });
    });

    it('requires every configured attribute, and a selection at all', async () => {
      const errors = await c.errorsOf(await c.addVariant(masterId, { variant_attributes: { Color: 'Blue' } }));
      expect(errors).toEqual({ 'variant_attributes.Size': ['The Size attribute is required. Allowed: S, M, L.'] });
      expect(Object.keys(await c.errorsOf(await c.addVariant(masterId, { sku: 'NO-SELECTION' })))).toEqual([
        'variant_selection',
      ]);
      expect(Object.keys(await c.errorsOf(await c.addVariant(masterId, { variant_selection: {} })))).toEqual([
        'variant_selection.Color',
        'variant_selection.Size',
      ]);
    });

    it('refuses values that are not strings', async () => {
      const errors = await c.errorsOf(await c.addVariant(masterId, { variant_selection: { Color: 'Blue', Size: 3 } }));
      expect(Object.keys(errors)).toEqual(['variant_selection.Size']);
    });

    it('refuses a combination that exists, and a SKU any live product has, together', async () => {
      await c.variant(masterId, { variant_selection: { Color: 'Blue', Size: 'L' }, sku: 'BLUE-L' });
      const errors = await c.errorsOf(
        await c.addVariant(masterId, { variant_selection: { Color: 'blue', Size: 'l' }, sku: 'BLUE-L' }),
      );
      expect(errors).toEqual({
        variant_selection: ['A variant with this combination already exists (SKU BLUE-L).'],
        sku: ['The sku has already been taken.'],
      });
      const simple = await c.call('POST', PRODUCTS, { name: 'Simple Thing', sku: 'SIMPLE-1' });
      expect(simple.statusCode).toBe(201);
      expect(
        await c.errorsOf(
          await c.addVariant(masterId, { variant_selection: { Color: 'Blue', Size: 'M' }, sku: 'SIMPLE-1' }),
        ),
      ).toEqual({
        sku: ['The sku has already been taken.'],
      });
    });

    it('falls back to -2 when the generated SKU is taken', async () => {
      expect((await c.call('POST', PRODUCTS, { name: 'Squatter', sku: 'TEE-BLUE-S' })).statusCode).toBe(201);
      const v = await c.variant(masterId, { variant_selection: { Color: 'Blue', Size: 'S' } });
      expect(v.sku).toBe('TEE-BLUE-S-2');
    });

    it('enforces the field limits: prices, stock, weight, SKU and name', async () => {
      const base = { variant_selection: { Color: 'Red', Size: 'L' } };
      const cases: Array<[Json, string]> = [
        [{ selling_price: 10_000_000 }, 'selling_price'],
        [{ selling_price: -1 }, 'selling_price'],
        [{ cost_price: 9_999_999.991 }, 'cost_price'],
        [{ stock_quantity: 1_000_000 }, 'stock_quantity'],
        [{ stock_quantity: -1 }, 'stock_quantity'],
        [{ stock_quantity: 2.5 }, 'stock_quantity'],
        [{ weight: 100_000 }, 'weight'],
        [{ weight: -0.1 }, 'weight'],
        [{ sku: 'S'.repeat(101) }, 'sku'],
        [{ sku: 'has space' }, 'sku'],
        [{ name: 'ab' }, 'name'],
        [{ name: 'N'.repeat(256) }, 'name'],
      ];
      for (const [extra, field] of cases) {
        expect(
          Object.keys(await c.errorsOf(await c.addVariant(masterId, { ...base, ...extra }))),
          JSON.stringify(extra),
        ).toEqual([field]);
      }
      const atLimits = await c.variant(masterId, {
        ...base,
        selling_price: 9_999_999.99,
        cost_price: null,
        stock_quantity: 999_999,
        weight: 99_999.9999,
        sku: 'S'.repeat(100),
      });
      expect(atLimits).toMatchObject({
        selling_price: 9_999_999.99,
        cost_price: 8,
        stock_quantity: 999_999,
        weight: 99_999.9999,
      });
      expect(atLimits.overrides).toEqual(['price', 'weight']);
    });

    it('needs a configuration, a live master of the tenant and a bearer token', async () => {
      const single = await c.master({ name: 'Single', sku: null, variant_attributes: null });
      const none = await c.addVariant(single.id, { variant_selection: { Color: 'Red' } });
      expect(none.statusCode).toBe(422);
      expect(none.json().message).toBe(
        'The master product has no variant configuration: set its variant_attributes first.',
      );
      const other = await freshTenant();
      expect((await other.addVariant(masterId, { variant_selection: { Color: 'Red', Size: 'S' } })).statusCode).toBe(
        404,
      );
      const client = await signedInClient(t.app, c.adminEmail);
      expect(
        (await client.post(`${MASTERS}/${masterId}/variants`, { variant_selection: { Color: 'Red', Size: 'L' } }))
          .statusCode,
      ).toBe(401);
    });
  });

  describe('inheritance', () => {
    let c: Tenant;
    beforeAll(async () => {
      c = await freshTenant();
    });

    it('shows the master’s base values at once after the master changes, except where the variant overrides', async () => {
      const m = await c.master({
        currency: 'EUR',
        base_price: 19.99,
        base_cost_price: 7.5,
        base_weight: 0.25,
        base_dimensions: { length: 30, width: 20, height: 2, unit: 'cm' },
        description: 'Soft cotton.',
        images: ['tee-front.jpg', 'tee-back.jpg'],
      });
      const inheriting = await c.variant(m.id, { variant_selection: { Color: 'Red', Size: 'S' } });
      const overriding = await c.variant(m.id, {
        variant_selection: { Color: 'Blue', Size: 'S' },
        selling_price: 25,
        weight: 0.3,
      });
      expect(inheriting).toMatchObject({
        selling_price: 19.99,
        cost_price: 7.5,
        currency: 'EUR',
        weight: 0.25,
        length: 30,
        width: 20,
        height: 2,
        dimensions_unit: 'cm',
        description: 'Soft cotton.',
        images: ['tee-front.jpg', 'tee-back.jpg'],
        overrides: [],
      });

      const put = await c.call('PUT', `${MASTERS}/${m.id}`, {
        base_price: 24.5,
        base_cost_price: 9,
        base_weight: 0.4,
        base_dimensions: { length: 31, width: 21, height: 3, unit: 'in' },
        description: 'Organic cotton.',
      });
      expect(put.statusCode, put.body).toBe(200);
      expect(await c.getProduct(inheriting.id)).toMatchObject({
        selling_price: 24.5,
        cost_price: 9,
        weight: 0.4,
        length: 31,
        dimensions_unit: 'in',
        description: 'Organic cotton.',
        effective_values: { price: 24.5, cost_price: 9, weight: 0.4, currency: 'EUR' },
        overrides: [],
      });
      expect(await c.getProduct(overriding.id)).toMatchObject({
        selling_price: 25,
        cost_price: 9,
        weight: 0.3,
        currency: 'EUR',
        effective_values: { price: 25, cost_price: 9, weight: 0.3, currency: 'EUR' },
        overrides: ['price', 'weight'],
      });
      // The list presents variants the same way.
      const list = await c.call('GET', `${PRODUCTS}?master_product_id=${m.id}&sort_by=sku&sort_direction=asc`);
      expect(list.json().data.map((p: ProductResponse) => [p.sku, p.selling_price])).toEqual([
        ['TEE-BLUE-S', 25],
        ['TEE-RED-S', 24.5],
      ]);
    });

    it('on a variant, PUT sets price, cost, description, images, dimensions; null goes back to inheriting', async () => {
      const m = await c.master({
        name: 'Zip Hoodie',
        sku: 'ZIP',
        base_price: 50,
        base_dimensions: { length: 70, width: 50, height: 5 },
        images: ['a.jpg'],
      });
      const v = await c.variant(m.id, { variant_selection: { Color: 'Red', Size: 'M' } });
      const res = await c.call('PUT', `${PRODUCTS}/${v.id}`, {
        selling_price: 55,
        cost_price: 20,
        description: 'Red one.',
        images: ['red.jpg', 'a.jpg'],
        length: 72,
        dimensions_unit: 'mm',
        sku: 'ZIP-RED-M-NEW',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        selling_price: 55,
        cost_price: 20,
        description: 'Red one.',
        images: ['a.jpg', 'red.jpg'],
        length: 72,
        width: null,
        dimensions_unit: 'mm',
        sku: 'ZIP-RED-M-NEW',
      });
      expect(res.json().data.overrides).toEqual(['price', 'cost_price', 'dimensions', 'description', 'images']);
      const back = await c.call('PUT', `${PRODUCTS}/${v.id}`, { selling_price: null, length: null, description: null });
      expect(back.statusCode, back.body).toBe(200);
      expect(back.json().data).toMatchObject({
        selling_price: 50,
        length: 70,
        width: 50,
        dimensions_unit: 'cm',
        description: null,
      });
      expect(back.json().data.overrides).toEqual(['cost_price', 'images']);
      const priceEvents = await t.database.db
        .selectFrom('event_outbox')
        .select('event_type')
        .where('entity_id', '=', v.id)
        .where('event_type', '=', 'product.price_changed')
        .execute();
      expect(priceEvents).toHaveLength(2);
    });

    it('on a variant, PUT refuses a new name, category, supplier, brand, type or currency; the same values pass', async () => {
      const m = await c.master({ name: 'Tank', sku: 'TANK' });
      const v = await c.variant(m.id, { variant_selection: { Color: 'Red', Size: 'L' } });
      const category = (await c.call('POST', `${API}/product-categories`, { name: 'Tops' })).json().data.id as string;
      const brand = (await c.call('POST', `${API}/brands`, { name: 'Acme' })).json().data.id as string;
      const errors = await c.errorsOf(
        await c.call('PUT', `${PRODUCTS}/${v.id}`, {
          name: 'Renamed',
          category_id: category,
          brand_id: brand,
          type: 'digital',
          currency: 'GBP',
          selling_price: 3,
        }),
      );
      expect(Object.keys(errors).sort()).toEqual(['brand_id', 'category_id', 'currency', 'name', 'type']);
      expect(errors.name).toEqual([
        'A variant inherits its name from its master product; it cannot be changed on the variant.',
      ]);
      expect((await c.getProduct(v.id)).overrides).toEqual([]);
      const same = await c.call('PUT', `${PRODUCTS}/${v.id}`, {
        name: v.name,
        type: 'physical',
        currency: 'USD',
        category_id: null,
        selling_price: 3,
      });
      expect(same.statusCode, same.body).toBe(200);
      expect(same.json().data).toMatchObject({ selling_price: 3, currency: 'USD', overrides: ['price'] });
      // A simple product still takes all of them.
      const simple = (await c.call('POST', PRODUCTS, { name: 'Plain Tank' })).json().data.id as string;
      expect(
        (await c.call('PUT', `${PRODUCTS}/${simple}`, { name: 'Renamed', currency: 'GBP', type: 'digital' }))
          .statusCode,
      ).toBe(200);
    });

    it('the master answers its variants (include=variants) and their count', async () => {
      const m = await c.master({ name: 'Counted Tee', sku: 'CNT', base_price: 15 });
      await c.call('POST', `${MASTERS}/${m.id}/variants/generate`, {});
      const res = await c.call('GET', `${MASTERS}/${m.id}?include=variants`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.products_count).toBe(6);
      const listed = res.json().data.variants as ProductResponse[];
      expect(listed.map((v) => v.sku)).toEqual([
        'CNT-RED-S',
        'CNT-RED-M',
        'CNT-RED-L',
        'CNT-BLUE-S',
        'CNT-BLUE-M',
        'CNT-BLUE-L',
      ]);
      expect(listed.every((v) => v.selling_price === 15 && v.is_variant)).toBe(true);
    });

    it('category and supplier changes of the master reach its variants through syncInherited', async () => {
      const category = (await c.call('POST', `${API}/product-categories`, { name: 'Shirts' })).json().data.id as string;
      const m = await c.master({ name: 'Synced Tee', sku: 'SYN' });
      const v = await c.variant(m.id, { variant_selection: { Color: 'Red', Size: 'S' } });
      expect(v.category_id).toBeNull();
      const hooks = t.services.catalog.variants.service;
      const changed = await t.database.db
        .transaction()
        .execute((trx) => hooks.syncInherited(trx, c.tenantId, { id: m.id, category_id: category, supplier_id: null }));
      expect(changed).toBe(1);
      expect(await c.getProduct(v.id)).toMatchObject({
        category_id: category,
        category: { id: category, name: 'Shirts' },
      });
      const again = await t.database.db
        .transaction()
        .execute((trx) => hooks.syncInherited(trx, c.tenantId, { id: m.id, category_id: category, supplier_id: null }));
      expect(again).toBe(0);
    });

    it('own prices follow a master currency change in currency units', async () => {
      const m = await c.master({ name: 'Yen Tee', sku: 'YEN', base_price: 10 });
      const v = await c.variant(m.id, { variant_selection: { Color: 'Red', Size: 'S' }, selling_price: 12.35 });
      const hooks = t.services.catalog.variants.service;
      await t.database.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('master_products')
          .set({ currency: 'JPY', base_price: 10 })
          .where('id', '=', m.id)
          .execute();
        expect(await hooks.rebaseCurrency(trx, c.tenantId, m.id, 'USD', 'JPY')).toBe(1);
      });
      expect(await c.getProduct(v.id)).toMatchObject({ currency: 'JPY', selling_price: 12, overrides: ['price'] });
    });
  });

  describe('delete all variants', () => {
    let c: Tenant;
    beforeAll(async () => {
      c = await freshTenant();
    });

    it('soft-deletes every variant with the reason in the audit trail', async () => {
      const m = await c.master({ name: 'Old Tee', sku: 'OLD' });
      const generated = await c.call('POST', `${MASTERS}/${m.id}/variants/generate`, {});
      const ids = (generated.json().data.variants as ProductResponse[]).map((v) => v.id);
      expect(ids).toHaveLength(6);
      const res = await c.removeAll(m.id, { reason: '  Range discontinued  ' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: 'Deleted 6 variant(s) successfully',
        data: { deleted_count: 6 },
      });
      expect(await c.liveCount(m.id)).toBe(0);
      expect((await c.call('GET', `${PRODUCTS}/${ids[0]}`)).statusCode).toBe(404);
      const audit = await t.database.db
        .selectFrom('variant_deletions')
        .selectAll()
        .where('master_product_id', '=', m.id)
        .execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        tenant_id: c.tenantId,
        reason: 'Range discontinued',
        deleted_count: 6,
        deleted_by: c.adminId,
      });
      expect([...audit[0]!.variant_ids].sort()).toEqual([...ids].sort());
      // Nothing left: nothing to delete, nothing audited; the SKUs are free again.
      const empty = await c.removeAll(m.id, { reason: 'Again' });
      expect(empty.json().data).toEqual({ deleted_count: 0 });
      expect(
        await t.database.db
          .selectFrom('variant_deletions')
          .select('id')
          .where('master_product_id', '=', m.id)
          .execute(),
      ).toHaveLength(1);
      const again = await c.call('POST', `${MASTERS}/${m.id}/variants/generate`, {});
      expect(again.json().data.variants[0].sku).toBe('OLD-RED-S');
    });

    it('refuses, deleting nothing, while any variant holds stock', async () => {
      const m = await c.master({ name: 'Stocked Tee', sku: 'STK' });
      await c.variant(m.id, { variant_selection: { Color: 'Red', Size: 'S' } });
      await c.variant(m.id, { variant_selection: { Color: 'Red', Size: 'M' }, stock_quantity: 2 });
      const res = await c.removeAll(m.id, { reason: 'Cleanup' });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toEqual({
        success: false,
        code: 'holds_stock',
        message:
          'The variants cannot be deleted: 1 of them hold inventory (on hand or reserved). Adjust their stock to zero first.',
      });
      expect(await c.liveCount(m.id)).toBe(2);
      expect(
        await t.database.db
          .selectFrom('variant_deletions')
          .select('id')
          .where('master_product_id', '=', m.id)
          .execute(),
      ).toHaveLength(0);
    });

    it('needs a reason of at most 500 characters, a bearer token and delete-products', async () => {
      const m = await c.master({ name: 'Reasoned Tee', sku: 'RSN' });
      await c.variant(m.id, { variant_selection: { Color: 'Red', Size: 'S' } });
      expect(Object.keys(await c.errorsOf(await c.removeAll(m.id)))).toEqual(['reason']);
      expect(Object.keys(await c.errorsOf(await c.removeAll(m.id, { reason: '   ' })))).toEqual(['reason']);
      expect(Object.keys(await c.errorsOf(await c.removeAll(m.id, { reason: 'r'.repeat(501) })))).toEqual(['reason']);
      const client = await signedInClient(t.app, c.adminEmail);
      expect(
        (await client.request({ method: 'DELETE', url: `${MASTERS}/${m.id}/variants`, payload: { reason: 'Session' } }))
          .statusCode,
      ).toBe(401);
      const editor = bearer(
        await makeToken(t.services, c.tenantId, c.adminId, { abilities: ['operations:edit-products'] }),
      );
      expect((await c.removeAll(m.id, { reason: 'No ability' }, editor)).statusCode).toBe(403);
      const other = await freshTenant();
      expect((await other.removeAll(m.id, { reason: 'Not mine' })).statusCode).toBe(404);
      expect(await c.liveCount(m.id)).toBe(1);
    });
  });
});
