// Variant listing and bulk operations over HTTP: the list with stock totals, filters, includes and pages,
// the available attribute values, bulk price updates (forms, filters, rounding, inheritance, events) and
// bulk stock updates (movements, refusals), bearer only.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductStatus, ProductType, VariantConfiguration } from '../../../../src/db/schema.js';
import { newId } from '../../../../src/lib/ids.js';
import { variantKey } from '../../../../src/modules/catalog/master-products/index.js';
import { changedByPercentage } from '../../../../src/modules/catalog/variants/listing/variant-listing.service.js';
import { bearer, makeTenantWithToken, makeToken } from '../../../helpers/factories.js';
import { signedInClient } from '../../../helpers/session-client.js';
import { buildTestApp, jsonCaller, type TestApp } from '../../../helpers/test-app.js';

const API = '/api/v1/operations';
const INVALID = 'The given data was invalid.';
const MISSING_ULID = '01hzzzzzzzzzzzzzzzzzzzzzzz';
const NOT_FOUND = { success: false, code: 'not_found', message: 'Master product not found.', data: null, meta: {} };
const SIZE_COLOR: VariantConfiguration['attributes'] = [
  { name: 'Size', values: ['S', 'M', 'L'] },
  { name: 'Color', values: ['Red', 'Blue'] },
];

type Json = Record<string, unknown>;
type Headers = { authorization: string };

interface MasterOptions {
  attributes?: VariantConfiguration['attributes'] | null;
  /** Minor units. */
  base_price?: number | null;
  currency?: string;
  category_id?: string | null;
  supplier_id?: string | null;
}

interface VariantOptions {
  /** Minor units; null inherits the master's base price. */
  selling_price?: number | null;
  status?: ProductStatus;
  type?: ProductType;
  track_inventory?: boolean;
  created_at?: string;
}

