// Incremental sync over HTTP (docs/sync.md): every list of mutable records takes `updated_since`, inclusive and
// in any time zone, and sorts by updated_at with id breaking ties, in both directions and across pages; a bad
// value is a 422 on the parameter. Then the recipe end to end: a full page-through, changes by updated_since, and
// deletions through the event feed's cursor.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../src/db/schema.js';
import { pdfBytes } from '../helpers/document-fixtures.js';
import { makeToken, makeTenantWithToken, type TenantFixture } from '../helpers/factories.js';
import { signedInClient, type SessionClient } from '../helpers/session-client.js';
import { buildTestApp, jsonCaller, publicAddress, type TestApp } from '../helpers/test-app.js';
import { upload } from '../documents/document-helpers.js';
import { makeTenantRecords, type TenantRecords } from '../security/route-table.js';

const API = '/api/v1';
const BAD_VALUE = { updated_since: ['The updated since field must be a valid date time.'] };

/** Four instants, the middle one shared by two records: the tie that `id` breaks. */
const T1 = '2031-05-01T08:00:00.000Z';
const T2 = '2031-05-01T08:00:01.000Z';
const T3 = '2031-05-01T08:00:02.000Z';

interface SyncList {
  name: string;
  url: string;
  table: keyof DB;
  /** Four records of the list, to be given T1, T2, T2, T3. */
  ids: string[];
  session?: boolean;
  /** Filters that keep the list to these records' kind (variants are products too). */
  filter?: Record<string, string>;
}

