// Variant generation over HTTP: every missing combination (exactly 1000 at the limit), idempotent regeneration,
// names, SKU normalisation with prefix and conflict fallback, initial stock through movements, concurrency,
// errors, bearer-only access, and generated variants in the product list.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductResponse } from '../../../src/modules/catalog/products/index.js';
import { bearer, makeTenantWithToken, makeToken } from '../../helpers/factories.js';
import { signedInClient } from '../../helpers/session-client.js';
import { buildTestApp, jsonCaller, type TestApp } from '../../helpers/test-app.js';

const API = '/api/v1/operations';
const MASTERS = `${API}/master-products`;
const MISSING_ULID = '01hzzzzzzzzzzzzzzzzzzzzzzz';

type Headers = { authorization: string };
type Json = Record<string, unknown>;
type Generated = { generated_count: number; variants: ProductResponse[] };

const configuration = (attributes: Record<string, string[]>) => ({
  attributes: Object.entries(attributes).map(([name, values]) => ({ name, values })),
  allowCombinations: true,
});
const numbered = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`);

describe('variant generation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  async function freshTenant() {
    const { tenant, auth } = await makeTenantWithToken(t.services);
    const call = jsonCaller(t.app, auth);
    const master = async (payload: Json = {}): Promise<Json & { id: string; slug: string }> => {
      const res = await call('POST', MASTERS, { name: 'Classic Tee', ...payload });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data;
    };
    const generate = (masterId: string, payload?: unknown, headers: Headers = auth) =>
      call('POST', `${MASTERS}/${masterId}/variants/generate`, payload, headers);
    const generated = async (masterId: string, payload: Json = {}): Promise<Generated> => {
      const res = await generate(masterId, payload);
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json();
      expect(body.message).toBe(`Generated ${body.data.generated_count} variant(s) successfully`);
      expect(body.meta).toEqual({ total_generated: body.data.generated_count });
      expect(body.data.variants).toHaveLength(body.data.generated_count);
      return body.data;
    };
    const liveVariants = (masterId: string) =>
      t.database.db
        .selectFrom('products')
        .selectAll()
        .where('tenant_id', '=', tenant.tenantId)
        .where('master_product_id', '=', masterId)
        .where('deleted_at', 'is', null)
        .orderBy('id')
        .execute();
    const countEvents = async (type: string) =>
      Number(
        (
          await t.database.db
            .selectFrom('event_outbox')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('tenant_id', '=', tenant.tenantId)
            .where('event_type', '=', type)
            .executeTakeFirstOrThrow()
        ).n,
      );
    return { ...tenant, auth, call, master, generate, generated, liveVariants, countEvents };
  }
  type Tenant = Awaited<ReturnType<typeof freshTenant>>;

  describe('all combinations', () => {
    let c: Tenant;
    beforeAll(async () => {
      c = await freshTenant();
    });

    it('generates exactly 1000 variants for a 10 x 10 x 10 configuration, fast, each a draft product', async () => {
      const m = await c.master({
        sku: 'big',
        variant_attributes: configuration({
          Color: numbered('C', 10),
          Size: numbered('S', 10),
          Fit: numbered('F', 10),
        }),
      });
      const started = performance.now();
      const data = await c.generated(m.id);
      const elapsed = performance.now() - started;
      expect(data.generated_count).toBe(1000);
      // The benchmark measures the real figure; this only catches an accidental per-variant round trip storm.
      expect(elapsed).toBeLessThan(10_000);
      const rows = await c.liveVariants(m.id);
      expect(rows).toHaveLength(1000);
      expect(new Set(rows.map((r) => r.variant_key)).size).toBe(1000);
      expect(new Set(rows.map((r) => r.sku)).size).toBe(1000);
      expect(new Set(rows.map((r) => r.slug)).size).toBe(1000);
      expect(rows.every((r) => r.is_variant && r.status === 'draft' && r.type === 'physical')).toBe(true);
      // Configuration order: the first attribute varies slowest.
      expect(data.variants[0]).toMatchObject({
        name: 'Classic Tee - C1 / S1 / F1',
        sku: 'BIG-C1-S1-F1',
        variant_attributes: { Color: 'C1', Size: 'S1', Fit: 'F1' },
      });
      expect(data.variants[1]!.variant_attributes).toEqual({ Color: 'C1', Size: 'S1', Fit: 'F2' });
      expect(data.variants[999]).toMatchObject({
        sku: 'BIG-C10-S10-F10',
        is_variant: true,
        master_product_id: m.id,
        status: 'draft',
      });
      expect(await c.countEvents('product.created')).toBe(1000);
      expect(await c.countEvents('stock_movement.recorded')).toBe(0);
    });

    it('is idempotent: a second call generates nothing, and only a deleted combination comes back', async () => {
      const m = await c.master({
        name: 'Hoodie',
        variant_attributes: configuration({ Color: ['Red', 'Blue'], Size: ['S', 'M', 'L'] }),
      });
      const first = await c.generated(m.id);
      expect(first.generated_count).toBe(6);
      const again = await c.generated(m.id);
      expect(again).toEqual({ generated_count: 0, variants: [] });
      expect(await c.liveVariants(m.id)).toHaveLength(6);

      const gone = first.variants.find((v) => v.sku === 'HOODIE-BLUE-M')!;
      expect((await c.call('DELETE', `${API}/products/${gone.id}`)).statusCode).toBe(200);
      const refill = await c.generated(m.id);
      expect(refill.generated_count).toBe(1);
      expect(refill.variants[0]).toMatchObject({
        sku: 'HOODIE-BLUE-M',
        variant_attributes: { Color: 'Blue', Size: 'M' },
      });
      expect(refill.variants[0]!.id).not.toBe(gone.id);
    });

    it('skips a combination created one at a time before', async () => {
      const m = await c.master({ name: 'Cap', variant_attributes: configuration({ Color: ['Red', 'Blue'] }) });
      const single = await c.call('POST', `${MASTERS}/${m.id}/variants`, {
        variant_selection: { Color: 'Blue' },
        sku: 'MY-BLUE-CAP',
      });
      expect(single.statusCode, single.body).toBe(201);
      const data = await c.generated(m.id);
      expect(data.variants.map((v) => v.variant_attributes)).toEqual([{ Color: 'Red' }]);
      expect((await c.liveVariants(m.id)).map((r) => r.sku).sort()).toEqual(['CAP-RED', 'MY-BLUE-CAP']);
    });

    it('concurrent generations of one master create each combination once', async () => {
      const m = await c.master({
        name: 'Race Tee',
        variant_attributes: configuration({ Color: numbered('C', 10), Size: numbered('S', 10) }),
      });
      const results = await Promise.all([c.generate(m.id), c.generate(m.id), c.generate(m.id)]);
      for (const res of results) expect(res.statusCode, res.body).toBe(201);
      expect(results.map((r) => r.json().data.generated_count as number).reduce((a, b) => a + b, 0)).toBe(100);
      expect(await c.liveVariants(m.id)).toHaveLength(100);
    });
  });

  describe('names, SKUs and inherited fields', () => {
    let c: Tenant;
    beforeAll(async () => {
      c = await freshTenant();
    });

    it('normalises values: upper-cased, spaces to hyphens, other special characters removed; the base is the master sku', async () => {
      const m = await c.master({
        name: 'Polo',
        sku: 'po.lo_1',
        variant_attributes: configuration({ Color: ['Navy Blue', 'Café & Crème'], Size: ['x-large!', 'S/M'] }),
      });
      const data = await c.generated(m.id);
      expect(data.variants.map((v) => v.sku)).toEqual([
        'PO.LO_1-NAVY-BLUE-X-LARGE',
        'PO.LO_1-NAVY-BLUE-SM',
        'PO.LO_1-CAFE-CREME-X-LARGE',
        'PO.LO_1-CAFE-CREME-SM',
      ]);
      expect(data.variants.map((v) => v.name)).toEqual([
        'Polo - Navy Blue / x-large!',
        'Polo - Navy Blue / S/M',
        'Polo - Café & Crème / x-large!',
        'Polo - Café & Crème / S/M',
      ]);
      expect(data.variants[0]!.slug).toBe(`${m.slug}-navy-blue-x-large`);
    });

    it('without a master sku, the base is the slug upper-cased; sku_prefix goes first', async () => {
      const m = await c.master({ name: 'Summer Dress', variant_attributes: configuration({ Size: ['S', 'M'] }) });
      const data = await c.generated(m.id, { sku_prefix: 'SHOP-' });
      expect(data.variants.map((v) => v.sku)).toEqual(['SHOP-SUMMER-DRESS-S', 'SHOP-SUMMER-DRESS-M']);
    });

    it('falls back to -2, -3… when a live product of the tenant has the SKU, also within one batch', async () => {
      for (const sku of ['MUG-RED', 'MUG-RED-2']) {
        expect((await c.call('POST', `${API}/products`, { name: `Taken ${sku}`, sku })).statusCode).toBe(201);
      }
      const deleted = await c.call('POST', `${API}/products`, { name: 'Deleted Blue Mug', sku: 'MUG-BLUE' });
      expect((await c.call('DELETE', `${API}/products/${deleted.json().data.id}`)).statusCode).toBe(200);
      // `Red!` and `Red` are distinct values whose SKU parts are equal.
      const m = await c.master({
        name: 'Mug',
        variant_attributes: configuration({ Color: ['Red', 'Red!', 'Blue', 'Green'] }),
      });
      const data = await c.generated(m.id);
      expect(data.variants.map((v) => v.sku)).toEqual(['MUG-RED-3', 'MUG-RED-4', 'MUG-BLUE', 'MUG-GREEN']);
    });

    it('another tenant’s SKUs do not conflict', async () => {
      const other = await freshTenant();
      const theirs = await other.master({ name: 'Mug', variant_attributes: configuration({ Color: ['Green'] }) });
      expect((await other.generated(theirs.id)).variants[0]!.sku).toBe('MUG-GREEN');
    });

    it('auto_generate_sku false gives product-style SKUs, sku_prefix ignored', async () => {
      const m = await c.master({ name: 'Plain', variant_attributes: configuration({ Size: ['S', 'M', 'L'] }) });
      const data = await c.generated(m.id, { auto_generate_sku: false, sku_prefix: 'X-' });
      for (const v of data.variants) expect(v.sku).toMatch(/^PRD-[0-9A-Z]{10}$/);
      expect(new Set(data.variants.map((v) => v.sku)).size).toBe(3);
    });

    it('copies category and supplier, leaves price, cost, currency, weight and brand to inheritance', async () => {
      const category = (await c.call('POST', `${API}/product-categories`, { name: 'Apparel' })).json().data
        .id as string;
      const supplier = (
        await c.call('POST', `${API}/suppliers`, { name: 'Acme Textiles', code: 'ACME-T', email: 'a@acme.test' })
      ).json().data.id as string;
      const m = await c.master({
        name: 'Jacket',
        category_id: category,
        supplier_id: supplier,
        brand: 'Northwind',
        base_price: 120,
        base_cost_price: 55.5,
        currency: 'EUR',
        base_weight: 1.2,
        requires_shipping: true,
        is_taxable: false,
        variant_attributes: configuration({ Size: ['M'] }),
      });
      const [v] = (await c.generated(m.id)).variants;
      expect(v).toMatchObject({
        category_id: category,
        supplier_id: supplier,
        brand_id: null,
        type: 'physical',
        is_taxable: false,
        track_inventory: true,
        selling_price: 120,
        cost_price: 55.5,
        currency: 'EUR',
        weight: 1.2,
        overrides: [],
        effective_values: { price: 120, cost_price: 55.5, weight: 1.2, currency: 'EUR' },
      });
      expect(v!.category).toMatchObject({ id: category, name: 'Apparel' });
      const row = (await c.liveVariants(m.id))[0]!;
      expect([row.selling_price, row.cost_price, row.currency, row.weight, row.brand_id]).toEqual([
        null,
        null,
        null,
        null,
        null,
      ]);
    });

    it('generated variants are listed in GET /operations/products with is_variant true', async () => {
      const m = await c.master({ name: 'Sock', variant_attributes: configuration({ Size: ['S', 'M'] }) });
      const data = await c.generated(m.id);
      const list = await c.call(
        'GET',
        `${API}/products?is_variant=true&master_product_id=${m.id}&sort_by=sku&sort_direction=asc`,
      );
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json().data.map((p: ProductResponse) => [p.sku, p.is_variant, p.master_product_id])).toEqual([
        ['SOCK-M', true, m.id],
        ['SOCK-S', true, m.id],
      ]);
      const simple = await c.call('GET', `${API}/products?is_variant=false&per_page=100`);
      const ids = new Set(simple.json().data.map((p: ProductResponse) => p.id));
      expect(data.variants.some((v) => ids.has(v.id))).toBe(false);
    });
  });

  describe('initial stock', () => {
    it('receives initial_stock for each variant into the default warehouse, one initial_stock movement each', async () => {
      const c = await freshTenant();
      const m = await c.master({
        name: 'Beanie',
        variant_attributes: configuration({ Color: ['Red', 'Blue', 'Green'] }),
      });
      const data = await c.generated(m.id, { initial_stock: 7 });
      for (const v of data.variants)
        expect(v).toMatchObject({ stock_quantity: 7, reserved_quantity: 0, available_quantity: 7 });
      const ids = data.variants.map((v) => v.id);
      const movements = await t.database.db
        .selectFrom('stock_movements')
        .selectAll()
        .where('product_id', 'in', ids)
        .execute();
      expect(movements).toHaveLength(3);
      for (const mv of movements) {
        expect(mv).toMatchObject({
          type: 'initial_stock',
          quantity: 7,
          quantity_before: 0,
          quantity_after: 7,
          warehouse_id: c.defaultWarehouseId,
          created_by: c.adminId,
        });
      }
      const records = await t.database.db
        .selectFrom('inventory_records')
        .selectAll()
        .where('product_id', 'in', ids)
        .execute();
      expect(records.map((r) => [r.warehouse_id, r.quantity_on_hand, r.quantity_reserved])).toEqual(
        ids.map(() => [c.defaultWarehouseId, 7, 0]),
      );
      expect(await c.countEvents('stock_movement.recorded')).toBe(3);
      const recorded = await t.database.db
        .selectFrom('event_outbox')
        .select('payload')
        .where('tenant_id', '=', c.tenantId)
        .where('event_type', '=', 'product.created')
        .execute();
      expect(recorded.map((e) => (e.payload as { stock_quantity: number }).stock_quantity)).toEqual([7, 7, 7]);
    });

    it('the batch receipt adds to records that exist, with before and after per movement', async () => {
      const c = await freshTenant();
      const m = await c.master({ name: 'Glove', variant_attributes: configuration({ Size: ['S', 'M'] }) });
      const [small, medium] = (await c.generated(m.id, { initial_stock: 4 })).variants;
      const movements = await t.database.db.transaction().execute((trx) =>
        t.services.stock.receiveInitialStock(
          trx,
          c.tenantId,
          null,
          [
            { productId: small!.id, quantity: 3 },
            { productId: medium!.id, quantity: 1 },
          ],
          c.adminId,
        ),
      );
      expect(movements.map((mv) => [mv.product_id, mv.quantity, mv.quantity_before, mv.quantity_after])).toEqual([
        [small!.id, 3, 4, 7],
        [medium!.id, 1, 4, 5],
      ]);
      const totals = await t.database.db
        .selectFrom('products')
        .select(['id', 'stock_quantity'])
        .where('id', 'in', [small!.id, medium!.id])
        .execute();
      expect(Object.fromEntries(totals.map((p) => [p.id, p.stock_quantity]))).toEqual({
        [small!.id]: 7,
        [medium!.id]: 5,
      });
      const records = await t.database.db
        .selectFrom('inventory_records')
        .select(['product_id', 'quantity_on_hand'])
        .where('product_id', 'in', [small!.id, medium!.id])
        .execute();
      expect(records).toHaveLength(2);
      expect(Object.fromEntries(records.map((r) => [r.product_id, r.quantity_on_hand]))).toEqual({
        [small!.id]: 7,
        [medium!.id]: 5,
      });
    });

    it('initial_stock outside 0..999999 or not an integer is a 422', async () => {
      const c = await freshTenant();
      const m = await c.master({ name: 'Scarf', variant_attributes: configuration({ Color: ['Red'] }) });
      for (const initial_stock of [-1, 1_000_000, 1.5]) {
        const res = await c.generate(m.id, { initial_stock });
        expect(res.statusCode, res.body).toBe(422);
        expect(Object.keys(res.json().errors)).toEqual(['initial_stock']);
      }
      expect(await c.liveVariants(m.id)).toHaveLength(0);
    });
  });

  describe('refusals', () => {
    let c: Tenant;
    beforeAll(async () => {
      c = await freshTenant();
    });

    it('a master without a configuration is a 422 and creates nothing', async () => {
      const m = await c.master({ name: 'Single' });
      const res = await c.generate(m.id);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toEqual({
        success: false,
        code: 'variant_configuration_missing',
        message: 'The master product has no variant configuration: set its variant_attributes first.',
      });
      expect(await c.liveVariants(m.id)).toHaveLength(0);
    });

    it('unknown, malformed, deleted and other tenants’ masters are 404', async () => {
      const other = await freshTenant();
      const theirs = await other.master({ variant_attributes: configuration({ Size: ['S'] }) });
      const deleted = await c.master({ name: 'Gone', variant_attributes: configuration({ Size: ['S'] }) });
      expect((await c.call('DELETE', `${MASTERS}/${deleted.id}`)).statusCode).toBe(200);
      for (const id of [MISSING_ULID, 'not-a-ulid', theirs.id, deleted.id]) {
        const res = await c.generate(id);
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json()).toEqual({
          success: false,
          code: 'not_found',
          message: 'Master product not found.',
          data: null,
          meta: {},
        });
      }
      expect(await other.liveVariants(theirs.id)).toHaveLength(0);
    });

    it('a bad sku_prefix or auto_generate_sku is a 422 on the field', async () => {
      const m = await c.master({ name: 'Prefix', variant_attributes: configuration({ Size: ['S'] }) });
      const errorsOf = async (res: LightMyRequestResponse) => {
        expect(res.statusCode, res.body).toBe(422);
        return Object.keys(res.json().errors);
      };
      expect(await errorsOf(await c.generate(m.id, { sku_prefix: 'bad prefix!' }))).toEqual(['sku_prefix']);
      expect(await errorsOf(await c.generate(m.id, { sku_prefix: 'P'.repeat(51) }))).toEqual(['sku_prefix']);
      expect(await errorsOf(await c.generate(m.id, { auto_generate_sku: 'yes' }))).toEqual(['auto_generate_sku']);
    });

    it('a session gets 401 even with the ability; a token without create-products gets 403', async () => {
      const m = await c.master({ name: 'Guarded', variant_attributes: configuration({ Size: ['S'] }) });
      const client = await signedInClient(t.app, c.adminEmail);
      const session = await client.post(`${MASTERS}/${m.id}/variants/generate`, {});
      expect(session.statusCode, session.body).toBe(401);
      const viewer = bearer(
        await makeToken(t.services, c.tenantId, c.adminId, { abilities: ['operations:view-products'] }),
      );
      const forbidden = await c.generate(m.id, {}, viewer);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().message).toBe('This action requires the ability operations:create-products.');
      expect((await c.generate(m.id, {}, { authorization: 'Bearer nope' })).statusCode).toBe(401);
      expect(await c.liveVariants(m.id)).toHaveLength(0);
    });
  });
});