describe('variant listing and bulk updates', () => {
  let t: TestApp;
  let seq = 0;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  /** A tenant of its own with helpers that write masters and variants as the variants module stores them. */
  async function freshTenant() {
    const { tenant, auth } = await makeTenantWithToken(t.services);
    const db = t.database.db;
    const call = jsonCaller(t.app, auth);
    const variantsUrl = (masterId: string) => `${API}/master-products/${masterId}/variants`;
    const list = (masterId: string, query = '', headers: Headers = auth) =>
      call('GET', `${variantsUrl(masterId)}${query}`, undefined, headers);
    const available = (masterId: string) => call('GET', `${variantsUrl(masterId)}/available`);
    const prices = (masterId: string, payload: unknown, headers: Headers = auth) =>
      call('POST', `${variantsUrl(masterId)}/bulk-update-prices`, payload, headers);
    const stock = (masterId: string, payload: unknown, headers: Headers = auth) =>
      call('POST', `${variantsUrl(masterId)}/bulk-update-stock`, payload, headers);

    const master = async (options: MasterOptions = {}) => {
      const id = newId();
      const now = new Date().toISOString();
      const n = ++seq;
      const attributes = options.attributes === undefined ? SIZE_COLOR : options.attributes;
      await db
        .insertInto('master_products')
        .values({
          id,
          tenant_id: tenant.tenantId,
          name: `Tee ${n}`,
          slug: `tee-${n}`,
          sku: null,
          currency: options.currency ?? 'USD',
          base_price: options.base_price ?? null,
          base_cost_price: null,
          base_weight: null,
          base_dimensions: null,
          variant_attributes: attributes === null ? null : { attributes, allowCombinations: true },
          category_id: options.category_id ?? null,
          supplier_id: options.supplier_id ?? null,
          images: null,
          tags: null,
          status: 'active',
          is_visible: true,
          is_featured: false,
          sort_order: 0,
          requires_shipping: true,
          is_taxable: true,
          created_at: now,
          updated_at: now,
          deleted_at: null,
        })
        .execute();
      return { id, attributes, category_id: options.category_id ?? null, supplier_id: options.supplier_id ?? null };
    };
    type Master = Awaited<ReturnType<typeof master>>;

    /** A variant row: a product with is_variant, its master, its selection and the combination key. */
    const variant = async (m: Master, selection: Record<string, string>, options: VariantOptions = {}) => {
      const id = newId();
      const now = options.created_at ?? '2026-04-01T09:00:00.000Z';
      const n = ++seq;
      const config = { attributes: m.attributes ?? [], allowCombinations: true };
      await db
        .insertInto('products')
        .values({
          id,
          tenant_id: tenant.tenantId,
          name: `Tee ${n} - ${Object.values(selection).join(' / ')}`,
          slug: `tee-variant-${n}`,
          sku: `TEE-${n}`,
          type: options.type ?? 'physical',
          status: options.status ?? 'draft',
          is_variant: true,
          master_product_id: m.id,
          variant_attributes: selection,
          variant_key: variantKey(config, selection),
          selling_price: options.selling_price ?? null,
          currency: null,
          track_inventory: options.track_inventory ?? true,
          category_id: m.category_id,
          supplier_id: m.supplier_id,
          created_at: now,
          updated_at: now,
          deleted_at: null,
        })
        .execute();
      return id;
    };

    /** Receives stock through the stock ledger (record, movement, product totals). */
    const receive = (productId: string, quantity: number, warehouseId: string | null = null) =>
      db.transaction().execute((trx) =>
        t.services.stock.changeOnHand(trx, {
          tenantId: tenant.tenantId,
          productId,
          warehouseId,
          quantity,
          type: 'initial_stock',
          reason: 'Test stock',
        }),
      );
    /** Reserves in the default warehouse as a reservation would: the record and the product total. */
    const reserve = async (productId: string, quantity: number) => {
      await db
        .updateTable('inventory_records')
        .set((eb) => ({ quantity_reserved: eb('quantity_reserved', '+', quantity) }))
        .where('product_id', '=', productId)
        .where('warehouse_id', '=', tenant.defaultWarehouseId)
        .execute();
      await db
        .updateTable('products')
        .set((eb) => ({ reserved_quantity: eb('reserved_quantity', '+', quantity) }))
        .where('id', '=', productId)
        .execute();
    };
    const row = (id: string) => db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const movements = (productId: string) =>
      db.selectFrom('stock_movements').selectAll().where('product_id', '=', productId).orderBy('id').execute();
    const events = (entityId: string, type?: string) => {
      let query = db
        .selectFrom('event_outbox')
        .selectAll()
        .where('tenant_id', '=', tenant.tenantId)
        .where('entity_id', '=', entityId)
        .orderBy('id');
      if (type) query = query.where('event_type', '=', type);
      return query.execute();
    };
    const errorsOf = (res: LightMyRequestResponse) => {
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({ success: false, message: INVALID });
      return res.json().errors as Record<string, string[]>;
    };
    const created = async (path: string, payload: Json) => {
      const res = await call('POST', `${API}/${path}`, payload);
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as { id: string; name: string };
    };
    return {
      ...tenant,
      auth,
      call,
      list,
      available,
      prices,
      stock,
      master,
      variant,
      receive,
      reserve,
      row,
      movements,
      events,
      errorsOf,
      created,
    };
  }
  type Tenant = Awaited<ReturnType<typeof freshTenant>>;

  describe('list', () => {
    let c: Tenant;
    let m: Awaited<ReturnType<Tenant['master']>>;
    let ids: string[];
    let category: { id: string; name: string };
    let supplier: { id: string; name: string };
    let secondWarehouse: string;
    beforeAll(async () => {
      c = await freshTenant();
      category = await c.created('product-categories', { name: 'Shirts' });
      supplier = await c.created('suppliers', { name: 'Cotton Co', code: 'COT-1', email: 'orders@cotton.test' });
      secondWarehouse = (await c.created('warehouses', { name: 'Overflow', code: 'OVF', type: 'distribution' })).id;
      m = await c.master({ base_price: 2000, category_id: category.id, supplier_id: supplier.id });
      // One generation shares created_at: ids give its order. A later single creation comes after it.
      const sRed = await c.variant(m, { Size: 'S', Color: 'Red' }, { status: 'active' });
      const sBlue = await c.variant(m, { Size: 'S', Color: 'Blue' }, { status: 'active' });
      const mRed = await c.variant(m, { Size: 'M', Color: 'Red' }, { status: 'draft' });
      const mBlue = await c.variant(m, { Size: 'M', Color: 'Blue' }, { status: 'discontinued' });
      const lRed = await c.variant(
        m,
        { Size: 'L', Color: 'Red' },
        { status: 'active', created_at: '2026-04-02T09:00:00.000Z' },
      );
      ids = [sRed, sBlue, mRed, mBlue, lRed];
      await c.receive(sRed, 10);
      await c.receive(sRed, 4, secondWarehouse);
      await c.receive(sBlue, 5);
      await c.reserve(sBlue, 2);
      await c.receive(mRed, 7);
      await c.receive(lRed, 1);
      // Neither a deleted variant nor another master's variant counts.
      const gone = await c.variant(m, { Size: 'L', Color: 'Blue' }, { status: 'active' });
      await c.receive(gone, 3);
      await t.database.db
        .updateTable('products')
        .set({ deleted_at: new Date().toISOString() })
        .where('id', '=', gone)
        .execute();
      const other = await c.master();
      await c.receive(await c.variant(other, { Size: 'S', Color: 'Red' }, { status: 'active' }), 50);
    });

    it('lists live variants in generation order with per-variant stock and totals over all of them', async () => {
      const res = await c.list(m.id);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.success).toBe(true);
      expect(body.data.map((v: Json) => v.id)).toEqual(ids);
      expect(body.data[0]).toMatchObject({
        is_variant: true,
        master_product_id: m.id,
        variant_attributes: { Size: 'S', Color: 'Red' },
      });
      expect(body.data[0]).toMatchObject({ stock_quantity: 14, reserved_quantity: 0, available_quantity: 14 });
      expect(body.data[1]).toMatchObject({ stock_quantity: 5, reserved_quantity: 2, available_quantity: 3 });
      expect(body.meta).toEqual({
        current_page: 1,
        per_page: 50,
        total: 5,
        last_page: 1,
        total_variants: 5,
        total_stock: 27,
        total_available: 25,
        total_reserved: 2,
      });
      expect(body.links.next).toBeNull();
    });

    it('filters by status (one or a comma list) and computes the totals over the filtered variants', async () => {
      const active = (await c.list(m.id, '?status=active')).json();
      expect(active.data.map((v: Json) => v.id)).toEqual([ids[0], ids[1], ids[4]]);
      expect(active.meta).toMatchObject({
        total: 3,
        total_variants: 3,
        total_stock: 20,
        total_available: 18,
        total_reserved: 2,
      });
      const some = (await c.list(m.id, '?status=draft,discontinued')).json();
      expect(some.data.map((v: Json) => v.id)).toEqual([ids[2], ids[3]]);
      expect(some.meta).toMatchObject({ total_variants: 2, total_stock: 7, total_available: 7, total_reserved: 0 });
      const none = (await c.list(m.id, '?status=inactive')).json();
      expect(none.data).toEqual([]);
      expect(none.meta).toMatchObject({
        total: 0,
        total_variants: 0,
        total_stock: 0,
        total_available: 0,
        total_reserved: 0,
      });
      expect(c.errorsOf(await c.list(m.id, '?status=active,sold'))).toEqual({
        status: [expect.stringContaining('The selected status sold is invalid.')],
      });
    });

    it('pages with totals that still cover every matching variant', async () => {
      const second = (await c.list(m.id, '?per_page=2&page=2')).json();
      expect(second.data.map((v: Json) => v.id)).toEqual([ids[2], ids[3]]);
      expect(second.meta).toMatchObject({
        current_page: 2,
        per_page: 2,
        total: 5,
        last_page: 3,
        total_variants: 5,
        total_stock: 27,
      });
      expect(second.links.prev).toContain('page=1');
      expect(second.links.next).toContain('page=3');
      const last = (await c.list(m.id, '?per_page=2&page=3')).json();
      expect(last.data.map((v: Json) => v.id)).toEqual([ids[4]]);
      expect((await c.list(m.id, '?per_page=2&page=4')).json().data).toEqual([]);
      expect(c.errorsOf(await c.list(m.id, '?per_page=101'))).toHaveProperty('per_page');
      expect(c.errorsOf(await c.list(m.id, '?page=0'))).toHaveProperty('page');
    });

    it('adds category, supplier and inventory records only when included', async () => {
      const plain = (await c.list(m.id)).json().data[0];
      expect(plain).not.toHaveProperty('category');
      expect(plain).not.toHaveProperty('supplier');
      expect(plain).not.toHaveProperty('inventory');
      expect(plain.category_id).toBe(category.id);

      const linked = (await c.list(m.id, '?include=category,supplier')).json().data[0];
      expect(linked.category).toMatchObject({ id: category.id, name: 'Shirts' });
      expect(linked.supplier).toMatchObject({ id: supplier.id, name: 'Cotton Co', code: 'COT-1' });
      expect(linked).not.toHaveProperty('inventory');

      const stocked = (await c.list(m.id, '?include=inventory')).json().data;
      expect(stocked[0]).not.toHaveProperty('category');
      expect(stocked[0].inventory).toEqual([
        expect.objectContaining({
          warehouse_id: c.defaultWarehouseId,
          warehouse: expect.objectContaining({ id: c.defaultWarehouseId, is_default: true }),
          quantity_on_hand: 10,
          quantity_reserved: 0,
          quantity_available: 10,
        }),
        expect.objectContaining({
          warehouse_id: secondWarehouse,
          warehouse: { id: secondWarehouse, code: 'OVF', name: 'Overflow', is_default: false },
          quantity_on_hand: 4,
          quantity_reserved: 0,
          quantity_available: 4,
        }),
      ]);
      expect(stocked[1].inventory).toEqual([
        expect.objectContaining({ quantity_on_hand: 5, quantity_reserved: 2, quantity_available: 3 }),
      ]);
      expect(stocked[3].inventory).toEqual([]);
      expect(c.errorsOf(await c.list(m.id, '?include=category,variants'))).toEqual({
        include: ['The include value variants is invalid. Allowed: category, supplier, inventory.'],
      });
    });

    it('answers 404 for an unknown, malformed, deleted or other tenant’s master', async () => {
      for (const id of [MISSING_ULID, 'not-a-ulid']) {
        const res = await c.list(id);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual(NOT_FOUND);
      }
      const other = await freshTenant();
      const foreign = await other.master();
      for (const res of [
        await c.list(foreign.id),
        await c.available(foreign.id),
        await c.prices(foreign.id, { price: 1 }),
        await c.stock(foreign.id, { quantity: 1 }),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual(NOT_FOUND);
      }
      const deleted = await c.master();
      await t.database.db
        .updateTable('master_products')
        .set({ deleted_at: new Date().toISOString() })
        .where('id', '=', deleted.id)
        .execute();
      expect((await c.list(deleted.id)).statusCode).toBe(404);
    });
  });

  describe('available values', () => {
    let c: Tenant;
    beforeAll(async () => {
      c = await freshTenant();
    });

    it('names the values in use and those of combinations still free', async () => {
      const m = await c.master();
      expect((await c.available(m.id)).json()).toEqual({
        success: true,
        data: {
          Size: { used_values: [], available_values: ['S', 'M', 'L'] },
          Color: { used_values: [], available_values: ['Red', 'Blue'] },
        },
        meta: { total_combinations: 6, used_combinations: 0, available_combinations: 6 },
      });
      await c.variant(m, { Size: 'S', Color: 'Red' });
      await c.variant(m, { Size: 'S', Color: 'Blue' });
      await c.variant(m, { Size: 'M', Color: 'Red' });
      const res = await c.available(m.id);
      expect(res.statusCode, res.body).toBe(200);
      // S is in every one of its combinations already: not available any more.
      expect(res.json()).toEqual({
        success: true,
        data: {
          Size: { used_values: ['S', 'M'], available_values: ['M', 'L'] },
          Color: { used_values: ['Red', 'Blue'], available_values: ['Red', 'Blue'] },
        },
        meta: { total_combinations: 6, used_combinations: 3, available_combinations: 3 },
      });
    });

    it('frees the combination of a deleted variant and ignores other masters', async () => {
      const m = await c.master({ attributes: [{ name: 'Size', values: ['S', 'M'] }] });
      const s = await c.variant(m, { Size: 'S' });
      await c.variant(m, { Size: 'M' });
      await c.variant(await c.master({ attributes: [{ name: 'Size', values: ['S', 'M'] }] }), { Size: 'S' });
      expect((await c.available(m.id)).json().meta).toEqual({
        total_combinations: 2,
        used_combinations: 2,
        available_combinations: 0,
      });
      expect((await c.available(m.id)).json().data).toEqual({
        Size: { used_values: ['S', 'M'], available_values: [] },
      });
      await t.database.db
        .updateTable('products')
        .set({ deleted_at: new Date().toISOString() })
        .where('id', '=', s)
        .execute();
      expect((await c.available(m.id)).json()).toMatchObject({
        data: { Size: { used_values: ['M'], available_values: ['S'] } },
        meta: { total_combinations: 2, used_combinations: 1, available_combinations: 1 },
      });
    });

    it('answers no attributes and zero combinations for a master without configuration', async () => {
      const m = await c.master({ attributes: null });
      const res = await c.available(m.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        data: {},
        meta: { total_combinations: 0, used_combinations: 0, available_combinations: 0 },
      });
      expect((await c.available(MISSING_ULID)).json()).toEqual(NOT_FOUND);
    });
  });

  describe('bulk price updates', () => {
    let c: Tenant;
    beforeAll(async () => {
      c = await freshTenant();
    });

    /** A master (base price 20.00 USD) with S-Red at its own 10.05, S-Blue inheriting, M-Red at its own 30.00. */
    async function priced(options: MasterOptions = {}) {
      const m = await c.master({ base_price: 2000, ...options });
      const sRed = await c.variant(m, { Size: 'S', Color: 'Red' }, { selling_price: 1005 });
      const sBlue = await c.variant(m, { Size: 'S', Color: 'Blue' });
      const mRed = await c.variant(m, { Size: 'M', Color: 'Red' }, { selling_price: 3000 });
      return { m, sRed, sBlue, mRed };
    }
    const prices = async (...ids: string[]) => Promise.all(ids.map(async (id) => (await c.row(id)).selling_price));

    it('sets one price on every variant, inheriting ones included, and records their events', async () => {
      const { m, sRed, sBlue, mRed } = await priced();
      const res = await c.prices(m.id, { action: 'set_price', price: 19.99 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: 'Updated the price of 3 variant(s)',
        data: { updated_count: 3, affected_variants: [sRed, sBlue, mRed], skipped_variants: [] },
      });
      expect(await prices(sRed, sBlue, mRed)).toEqual([1999, 1999, 1999]);

      const [updated] = await c.events(sRed, 'product.updated');
      expect(updated!.payload).toMatchObject({
        id: sRed,
        selling_price: 19.99,
        changed_fields: expect.arrayContaining(['selling_price']),
      });
      const [changed] = await c.events(sRed, 'product.price_changed');
      expect(changed!.payload).toMatchObject({
        id: sRed,
        selling_price: 19.99,
        previous: { selling_price: 10.05, cost_price: null, currency: 'USD' },
      });
      expect(updated!.id < changed!.id).toBe(true);
      expect((await c.events(sBlue, 'product.updated')).length).toBe(1);
      expect((await c.row(sRed)).updated_at).not.toBe('2026-04-01T09:00:00.000Z');

      // Already at the price: nothing changes and nothing is recorded again.
      const again = await c.prices(m.id, { action: 'set_price', price: 19.99 });
      expect(again.json().data).toEqual({ updated_count: 0, affected_variants: [], skipped_variants: [] });
      expect((await c.events(sRed, 'product.updated')).length).toBe(1);
    });

    it('accepts the simple form {price} for all variants, rounded in the currency’s minor units', async () => {
      const { m, sRed, sBlue, mRed } = await priced();
      expect((await c.prices(m.id, { price: 12.345 })).json().data.updated_count).toBe(3);
      expect(await prices(sRed, sBlue, mRed)).toEqual([1235, 1235, 1235]);
      const yen = await priced({ currency: 'JPY', base_price: 2000 });
      expect((await c.prices(yen.m.id, { price: 1234.5 })).json().data.updated_count).toBe(3);
      expect(await prices(yen.sRed, yen.sBlue)).toEqual([1235, 1235]);
      const listed = (await c.list(yen.m.id)).json().data[0];
      expect(listed).toMatchObject({ selling_price: 1235, currency: 'JPY' });
    });

    it('increases the effective price by a percentage, rounding half away from zero', async () => {
      const { m, sRed, sBlue, mRed } = await priced();
      const res = await c.prices(m.id, { action: 'increase_percentage', percentage: 10 });
      expect(res.json().data).toEqual({
        updated_count: 3,
        affected_variants: [sRed, sBlue, mRed],
        skipped_variants: [],
      });
      // 10.05 + 10% = 11.055 -> 11.06; the inherited 20.00 becomes the variant's own 22.00.
      expect(await prices(sRed, sBlue, mRed)).toEqual([1106, 2200, 3300]);
      const [changed] = await c.events(sRed, 'product.price_changed');
      expect(changed!.payload).toMatchObject({ selling_price: 11.06, previous: { selling_price: 10.05 } });
    });

    it('decreases by a percentage (up to 100) and writes inherited prices as the variant’s own', async () => {
      const { m, sRed, sBlue, mRed } = await priced();
      const before = (await c.list(m.id)).json().data[1];
      expect(before).toMatchObject({ id: sBlue, selling_price: 20 });
      expect(before.overrides).not.toContain('price');
      await c.prices(m.id, { action: 'decrease_percentage', percentage: 12.5 });
      // 10.05 * 0.875 = 8.79375 -> 8.79; 20.00 -> 17.50; 30.00 -> 26.25.
      expect(await prices(sRed, sBlue, mRed)).toEqual([879, 1750, 2625]);
      const inherited = (await c.list(m.id)).json().data[1];
      expect(inherited).toMatchObject({ id: sBlue, selling_price: 17.5 });
      expect(inherited.overrides).toContain('price');
      const [changed] = await c.events(sBlue, 'product.price_changed');
      expect(changed!.payload).toMatchObject({ selling_price: 17.5, previous: { selling_price: 20, currency: 'USD' } });
      // A change of the master's base price no longer reaches it: the price is its own now.
      await t.database.db.updateTable('master_products').set({ base_price: 9900 }).where('id', '=', m.id).execute();
      expect((await c.list(m.id)).json().data[1].selling_price).toBe(17.5);

      await c.prices(m.id, { action: 'decrease_percentage', percentage: 100 });
      expect(await prices(sRed, sBlue, mRed)).toEqual([0, 0, 0]);
    });

    it('records only product.updated when a variant takes its inherited price as its own', async () => {
      const { m, sBlue } = await priced();
      const res = await c.prices(m.id, { price: 20, filters: { variant_selection: { Color: 'Blue' } } });
      expect(res.json().data.affected_variants).toEqual([sBlue]);
      expect((await c.row(sBlue)).selling_price).toBe(2000);
      const [updated] = await c.events(sBlue, 'product.updated');
      expect(updated!.payload).toMatchObject({ selling_price: 20, changed_fields: ['overrides'] });
      expect(await c.events(sBlue, 'product.price_changed')).toEqual([]);
    });

    it('applies only to variants matching every filter pair, names and values case-insensitive', async () => {
      const { m, sRed, sBlue, mRed } = await priced();
      const bySize = await c.prices(m.id, {
        action: 'set_price',
        price: 5,
        filters: { variant_selection: { size: 's' } },
      });
      expect(bySize.json().data).toEqual({ updated_count: 2, affected_variants: [sRed, sBlue], skipped_variants: [] });
      expect(await prices(sRed, sBlue, mRed)).toEqual([500, 500, 3000]);
      const both = await c.prices(m.id, {
        action: 'increase_percentage',
        percentage: 50,
        filters: { variant_selection: { Size: 'S', Color: 'Blue' } },
      });
      expect(both.json().data.affected_variants).toEqual([sBlue]);
      expect(await prices(sRed, sBlue, mRed)).toEqual([500, 750, 3000]);
      const none = await c.prices(m.id, { price: 1, filters: { variant_selection: { Size: 'L' } } });
      expect(none.json().data).toEqual({ updated_count: 0, affected_variants: [], skipped_variants: [] });

      expect(
        c.errorsOf(
          await c.prices(m.id, { price: 1, filters: { variant_selection: { Material: 'Wool', Size: 'XL' } } }),
        ),
      ).toEqual({
        'filters.variant_selection.Material': [
          "The attribute Material is not in the master's configuration. Configured: Size, Color.",
        ],
        'filters.variant_selection.Size': ['The value XL is not allowed for Size. Allowed: S, M, L.'],
      });
      expect(await prices(sRed, sBlue, mRed)).toEqual([500, 750, 3000]);
    });

    it('skips variants without any price for percentage actions and reports them', async () => {
      const m = await c.master({ base_price: null });
      const unpriced = await c.variant(m, { Size: 'S', Color: 'Red' });
      const own = await c.variant(m, { Size: 'M', Color: 'Red' }, { selling_price: 1000 });
      const res = await c.prices(m.id, { action: 'increase_percentage', percentage: 5 });
      expect(res.json().data).toEqual({ updated_count: 1, affected_variants: [own], skipped_variants: [unpriced] });
      expect(await prices(unpriced, own)).toEqual([null, 1050]);
      expect(await c.events(unpriced)).toEqual([]);
      // set_price needs no current price.
      expect((await c.prices(m.id, { price: 3 })).json().data.affected_variants).toEqual([unpriced, own]);
    });

    it('refuses a result above the maximum price before changing anything', async () => {
      const { m, sRed, sBlue, mRed } = await priced();
      await t.database.db.updateTable('products').set({ selling_price: 999_999_999 }).where('id', '=', mRed).execute();
      const errors = c.errorsOf(await c.prices(m.id, { action: 'increase_percentage', percentage: 1 }));
      expect(errors).toEqual({ percentage: [expect.stringContaining('exceed the maximum of 9999999.99')] });
      expect(errors.percentage![0]).toContain((await c.row(mRed)).sku);
      expect(await prices(sRed, sBlue, mRed)).toEqual([1005, null, 999_999_999]);
      expect(await c.events(sRed)).toEqual([]);
    });

    it('validates the forms of the body', async () => {
      const { m, sRed } = await priced();
      const cases: Array<[unknown, Record<string, string[]>]> = [
        [{}, { price: ['The price field is required.'] }],
        [{ action: 'set_price' }, { price: ['The price field is required.'] }],
        [{ percentage: 5 }, { action: [expect.stringContaining('The action field is required with percentage')] }],
        [{ action: 'increase_percentage' }, { percentage: ['The percentage field is required.'] }],
        [
          { action: 'increase_percentage', percentage: 5, price: 3 },
          { price: ['The price field is not used by increase_percentage.'] },
        ],
        [
          { action: 'set_price', price: 3, percentage: 5 },
          { percentage: ['The percentage field is not used by set_price.'] },
        ],
        [
          { action: 'decrease_percentage', percentage: 100.5 },
          { percentage: ['The percentage field must not be greater than 100 for a decrease.'] },
        ],
        [
          { action: 'increase_percentage', percentage: 0 },
          { percentage: ['The percentage field must be greater than 0.'] },
        ],
        [
          { action: 'increase_percentage', percentage: 1001 },
          { percentage: ['The percentage field must not be greater than 1000.'] },
        ],
        [{ action: 'double' }, { action: [expect.stringContaining('The selected action is invalid.')] }],
        [{ price: -1 }, { price: ['The price field must be at least 0.'] }],
        [{ price: 10_000_000 }, { price: ['The price field must not be greater than 9999999.99.'] }],
        [{ price: '5' }, { price: ['The price field must be a number.'] }],
        [
          { price: 1, filters: { variant_selection: { Size: 3 } } },
          { 'filters.variant_selection.Size': ['The Size field must be a string.'] },
        ],
      ];
      for (const [payload, expected] of cases)
        expect(c.errorsOf(await c.prices(m.id, payload)), JSON.stringify(payload)).toEqual(expected);
      expect(await prices(sRed)).toEqual([1005]);
    });

    it('computes percentages exactly', () => {
      expect(changedByPercentage(1005, 10, 1)).toBe(1106);
      expect(changedByPercentage(1000, 0.1, 1)).toBe(1001);
      expect(changedByPercentage(1, 50, 1)).toBe(2);
      expect(changedByPercentage(3, 50, -1)).toBe(2);
      expect(changedByPercentage(999, 33.333, -1)).toBe(666);
      expect(changedByPercentage(12345, 100, -1)).toBe(0);
      expect(changedByPercentage(100, 1e-7, 1)).toBe(100);
    });
  });

  describe('bulk stock updates', () => {
    let c: Tenant;
    beforeAll(async () => {
      c = await freshTenant();
    });

    it('sets the default warehouse’s on-hand total of the matching variants through adjustment movements', async () => {
      const m = await c.master();
      const sRed = await c.variant(m, { Size: 'S', Color: 'Red' });
      const sBlue = await c.variant(m, { Size: 'S', Color: 'Blue' });
      const mRed = await c.variant(m, { Size: 'M', Color: 'Red' });
      await c.receive(sRed, 3);
      await c.receive(sBlue, 12);
      const res = await c.stock(m.id, {
        action: 'set_quantity',
        quantity: 12,
        filters: { variant_selection: { Size: 'S' } },
      });
      expect(res.statusCode, res.body).toBe(200);
      // S-Blue is at 12 already: one movement, +9.
      expect(res.json()).toEqual({
        success: true,
        message: 'Updated the stock of 1 variant(s)',
        data: { updated_count: 1, total_stock_added: 9, affected_variants: [sRed], skipped_variants: [] },
      });
      expect((await c.row(sRed)).stock_quantity).toBe(12);
      const written = await c.movements(sRed);
      expect(written.at(-1)).toMatchObject({
        type: 'adjustment',
        quantity: 9,
        quantity_before: 3,
        quantity_after: 12,
        reason: 'Bulk stock update',
        warehouse_id: c.defaultWarehouseId,
        created_by: c.adminId,
      });
      expect((await c.movements(sBlue)).length).toBe(1);
      expect(await c.movements(mRed)).toEqual([]);
      const recorded = await c.events(written.at(-1)!.id, 'stock_movement.recorded');
      expect(recorded.length).toBe(1);

      // The simple form applies to all, and may take stock away.
      const all = await c.stock(m.id, { quantity: 5 });
      expect(all.json().data).toEqual({
        updated_count: 3,
        total_stock_added: -7 - 7 + 5,
        affected_variants: [sRed, sBlue, mRed],
        skipped_variants: [],
      });
      expect((await c.list(m.id)).json().meta).toMatchObject({
        total_variants: 3,
        total_stock: 15,
        total_available: 15,
        total_reserved: 0,
      });
      expect((await c.movements(mRed))[0]).toMatchObject({
        type: 'adjustment',
        quantity: 5,
        quantity_before: 0,
        quantity_after: 5,
      });
    });

    it('leaves other warehouses alone', async () => {
      const m = await c.master();
      const v = await c.variant(m, { Size: 'L', Color: 'Blue' });
      const other = (await c.created('warehouses', { name: 'Annex', code: 'ANX', type: 'satellite' })).id;
      await c.receive(v, 4, other);
      await c.receive(v, 2);
      const res = await c.stock(m.id, { quantity: 10 });
      expect(res.json().data).toMatchObject({ updated_count: 1, total_stock_added: 8 });
      expect((await c.row(v)).stock_quantity).toBe(14);
      const inventory = (await c.list(m.id, '?include=inventory')).json().data[0].inventory;
      expect(inventory.map((r: Json) => [r.warehouse_id, r.quantity_on_hand])).toEqual([
        [c.defaultWarehouseId, 10],
        [other, 4],
      ]);
    });

    it('refuses a target below what is reserved, changing nothing', async () => {
      const m = await c.master();
      const a = await c.variant(m, { Size: 'S', Color: 'Red' });
      const b = await c.variant(m, { Size: 'M', Color: 'Red' });
      await c.receive(a, 10);
      await c.receive(b, 10);
      await c.reserve(b, 6);
      const errors = c.errorsOf(await c.stock(m.id, { quantity: 5 }));
      expect(errors).toEqual({
        quantity: [
          `The quantity 5 is below what is reserved in the default warehouse for ${(await c.row(b)).sku} (reserved: 6).`,
        ],
      });
      expect((await c.row(a)).stock_quantity).toBe(10);
      expect((await c.movements(a)).length).toBe(1);
      expect((await c.stock(m.id, { quantity: 6 })).json().data).toMatchObject({
        updated_count: 2,
        total_stock_added: -8,
      });
      expect(await c.row(b)).toMatchObject({ stock_quantity: 6, reserved_quantity: 6 });
    });

    it('skips variants that hold no inventory', async () => {
      const m = await c.master();
      const tracked = await c.variant(m, { Size: 'S', Color: 'Red' });
      const untracked = await c.variant(m, { Size: 'S', Color: 'Blue' }, { track_inventory: false });
      const digital = await c.variant(m, { Size: 'M', Color: 'Blue' }, { type: 'digital', track_inventory: false });
      const res = await c.stock(m.id, { quantity: 2 });
      expect(res.json().data).toEqual({
        updated_count: 1,
        total_stock_added: 2,
        affected_variants: [tracked],
        skipped_variants: [untracked, digital],
      });
      expect(await c.movements(untracked)).toEqual([]);
    });

    it('validates the body and the filters', async () => {
      const m = await c.master();
      await c.variant(m, { Size: 'S', Color: 'Red' });
      expect(c.errorsOf(await c.stock(m.id, {}))).toEqual({ quantity: ['The quantity field is required.'] });
      expect(c.errorsOf(await c.stock(m.id, { quantity: 1_000_000 }))).toEqual({
        quantity: ['The quantity field must not be greater than 999999.'],
      });
      expect(c.errorsOf(await c.stock(m.id, { quantity: -1 }))).toEqual({
        quantity: ['The quantity field must be at least 0.'],
      });
      expect(c.errorsOf(await c.stock(m.id, { quantity: 1.5 }))).toEqual({
        quantity: ['The quantity field must be an integer.'],
      });
      expect(c.errorsOf(await c.stock(m.id, { action: 'add', quantity: 1 }))).toHaveProperty('action');
      expect(
        c.errorsOf(await c.stock(m.id, { quantity: 1, filters: { variant_selection: { Color: 'Green' } } })),
      ).toEqual({
        'filters.variant_selection.Color': ['The value Green is not allowed for Color. Allowed: Red, Blue.'],
      });
      const bare = await c.master({ attributes: null });
      expect(
        c.errorsOf(await c.stock(bare.id, { quantity: 1, filters: { variant_selection: { Size: 'S' } } })),
      ).toEqual({
        'filters.variant_selection.Size': ['The master product has no variant configuration to filter by.'],
      });
    });
  });

  describe('with masters and variants made through their endpoints', () => {
    it('lists generated variants, their free combinations, and updates them in bulk', async () => {
      const c = await freshTenant();
      const made = await c.call('POST', `${API}/master-products`, {
        name: 'Field Jacket',
        base_price: 80,
        variant_attributes: { attributes: { Size: ['S', 'M'], Color: ['Olive', 'Navy'] } },
      });
      expect(made.statusCode, made.body).toBe(201);
      const masterId = made.json().data.id as string;
      const generated = await c.call('POST', `${API}/master-products/${masterId}/variants/generate`, {
        initial_stock: 3,
      });
      expect(generated.statusCode, generated.body).toBe(201);

      const listed = (await c.list(masterId)).json();
      expect(listed.data.map((v: Json) => v.variant_attributes)).toEqual([
        { Size: 'S', Color: 'Olive' },
        { Size: 'S', Color: 'Navy' },
        { Size: 'M', Color: 'Olive' },
        { Size: 'M', Color: 'Navy' },
      ]);
      expect(listed.data.every((v: Json) => v.selling_price === 80 && v.stock_quantity === 3)).toBe(true);
      expect(listed.meta).toMatchObject({ total_variants: 4, total_stock: 12, total_available: 12, total_reserved: 0 });
      expect((await c.available(masterId)).json()).toEqual({
        success: true,
        data: {
          Size: { used_values: ['S', 'M'], available_values: [] },
          Color: { used_values: ['Olive', 'Navy'], available_values: [] },
        },
        meta: { total_combinations: 4, used_combinations: 4, available_combinations: 0 },
      });

      const raised = await c.prices(masterId, {
        action: 'increase_percentage',
        percentage: 15,
        filters: { variant_selection: { Color: 'Navy' } },
      });
      expect(raised.json().data.updated_count).toBe(2);
      const stocked = await c.stock(masterId, {
        action: 'set_quantity',
        quantity: 10,
        filters: { variant_selection: { Size: 'M' } },
      });
      expect(stocked.json().data).toMatchObject({ updated_count: 2, total_stock_added: 14 });
      const after = (await c.list(masterId)).json();
      expect(after.data.map((v: Json) => [v.selling_price, v.stock_quantity])).toEqual([
        [80, 3],
        [92, 3],
        [80, 10],
        [92, 10],
      ]);
      expect(after.meta).toMatchObject({ total_stock: 26, total_available: 26 });
    });
  });

  describe('authentication and abilities', () => {
    let c: Tenant;
    let masterId: string;
    beforeAll(async () => {
      c = await freshTenant();
      masterId = (await c.master()).id;
      await c.variant(
        { id: masterId, attributes: SIZE_COLOR, category_id: null, supplier_id: null },
        { Size: 'S', Color: 'Red' },
      );
    });

    it('answers 401 to a session and to no credentials', async () => {
      const client = await signedInClient(t.app, c.adminEmail);
      const base = `${API}/master-products/${masterId}/variants`;
      for (const res of [
        await client.get(base),
        await client.get(`${base}/available`),
        await client.post(`${base}/bulk-update-prices`, { price: 1 }),
        await client.post(`${base}/bulk-update-stock`, { quantity: 1 }),
        await t.app.inject({ url: base }),
      ]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ success: false, code: 'unauthenticated', message: 'Unauthenticated.' });
      }
    });

    // Each route's 403 is generated from the route table (test/security/function-level-authorisation.test.ts);
    // here, that a refused price update changes no price (the editor's update then changes one).
    it('answers 403 naming the missing ability', async () => {
      const token = (abilities: string[]) => makeToken(t.services, c.tenantId, c.adminId, { abilities }).then(bearer);
      const viewer = await token(['operations:view-products']);
      const forbidden = (ability: string) => ({
        success: false,
        code: 'forbidden',
        message: `This action requires the ability ${ability}.`,
      });
      const priceRes = await c.prices(masterId, { price: 1 }, viewer);
      expect(priceRes.statusCode).toBe(403);
      expect(priceRes.json()).toEqual(forbidden('operations:edit-products'));
      expect((await c.list(masterId, '', viewer)).statusCode).toBe(200);
      const editor = await token(['operations:edit-products']);
      expect((await c.prices(masterId, { price: 1 }, editor)).json().data.updated_count).toBe(1);
    });
  });
});