describe('incremental sync', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ webhookResolver: publicAddress });
  });
  afterAll(() => t.close());

  describe('every list of mutable records', () => {
    let tenant: TenantFixture;
    let auth: { authorization: string };
    let session: SessionClient;
    let lists: SyncList[];

    beforeAll(async () => {
      ({ tenant, auth } = await makeTenantWithToken(t.services));
      const call = jsonCaller(t.app, auth);
      const records: TenantRecords[] = [];
      for (let i = 0; i < 4; i++) records.push(await makeTenantRecords(t, tenant, auth));
      const of = (key: keyof TenantRecords) => records.map((r) => r[key] as string);

      const master = await call('POST', `${API}/operations/master-products`, {
        name: 'Sync Tee',
        variant_attributes: { attributes: [{ name: 'Size', values: ['S', 'M', 'L', 'XL'] }], allowCombinations: true },
      });
      expect(master.statusCode, master.body).toBe(201);
      const masterId = master.json().data.id as string;
      const generated = await call('POST', `${API}/operations/master-products/${masterId}/variants/generate`, {});
      expect(generated.statusCode, generated.body).toBe(201);
      const variantIds = (generated.json().data.variants as Array<{ id: string }>).map((v) => v.id);

      const productId = records[0]!.product;
      const documentIds: string[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await upload(t.app, auth, 'products', productId, {
          type: 'other',
          file: pdfBytes(),
          filename: `sync-${i}.pdf`,
        });
        expect(res.statusCode, res.body).toBe(201);
        documentIds.push(res.json().data.id);
      }
      const tokenIdsNow = async () =>
        (
          await t.database.db.selectFrom('api_tokens').select('id').where('tenant_id', '=', tenant.tenantId).execute()
        ).map((r) => r.id);
      const before = new Set(await tokenIdsNow());
      for (let i = 0; i < 4; i++) await makeToken(t.services, tenant.tenantId, tenant.adminId);
      const tokenIds = (await tokenIdsNow()).filter((id) => !before.has(id));
      session = await signedInClient(t.app, tenant.adminEmail);

      lists = [
        {
          name: 'products',
          url: `${API}/operations/products`,
          table: 'products',
          ids: of('product'),
          filter: { is_variant: 'false' },
        },
        {
          name: 'master products',
          url: `${API}/operations/master-products`,
          table: 'master_products',
          ids: of('masterProduct'),
        },
        {
          name: 'variants',
          url: `${API}/operations/master-products/${masterId}/variants`,
          table: 'products',
          ids: variantIds,
        },
        {
          name: 'categories',
          url: `${API}/operations/product-categories`,
          table: 'product_categories',
          ids: of('category'),
        },
        { name: 'brands', url: `${API}/operations/brands`, table: 'brands', ids: of('brand') },
        { name: 'tags', url: `${API}/operations/tags`, table: 'tags', ids: of('tag') },
        { name: 'suppliers', url: `${API}/operations/suppliers`, table: 'suppliers', ids: of('supplier') },
        {
          name: 'attributes',
          url: `${API}/operations/attributes`,
          table: 'attribute_definitions',
          ids: of('attribute'),
        },
        { name: 'warehouses', url: `${API}/operations/warehouses`, table: 'warehouses', ids: of('warehouse') },
        { name: 'customers', url: `${API}/crm/customers`, table: 'customers', ids: of('customer') },
        { name: 'sales orders', url: `${API}/sales/orders`, table: 'sales_orders', ids: of('salesOrder') },
        {
          name: 'inventory records',
          url: `${API}/operations/inventory`,
          table: 'inventory_records',
          ids: of('inventoryRecord'),
        },
        {
          name: 'purchase orders',
          url: `${API}/operations/purchase-orders`,
          table: 'purchase_orders',
          ids: of('purchaseOrder'),
        },
        {
          name: 'documents',
          url: `${API}/operations/products/${productId}/documents`,
          table: 'documents',
          ids: documentIds,
        },
        {
          name: 'webhook subscriptions',
          url: `${API}/webhooks/subscriptions`,
          table: 'webhook_subscriptions',
          ids: of('subscription'),
        },
        { name: 'tokens', url: `${API}/api-tokens`, table: 'api_tokens', ids: tokenIds, session: true },
      ];
      for (const list of lists) {
        expect(new Set(list.ids).size, list.name).toBe(4);
        for (const [i, at] of [T1, T2, T2, T3].entries()) {
          await t.database.db
            .updateTable(list.table as 'products')
            .set({ updated_at: at })
            .where('id', '=', list.ids[i]!)
            .execute();
        }
      }
    });

    const get = (list: SyncList, query: Record<string, string>) => {
      const url = `${list.url}?${new URLSearchParams({ ...list.filter, ...query })}`;
      return list.session ? session.get(url) : t.app.inject({ url, headers: auth });
    };
    const idsOf = async (list: SyncList, query: Record<string, string>) => {
      const res = await get(list, query);
      expect(res.statusCode, `${list.name}: ${res.body}`).toBe(200);
      return (res.json().data as Array<{ id: string }>).map((item) => item.id);
    };
    /** The records at or after T2 in sync order: T2's two by id, then T3's. */
    const changedAsc = (list: SyncList) => [...[list.ids[1]!, list.ids[2]!].sort(), list.ids[3]!];

    it('lists what changed at or after updated_since, oldest change first, ties by id', async () => {
      for (const list of lists) {
        expect(
          await idsOf(list, { updated_since: T2, sort_by: 'updated_at', sort_direction: 'asc' }),
          list.name,
        ).toEqual(changedAsc(list));
      }
    });

    it('sorts newest change first on request, ties by id descending', async () => {
      for (const list of lists) {
        expect(
          await idsOf(list, { updated_since: T2, sort_by: 'updated_at', sort_direction: 'desc' }),
          list.name,
        ).toEqual(changedAsc(list).reverse());
      }
    });

    it('reads the bound in any time zone and includes records at exactly that instant', async () => {
      for (const list of lists) {
        const query = { sort_by: 'updated_at', sort_direction: 'asc' };
        expect(await idsOf(list, { ...query, updated_since: '2031-05-01T10:00:01+02:00' }), list.name).toEqual(
          changedAsc(list),
        );
        expect(await idsOf(list, { ...query, updated_since: T3 }), list.name).toEqual([list.ids[3]]);
        expect(await idsOf(list, { ...query, updated_since: '2031-05-01T08:00:02.001Z' }), list.name).toEqual([]);
        expect((await idsOf(list, { ...query, updated_since: T1 })).slice(0, 4), list.name).toEqual([
          list.ids[0],
          ...changedAsc(list),
        ]);
      }
    });

    it('pages through the changes without a gap or a repeat', async () => {
      for (const list of lists) {
        const seen: string[] = [];
        for (let page = 1; page <= 4; page++) {
          const res = await get(list, {
            updated_since: T2,
            sort_by: 'updated_at',
            sort_direction: 'asc',
            per_page: '1',
            page: String(page),
          });
          expect(res.statusCode, `${list.name}: ${res.body}`).toBe(200);
          seen.push(...(res.json().data as Array<{ id: string }>).map((item) => item.id));
        }
        expect(seen, list.name).toEqual(changedAsc(list));
      }
    });

    it('answers 422 on updated_since for a value that is not a date-time with a zone', async () => {
      for (const list of lists) {
        for (const value of ['yesterday', '2031-05-01', '2031-05-01T08:00:00', '1700000000', '2031-13-01T00:00:00Z']) {
          const res = await get(list, { updated_since: value });
          expect(res.statusCode, `${list.name} ${value}: ${res.body}`).toBe(422);
          expect(res.json().errors, `${list.name} ${value}`).toEqual(BAD_VALUE);
        }
      }
    });

    it('keeps each list’s default order when no sort is asked for', async () => {
      // The variants' generation order, the attributes' sort_order and the inventory's product names are
      // untouched by updated_at.
      const variants = lists.find((l) => l.name === 'variants')!;
      expect(await idsOf(variants, {})).toEqual([...variants.ids]);
    });
  });

  describe('the recipe of docs/sync.md', () => {
    it('mirrors products: a full page-through, then changes by updated_since and deletions by the feed cursor', async () => {
      const { auth } = await makeTenantWithToken(t.services);
      const call = jsonCaller(t.app, auth);
      const feed = async (after: string | null) => {
        await t.services.publisher.publishAll();
        const query = new URLSearchParams({
          event_type: 'product.deleted',
          per_page: '100',
          ...(after ? { after } : {}),
        });
        const res = await call('GET', `${API}/webhooks/events?${query}`);
        expect(res.statusCode, res.body).toBe(200);
        return res.json() as {
          data: Array<{ entity_id: string; payload: { id: string } }>;
          meta: { cursor: string | null; has_more: boolean };
        };
      };
      const changes = async (since: string | null) => {
        const all: Array<{ id: string; name: string; updated_at: string }> = [];
        for (let page = 1; ; page++) {
          const query = new URLSearchParams({
            sort_by: 'updated_at',
            sort_direction: 'asc',
            per_page: '2',
            page: String(page),
            ...(since ? { updated_since: since } : {}),
          });
          const res = await call('GET', `${API}/operations/products?${query}`);
          expect(res.statusCode, res.body).toBe(200);
          all.push(...res.json().data);
          if (res.json().meta.current_page >= res.json().meta.last_page) return all;
        }
      };
      const made: string[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await call('POST', `${API}/operations/products`, { name: `Mirror ${i}` });
        expect(res.statusCode, res.body).toBe(201);
        made.push(res.json().data.id);
      }

      // 1. The feed's cursor first, then every product.
      let cursor = (await feed(null)).meta.cursor;
      const mirror = new Map((await changes(null)).map((p) => [p.id, p]));
      expect([...mirror.keys()].sort()).toEqual([...made].sort());
      let highWater = [...mirror.values()]
        .map((p) => p.updated_at)
        .sort()
        .at(-1)!;

      // 2. Something changes, something goes.
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect(
        (await call('PATCH', `${API}/operations/products/${made[1]}`, { name: 'Mirror renamed' })).statusCode,
      ).toBe(200);
      expect((await call('DELETE', `${API}/operations/products/${made[3]}`)).statusCode).toBe(200);

      // 3. Changes since the high-water mark (inclusive: what shares its instant comes again and is skipped).
      const changed = (await changes(highWater)).filter((p) => mirror.get(p.id)?.updated_at !== p.updated_at);
      expect(changed.map((p) => [p.id, p.name])).toEqual([[made[1], 'Mirror renamed']]);
      for (const p of changed) mirror.set(p.id, p);
      highWater =
        changed
          .map((p) => p.updated_at)
          .sort()
          .at(-1) ?? highWater;

      // 4. Deletions from the feed after the cursor.
      const deleted = await feed(cursor);
      expect(deleted.data.map((e) => e.entity_id)).toEqual([made[3]]);
      for (const event of deleted.data) mirror.delete(event.payload.id);
      cursor = deleted.meta.cursor ?? cursor;

      const live = (await changes(null)).map((p) => p.id).sort();
      expect([...mirror.keys()].sort()).toEqual(live);
      expect(cursor).not.toBeNull();
      // 5. The next round, with nothing new: what shares the mark's instant comes again, and is all skipped.
      expect((await changes(highWater)).filter((p) => mirror.get(p.id)?.updated_at !== p.updated_at)).toEqual([]);
      expect((await feed(cursor)).data).toEqual([]);
    });

    it('records purchase_order.deleted when a draft order is deleted', async () => {
      const { tenant, auth } = await makeTenantWithToken(t.services);
      const records = await makeTenantRecords(t, tenant, auth);
      const res = await t.app.inject({
        method: 'DELETE',
        url: `${API}/operations/purchase-orders/${records.purchaseOrder}`,
        headers: auth,
      });
      expect(res.statusCode, res.body).toBe(200);
      const po = await t.database.db
        .selectFrom('purchase_orders')
        .select(['po_number', 'deleted_at'])
        .where('id', '=', records.purchaseOrder)
        .executeTakeFirstOrThrow();
      const events = await t.database.db
        .selectFrom('event_outbox')
        .select(['event_type', 'payload'])
        .where('entity_id', '=', records.purchaseOrder)
        .where('event_type', '=', 'purchase_order.deleted')
        .execute();
      expect(events).toEqual([
        {
          event_type: 'purchase_order.deleted',
          payload: { id: records.purchaseOrder, po_number: po.po_number, deleted_at: po.deleted_at },
        },
      ]);
    });
  });
});
