// Every kind of change made through the API records its audit entry, in the words of the API: one case per kind,
// each performing the change over HTTP and reading the entry back through GET /audit-log. A refused change leaves
// none. Read from the route table, every write route declared to record (src/http/audit-declaration.ts) is seen
// here to write an entry, so a new one needs its case.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { REDACTED } from '../../src/modules/audit/audit-changes.js';
import { Secret, TOTP } from 'otpauth';
import type { SubscriptionCreateBody } from '../../src/modules/webhooks/subscriptions/subscription.schemas.js';
import { apiBuilders, type ApiBuilders } from '../helpers/api-builders.js';
import { makeProduct, makeTenantWithToken, makeUser } from '../helpers/factories.js';
import { PASSWORD, SessionClient, signedInClient } from '../helpers/session-client.js';
import { pdfBytes } from '../helpers/document-fixtures.js';
import { insertOrder, insertShipment, makeSalesOrder } from '../helpers/sales-fixtures.js';
import { documentForm } from '../documents/document-helpers.js';
import { buildTestApp, jsonCaller, type HttpMethod, type TestApp } from '../helpers/test-app.js';
import { collectRoutes, recordRoutes, routeName, type RouteEntry } from '../security/route-table.js';

type Changes = Record<string, { before: unknown; after: unknown }>;
interface Entry {
  action: string;
  entity_type: string;
  entity_id: string | null;
  changes: Changes | null;
}
interface Expected {
  entityType: string;
  entityId: string;
  /** Fields the entry must show changed, with their values before and after (where they are known). */
  changes: Record<string, { before?: unknown; after?: unknown }>;
}

const API = '/api/v1/operations';
const NEW_PASSWORD = 'a-fresh-passphrase-9';
const SUPPLIER_EMAIL = 'orders@acme.test';
const webhooks = { ...loadConfig({}).webhooks, allowHttp: true, allowPrivateTargets: true };

describe('audit coverage', () => {
  let t: TestApp;
  let call: (method: HttpMethod, url: string, payload?: unknown) => ReturnType<ReturnType<typeof jsonCaller>>;
  let auth: Record<string, string>;
  let warehouseId: string;
  let build: ApiBuilders;
  let seq = 0;

  beforeAll(async () => {
    t = await buildTestApp({ config: { webhooks }, beforeReady: recordRoutes });
    const own = await makeTenantWithToken(t.services);
    t.tenant = own.tenant;
    auth = own.auth;
    warehouseId = own.tenant.defaultWarehouseId;
    call = jsonCaller(t.app, auth);
    build = apiBuilders(t.app, auth);
  });
  afterAll(() => t.close());

  /** The answer's `data`, after checking the status. */
  async function ok(
    method: HttpMethod,
    url: string,
    payload?: unknown,
    status = method === 'POST' ? [200, 201] : [200],
  ) {
    const res = await call(method, url, payload);
    expect(status, `${method} ${url}: ${res.body}`).toContain(res.statusCode);
    return res.json().data;
  }
  const entries = async (query: string): Promise<Entry[]> => ok('GET', `/api/v1/audit-log?${query}`);
  const newest = async (action: string, entityId: string) =>
    (await entries(`action=${action}&entity_id=${entityId}`))[0];

  const supplier = async () => (await build.supplier({ email: SUPPLIER_EMAIL })).id;
  const activeSupplier = async () => (await build.activeSupplier({ email: SUPPLIER_EMAIL })).id;
  const customer = async () => (await ok('POST', '/api/v1/crm/customers', { name: `Ada ${++seq}` })).id as string;
  /** A draft shipment of a confirmed order whose one line holds 2 reserved in the default warehouse. */
  const shipment = async () => {
    const productId = await stocked(5);
    const { orderId } = await makeSalesOrder(t.services, t.tenant.tenantId, [
      { productId, quantity: 2, reserve: [{ warehouseId: warehouseId, quantity: 2 }] },
    ]);
    return (await ok('POST', `/api/v1/sales/orders/${orderId}/shipments`, { warehouse_id: warehouseId })).id as string;
  };
  const stocked = async (quantity: number) => {
    const id = await makeProduct(t.database.db, t.tenant.tenantId);
    await ok('POST', `${API}/inventory/adjust`, { product_id: id, quantity, reason: 'Setup' });
    return id;
  };
  const order = async () => build.purchaseOrder({ warehouse_id: warehouseId, supplier_id: await activeSupplier() });
  const orderIn = async (...steps: Array<[string, object]>) => {
    const { id } = await order();
    for (const [step, body] of steps) await ok('POST', `${API}/purchase-orders/${id}/${step}`, body);
    return id;
  };
  const toSent: Array<[string, object]> = [
    ['submit-for-approval', {}],
    ['approve', {}],
    ['send', {}],
  ];
  const subscription = async (extra: Partial<SubscriptionCreateBody> = {}) =>
    (await build.subscription({ url: 'http://127.0.0.1:9/hook', event_types: ['product.created'], ...extra })).id;
  const uploadDocument = async (ownerId: string, documentId?: string, owner = 'products') => {
    const url = `${API}/${owner}/${ownerId}/documents${documentId ? `/${documentId}/renew` : ''}`;
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: auth,
      payload: documentForm({
        file: pdfBytes(),
        filename: 'spec.pdf',
        declaredType: 'application/pdf',
        type: 'specification',
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as string;
  };
  const master = async () =>
    (
      await build.masterProduct({
        base_price: 10,
        variant_attributes: { attributes: [{ name: 'Size', values: ['S', 'M'] }], allowCombinations: true },
      })
    ).id;
  /** The lifecycle actions not covered above: each from a new draft through `steps`, ending in the action. */
  const lifecycle: Array<[action: string, steps: string[], from: string, to: string]> = [
    ['product.submitted_for_review', ['submit-for-review'], 'draft', 'pending_approval'],
    ['product.approved', ['submit-for-review', 'approve'], 'pending_approval', 'active'],
    ['product.returned_for_revisions', ['submit-for-review', 'return-for-revisions'], 'pending_approval', 'draft'],
    ['product.revised', ['decline', 'revise'], 'rejected', 'draft'],
    ['product.deactivated', ['activate', 'deactivate'], 'active', 'inactive'],
    ['product.discontinued', ['activate', 'discontinue'], 'active', 'discontinued'],
  ];
  const expectOk = (res: { statusCode: number; body: string }) => expect(res.statusCode, res.body).toBeLessThan(300);
  const invited = () => build.user();
  /** A manager, signed in: changes to an account are made on theirs, not on the admin's whose token calls. */
  const signedInManager = async () => {
    const user = await makeUser(t.services, t.tenant.tenantId, 'manager');
    return { user, client: await signedInClient(t.app, user.email) };
  };
  /** A signed-in manager with two-factor on, and their recovery codes. */
  const twoFactorManager = async () => {
    const { user, client } = await signedInManager();
    const { secret } = (await client.post('/api/v1/auth/two-factor/enable')).json().data as { secret: string };
    const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate();
    const confirmed = await client.post('/api/v1/auth/two-factor/confirm', { code });
    expectOk(confirmed);
    return { user, client, codes: confirmed.json().data.recovery_codes as string[] };
  };
  const adminSession = () => signedInClient(t.app, t.tenant.adminEmail);
  /** A token of the admin's; one that may approve purchase orders waits for its own approval. */
  const apiToken = async (abilities = ['operations:view-products']) => {
    const created = await (
      await adminSession()
    ).post('/api/v1/api-tokens', { name: 'Integration', type: 'application', abilities });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().data.id as string;
  };

  /** Each case makes one change and says which entry it should have left; its title starts with the action. */
  const cases: Array<[title: string, change: () => Promise<Expected>]> = [
    // Catalog: brands.
    [
      'brand.updated',
      async () => {
        const id = (await build.brand()).id;
        expect(await newest('brand.created', id)).toBeDefined();
        await ok('PATCH', `${API}/brands/${id}`, { description: 'Power tools' });
        return { entityType: 'brand', entityId: id, changes: { description: { before: null, after: 'Power tools' } } };
      },
    ],
    [
      'brand.deleted one by one',
      async () => {
        const id = (await build.brand()).id;
        await ok('DELETE', `${API}/brands/${id}`);
        return { entityType: 'brand', entityId: id, changes: { is_active: { before: true, after: null } } };
      },
    ],
    [
      'brand.activated',
      async () => {
        const id = (await build.brand()).id;
        await ok('POST', `${API}/brands/bulk-deactivate`, { brand_ids: [id] });
        await ok('POST', `${API}/brands/bulk-activate`, { brand_ids: [id] });
        return { entityType: 'brand', entityId: id, changes: { is_active: { before: false, after: true } } };
      },
    ],
    [
      'brand.deactivated',
      async () => {
        const id = (await build.brand()).id;
        await ok('POST', `${API}/brands/bulk-deactivate`, { brand_ids: [id] });
        return { entityType: 'brand', entityId: id, changes: { is_active: { before: true, after: false } } };
      },
    ],
    [
      'brand.deleted',
      async () => {
        const id = (await build.brand()).id;
        await ok('POST', `${API}/brands/bulk-delete`, { brand_ids: [id] });
        return { entityType: 'brand', entityId: id, changes: { is_active: { before: true, after: null } } };
      },
    ],
    // Categories.
    [
      'category.created',
      async () => {
        const id = (await build.category()).id;
        return {
          entityType: 'category',
          entityId: id,
          changes: { id: { before: null, after: id }, depth_level: { before: null, after: 0 } },
        };
      },
    ],
    [
      'category.updated',
      async () => {
        const id = (await build.category()).id;
        await ok('PATCH', `${API}/product-categories/${id}`, { description: 'Tools' });
        return { entityType: 'category', entityId: id, changes: { description: { before: null, after: 'Tools' } } };
      },
    ],
    [
      'category.moved',
      async () => {
        const parent = (await build.category()).id;
        const id = (await build.category()).id;
        await ok('POST', `${API}/product-categories/${id}/move`, { parent_id: parent });
        return {
          entityType: 'category',
          entityId: id,
          changes: { parent_id: { before: null, after: parent }, depth_level: { before: 0, after: 1 } },
        };
      },
    ],
    [
      'category.featured_toggled',
      async () => {
        const id = (await build.category()).id;
        await ok('POST', `${API}/product-categories/${id}/toggle-featured`);
        return { entityType: 'category', entityId: id, changes: { is_featured: { before: false, after: true } } };
      },
    ],
    [
      'category.reordered',
      async () => {
        const id = (await build.category()).id;
        await ok('POST', `${API}/product-categories/reorder`, { categories: [{ id, sort_order: 7 }] });
        return { entityType: 'category', entityId: id, changes: { sort_order: { before: 0, after: 7 } } };
      },
    ],
    [
      'category.deactivated',
      async () => {
        const id = (await build.category()).id;
        await ok('POST', `${API}/product-categories/bulk-status`, { category_ids: [id], is_active: false });
        return { entityType: 'category', entityId: id, changes: { is_active: { before: true, after: false } } };
      },
    ],
    [
      'category.deleted',
      async () => {
        const id = (await build.category()).id;
        await ok('DELETE', `${API}/product-categories/${id}`);
        return { entityType: 'category', entityId: id, changes: { id: { before: id, after: null } } };
      },
    ],
    // Tags.
    [
      'tag.updated',
      async () => {
        const id = (await build.tag()).id;
        await ok('PATCH', `${API}/tags/${id}`, { color: '#ff0000' });
        return { entityType: 'tag', entityId: id, changes: { color: { before: '#3B82F6', after: '#FF0000' } } };
      },
    ],
    [
      'tag.deactivated',
      async () => {
        const id = (await build.tag()).id;
        await ok('POST', `${API}/tags/bulk-deactivate`, { tag_ids: [id] });
        return { entityType: 'tag', entityId: id, changes: { is_active: { before: true, after: false } } };
      },
    ],
    [
      'tag.merged',
      async () => {
        const source = (await build.tag()).id;
        const target = (await build.tag()).id;
        await makeProduct(t.database.db, t.tenant.tenantId, { tag_ids: [source] });
        await ok('POST', `${API}/tags/merge`, { source_tag_ids: [source], target_tag_id: target });
        expect((await newest('tag.merged', source))!.changes).toMatchObject({ id: { before: source, after: null } });
        return { entityType: 'tag', entityId: target, changes: { products_count: { before: 0, after: 1 } } };
      },
    ],
    [
      'tag.deleted',
      async () => {
        const id = (await build.tag()).id;
        await ok('POST', `${API}/tags/bulk-delete`, { tag_ids: [id] });
        return { entityType: 'tag', entityId: id, changes: { id: { before: id, after: null } } };
      },
    ],
    [
      'tag.deleted one by one',
      async () => {
        const id = (await build.tag()).id;
        await ok('DELETE', `${API}/tags/${id}`);
        return { entityType: 'tag', entityId: id, changes: { id: { before: id, after: null } } };
      },
    ],
    [
      'tag.activated',
      async () => {
        const id = (await build.tag()).id;
        await ok('POST', `${API}/tags/bulk-deactivate`, { tag_ids: [id] });
        await ok('POST', `${API}/tags/bulk-activate`, { tag_ids: [id] });
        return { entityType: 'tag', entityId: id, changes: { is_active: { before: false, after: true } } };
      },
    ],
    // Attribute definitions.
    [
      'attribute.updated',
      async () => {
        const id = (await build.attribute({ type: 'number' })).id;
        expect(await newest('attribute.created', id)).toBeDefined();
        await ok('PATCH', `${API}/attributes/${id}`, { unit: 'V' });
        return { entityType: 'attribute', entityId: id, changes: { unit: { before: null, after: 'V' } } };
      },
    ],
    [
      'attribute.deleted',
      async () => {
        const id = (await build.attribute({ type: 'number' })).id;
        await ok('DELETE', `${API}/attributes/${id}`);
        return { entityType: 'attribute', entityId: id, changes: { id: { before: id, after: null } } };
      },
    ],
    // Suppliers.
    [
      'supplier.created',
      async () => {
        const id = await supplier();
        return { entityType: 'supplier', entityId: id, changes: { status: { before: null, after: 'inactive' } } };
      },
    ],
    [
      'supplier.updated',
      async () => {
        const id = await supplier();
        await ok('PATCH', `${API}/suppliers/${id}`, { lead_time_days: 5 });
        return { entityType: 'supplier', entityId: id, changes: { lead_time_days: { before: null, after: 5 } } };
      },
    ],
    [
      'supplier.activated',
      async () => {
        const id = await activeSupplier();
        return { entityType: 'supplier', entityId: id, changes: { status: { before: 'inactive', after: 'active' } } };
      },
    ],
    [
      'supplier.deactivated',
      async () => {
        const id = await activeSupplier();
        await ok('POST', `${API}/suppliers/${id}/deactivate`);
        return { entityType: 'supplier', entityId: id, changes: { status: { before: 'active', after: 'inactive' } } };
      },
    ],
    [
      'supplier.suspended',
      async () => {
        const id = await supplier();
        await ok('POST', `${API}/suppliers/${id}/suspend`, { reason: 'Late deliveries' });
        return {
          entityType: 'supplier',
          entityId: id,
          changes: {
            status: { before: 'inactive', after: 'suspended' },
            suspension_reason: { before: null, after: 'Late deliveries' },
          },
        };
      },
    ],
    [
      'supplier.rated',
      async () => {
        const id = await supplier();
        await ok('POST', `${API}/suppliers/${id}/rate`, { rating: 4 });
        return {
          entityType: 'supplier',
          entityId: id,
          changes: { rating: { before: null, after: 4 }, rating_count: { before: 0, after: 1 } },
        };
      },
    ],
    [
      'supplier.deleted',
      async () => {
        const id = await supplier();
        await ok('DELETE', `${API}/suppliers/${id}`);
        return { entityType: 'supplier', entityId: id, changes: { id: { before: id, after: null } } };
      },
    ],
    // Customers.
    [
      'customer.created',
      async () => {
        const id = await customer();
        return { entityType: 'customer', entityId: id, changes: { name: { before: null, after: `Ada ${seq}` } } };
      },
    ],
    [
      'customer.updated',
      async () => {
        const id = await customer();
        await ok('PATCH', `/api/v1/crm/customers/${id}`, { shipping_address: { city: 'Hull', country: 'GB' } });
        return {
          entityType: 'customer',
          entityId: id,
          changes: {
            shipping_address: {
              before: null,
              after: { street: null, city: 'Hull', state: null, postal_code: null, country: 'GB' },
            },
          },
        };
      },
    ],
    [
      'customer.deleted',
      async () => {
        const id = await customer();
        await ok('DELETE', `/api/v1/crm/customers/${id}`);
        return { entityType: 'customer', entityId: id, changes: { id: { before: id, after: null } } };
      },
    ],
    // Sales orders.
    [
      'sales_order.created',
      async () => {
        const { id, order_number } = await build.salesOrder();
        return {
          entityType: 'sales_order',
          entityId: id,
          changes: { order_number: { before: null, after: order_number } },
        };
      },
    ],
    [
      'sales_order.updated',
      async () => {
        const { id } = await build.salesOrder();
        await ok('PATCH', `/api/v1/sales/orders/${id}`, { priority: 7 });
        return { entityType: 'sales_order', entityId: id, changes: { priority: { before: 0, after: 7 } } };
      },
    ],
    [
      'sales_order.deleted',
      async () => {
        const { id } = await build.salesOrder();
        await ok('DELETE', `/api/v1/sales/orders/${id}`);
        return { entityType: 'sales_order', entityId: id, changes: { id: { before: id, after: null } } };
      },
    ],
    ...(
      [
        ['confirmed', 'draft', [['confirm']], 'confirmed'],
        ['allocated', 'confirmed', [['confirm'], ['allocate']], 'confirmed'],
        ['held', 'draft', [['hold', { reason: 'Address check' }]], 'on_hold'],
        ['hold_released', 'on_hold', [['hold'], ['release-hold']], 'draft'],
        ['submitted_for_approval', 'draft', [['submit-for-approval']], 'pending_approval'],
        ['approved', 'pending_approval', [['submit-for-approval'], ['approve']], 'confirmed'],
        ['rejected', 'pending_approval', [['submit-for-approval'], ['reject', { reason: 'Too large' }]], 'draft'],
        ['cancelled', 'draft', [['cancel', { reason: 'Ordered twice' }]], 'cancelled'],
        ['closed', 'confirmed', [['confirm'], ['close']], 'cancelled'],
      ] as const
    ).map(([action, before, steps, after]): [string, () => Promise<Expected>] => [
      `sales_order.${action}`,
      async () => {
        const { id } = await build.salesOrder();
        for (const [step, body] of steps as ReadonlyArray<readonly [string, object?]>) {
          await ok('POST', `/api/v1/sales/orders/${id}/${step}`, body ?? {});
        }
        const status: Expected['changes'] = action === 'allocated' ? {} : { status: { before, after } };
        return { entityType: 'sales_order', entityId: id, changes: status };
      },
    ]),
    [
      'sales_order.completed',
      async () => {
        const { id } = await build.salesOrder();
        await ok('POST', `/api/v1/sales/orders/${id}/confirm`);
        // Nothing ships before shipments exist: the order is put where a last shipment would leave it.
        await t.database.db.updateTable('sales_orders').set({ status: 'shipped' }).where('id', '=', id).execute();
        await ok('POST', `/api/v1/sales/orders/${id}/complete`);
        return {
          entityType: 'sales_order',
          entityId: id,
          changes: { status: { before: 'shipped', after: 'completed' } },
        };
      },
    ],
    // Shipments of sales orders.
    [
      'shipment.created',
      async () => {
        const id = await shipment();
        return { entityType: 'shipment', entityId: id, changes: { status: { before: null, after: 'draft' } } };
      },
    ],
    [
      'shipment.picked',
      async () => {
        const id = await shipment();
        await ok('POST', `/api/v1/sales/shipments/${id}/pick`, {});
        return { entityType: 'shipment', entityId: id, changes: { status: { before: 'draft', after: 'picking' } } };
      },
    ],
    [
      'shipment.packed',
      async () => {
        const id = await shipment();
        await ok('POST', `/api/v1/sales/shipments/${id}/pack`, {});
        return { entityType: 'shipment', entityId: id, changes: { status: { before: 'draft', after: 'packed' } } };
      },
    ],
    [
      'shipment.shipped',
      async () => {
        const id = await shipment();
        await ok('POST', `/api/v1/sales/shipments/${id}/ship`, { carrier: 'DHL' });
        return {
          entityType: 'shipment',
          entityId: id,
          changes: { status: { before: 'draft', after: 'shipped' }, carrier: { before: null, after: 'DHL' } },
        };
      },
    ],
    [
      'shipment.delivered',
      async () => {
        const id = await shipment();
        await ok('POST', `/api/v1/sales/shipments/${id}/ship`, { carrier: 'DHL' });
        await ok('POST', `/api/v1/sales/shipments/${id}/deliver`, {});
        return { entityType: 'shipment', entityId: id, changes: { status: { before: 'shipped', after: 'delivered' } } };
      },
    ],
    [
      'shipment.cancelled',
      async () => {
        const id = await shipment();
        await ok('POST', `/api/v1/sales/shipments/${id}/cancel`, { reason: 'Collected' });
        return {
          entityType: 'shipment',
          entityId: id,
          changes: {
            status: { before: 'draft', after: 'cancelled' },
            cancellation_reason: { before: null, after: 'Collected' },
          },
        };
      },
    ],
    // Sales returns.
    [
      'sales_return.created',
      async () => {
        const product = await makeProduct(t.database.db, t.tenant.tenantId);
        const order = await insertOrder(t.database.db, t.tenant.tenantId, {
          status: 'shipped',
          lines: [{ product_id: product, quantity: 3 }],
        });
        await insertShipment(t.database.db, t.tenant.tenantId, order.orderId, warehouseId, [
          { order_line_id: order.lineIds[0]!, product_id: product, quantity: 3 },
        ]);
        const created = await ok('POST', `/api/v1/sales/orders/${order.orderId}/returns`, {
          warehouse_id: warehouseId,
          reason: 'Wrong size',
          lines: [{ order_line_id: order.lineIds[0], quantity: 2, restock: true }],
        });
        return {
          entityType: 'sales_return',
          entityId: created.id,
          changes: { return_number: { before: null, after: created.return_number } },
        };
      },
    ],
    // Products.
    [
      'product.created',
      async () => {
        const id = (await build.product({ selling_price: 99 })).id;
        return {
          entityType: 'product',
          entityId: id,
          changes: { selling_price: { before: null, after: 99 }, status: { before: null, after: 'draft' } },
        };
      },
    ],
    [
      'product.updated',
      async () => {
        const id = (await build.product({ selling_price: 99 })).id;
        await ok('PATCH', `${API}/products/${id}`, { selling_price: 89, barcode: '4006381333931' });
        return {
          entityType: 'product',
          entityId: id,
          changes: { selling_price: { before: 99, after: 89 }, barcode: { before: null, after: '4006381333931' } },
        };
      },
    ],
    [
      'product.updated (bulk)',
      async () => {
        const id = (await build.product({ selling_price: 99 })).id;
        await ok('POST', `${API}/products/bulk`, {
          product_ids: [id],
          action: 'change_price',
          price_change: { by: 'percent', value: 10 },
        });
        return { entityType: 'product', entityId: id, changes: { selling_price: { before: 99, after: 108.9 } } };
      },
    ],
    [
      'product.activated',
      async () => {
        const id = (await build.product({ selling_price: 99 })).id;
        await ok('POST', `${API}/products/${id}/activate`);
        return { entityType: 'product', entityId: id, changes: { status: { before: 'draft', after: 'active' } } };
      },
    ],
    [
      'product.declined',
      async () => {
        const id = (await build.product({ selling_price: 99 })).id;
        await ok('POST', `${API}/products/${id}/decline`, { reason: 'Duplicate' });
        return {
          entityType: 'product',
          entityId: id,
          changes: {
            status: { before: 'draft', after: 'rejected' },
            status_reason: { before: null, after: 'Duplicate' },
          },
        };
      },
    ],
    [
      'product.deleted',
      async () => {
        const id = (await build.product({ selling_price: 99 })).id;
        await ok('DELETE', `${API}/products/${id}`);
        return { entityType: 'product', entityId: id, changes: { id: { before: id, after: null } } };
      },
    ],
    ...lifecycle.map(([action, steps, from, to]): [string, () => Promise<Expected>] => [
      action,
      async () => {
        const id = (await build.product({ selling_price: 99 })).id;
        for (const step of steps) await ok('POST', `${API}/products/${id}/${step}`, { reason: 'Checked' });
        return { entityType: 'product', entityId: id, changes: { status: { before: from, after: to } } };
      },
    ]),
    // Master products and their variants.
    [
      'master_product.updated',
      async () => {
        const id = await master();
        expect(await newest('master_product.created', id)).toBeDefined();
        await ok('PATCH', `${API}/master-products/${id}`, { base_price: 12 });
        return { entityType: 'master_product', entityId: id, changes: { base_price: { before: 10, after: 12 } } };
      },
    ],
    [
      'master_product.deleted',
      async () => {
        const id = await master();
        await ok('DELETE', `${API}/master-products/${id}`);
        return { entityType: 'master_product', entityId: id, changes: { id: { before: id, after: null } } };
      },
    ],
    [
      'product.generated',
      async () => {
        const id = await master();
        const variants = (await ok('POST', `${API}/master-products/${id}/variants/generate`, {})).variants as Array<{
          id: string;
        }>;
        expect(variants).toHaveLength(2);
        return {
          entityType: 'product',
          entityId: variants[0]!.id,
          changes: { master_product_id: { before: null, after: id } },
        };
      },
    ],
    [
      'product.price_changed',
      async () => {
        const id = await master();
        const [variant] = (await ok('POST', `${API}/master-products/${id}/variants/generate`, {})).variants as Array<{
          id: string;
        }>;
        await ok('POST', `${API}/master-products/${id}/variants/bulk-update-prices`, { price: 15 });
        return { entityType: 'product', entityId: variant!.id, changes: { selling_price: { before: 10, after: 15 } } };
      },
    ],
    [
      'product.created as a variant',
      async () => {
        const id = await master();
        const variant = await ok('POST', `${API}/master-products/${id}/variants`, { variant_selection: { Size: 'S' } });
        return {
          entityType: 'product',
          entityId: variant.id,
          changes: { master_product_id: { before: null, after: id } },
        };
      },
    ],
    [
      "product.deleted with its master's variants",
      async () => {
        const id = await master();
        const [variant] = (await ok('POST', `${API}/master-products/${id}/variants/generate`, {})).variants as Array<{
          id: string;
        }>;
        await ok('DELETE', `${API}/master-products/${id}/variants`, { reason: 'Range discontinued' });
        return { entityType: 'product', entityId: variant!.id, changes: { id: { before: variant!.id, after: null } } };
      },
    ],
    [
      'inventory.adjusted',
      async () => {
        const id = await master();
        const [variant] = (await ok('POST', `${API}/master-products/${id}/variants/generate`, {})).variants as Array<{
          id: string;
        }>;
        await ok('POST', `${API}/master-products/${id}/variants/bulk-update-stock`, { quantity: 4 });
        const [entry] = await entries(`action=inventory.adjusted&entity_type=inventory`);
        expect(entry!.changes).toMatchObject({ quantity_on_hand: { before: 0, after: 4 } });
        const record = (await ok('GET', `${API}/inventory?product_id=${variant!.id}`)) as Array<{ id: string }>;
        return {
          entityType: 'inventory',
          entityId: record[0]!.id,
          changes: { quantity_on_hand: { before: 0, after: 4 } },
        };
      },
    ],
    // Inventory.
    [
      'warehouse.updated',
      async () => {
        const id = (await build.warehouse({ name: 'East' })).id;
        expect(await newest('warehouse.created', id)).toBeDefined();
        await ok('PATCH', `${API}/warehouses/${id}`, { name: 'East Coast' });
        return { entityType: 'warehouse', entityId: id, changes: { name: { before: 'East', after: 'East Coast' } } };
      },
    ],
    [
      'warehouse.deleted',
      async () => {
        const id = (await build.warehouse()).id;
        await ok('DELETE', `${API}/warehouses/${id}`);
        return { entityType: 'warehouse', entityId: id, changes: { id: { before: id, after: null } } };
      },
    ],
    [
      'inventory.adjusted',
      async () => {
        const productId = await makeProduct(t.database.db, t.tenant.tenantId);
        const record = await ok('POST', `${API}/inventory/adjust`, {
          product_id: productId,
          quantity: 12,
          reason: 'Found',
        });
        return {
          entityType: 'inventory',
          entityId: record.id,
          changes: { quantity_on_hand: { before: 0, after: 12 }, quantity_available: { before: 0, after: 12 } },
        };
      },
    ],
    [
      'inventory.reserved',
      async () => {
        const record = await ok('POST', `${API}/inventory/reserve`, { product_id: await stocked(10), quantity: 3 });
        return {
          entityType: 'inventory',
          entityId: record.id,
          changes: { quantity_reserved: { before: 0, after: 3 }, quantity_available: { before: 10, after: 7 } },
        };
      },
    ],
    [
      'inventory.released',
      async () => {
        const productId = await stocked(10);
        await ok('POST', `${API}/inventory/reserve`, { product_id: productId, quantity: 3 });
        const record = await ok('POST', `${API}/inventory/release`, { product_id: productId, quantity: 2 });
        return {
          entityType: 'inventory',
          entityId: record.id,
          changes: { quantity_reserved: { before: 3, after: 1 } },
        };
      },
    ],
    [
      'inventory.transferred',
      async () => {
        const to = (await build.warehouse()).id;
        const result = await ok('POST', `${API}/inventory/transfer`, {
          product_id: await stocked(10),
          from_warehouse_id: null,
          to_warehouse_id: to,
          quantity: 4,
        });
        expect((await newest('inventory.transferred', result.from.id))!.changes).toMatchObject({
          quantity_on_hand: { before: 10, after: 6 },
        });
        return {
          entityType: 'inventory',
          entityId: result.to.id,
          changes: { quantity_on_hand: { before: 0, after: 4 } },
        };
      },
    ],
    [
      'inventory.counted',
      async () => {
        const record = await ok('POST', `${API}/inventory/physical-count`, {
          product_id: await stocked(10),
          counted_quantity: 8,
        });
        return {
          entityType: 'inventory',
          entityId: record.id,
          changes: {
            quantity_on_hand: { before: 10, after: 8 },
            last_counted_at: { before: null, after: record.last_counted_at },
          },
        };
      },
    ],
    [
      'inventory.reorder_settings_changed',
      async () => {
        const record = await ok('PUT', `${API}/inventory/reorder-settings`, {
          product_id: await stocked(10),
          warehouse_id: null,
          reorder_point: 5,
          reorder_quantity: 20,
        });
        return {
          entityType: 'inventory',
          entityId: record.id,
          changes: { reorder_point: { before: null, after: 5 }, reorder_quantity: { before: null, after: 20 } },
        };
      },
    ],
    // Purchase orders.
    [
      'purchase_order.updated',
      async () => {
        const { id } = await order();
        expect(await newest('purchase_order.created', id)).toBeDefined();
        await ok('PATCH', `${API}/purchase-orders/${id}`, { notes: 'Deliver to dock 2' });
        return {
          entityType: 'purchase_order',
          entityId: id,
          changes: { notes: { before: null, after: 'Deliver to dock 2' } },
        };
      },
    ],
    [
      'purchase_order.submitted_for_approval',
      async () => {
        const id = await orderIn(['submit-for-approval', {}]);
        return {
          entityType: 'purchase_order',
          entityId: id,
          changes: { status: { before: 'draft', after: 'pending_approval' } },
        };
      },
    ],
    [
      'purchase_order.approved',
      async () => {
        const id = await orderIn(['submit-for-approval', {}], ['approve', {}]);
        return {
          entityType: 'purchase_order',
          entityId: id,
          changes: { status: { before: 'pending_approval', after: 'approved' } },
        };
      },
    ],
    [
      'purchase_order.rejected',
      async () => {
        const id = await orderIn(['submit-for-approval', {}], ['reject', { reason: 'Too dear' }]);
        return {
          entityType: 'purchase_order',
          entityId: id,
          changes: { status: { before: 'pending_approval', after: 'rejected' } },
        };
      },
    ],
    [
      'purchase_order.sent',
      async () => {
        const id = await orderIn(...toSent);
        return {
          entityType: 'purchase_order',
          entityId: id,
          changes: {
            status: { before: 'approved', after: 'sent' },
            sent_to: { before: null, after: SUPPLIER_EMAIL },
          },
        };
      },
    ],
    [
      'purchase_order.acknowledged',
      async () => {
        const id = await orderIn(...toSent, ['acknowledge', { supplier_reference: 'SO-1' }]);
        return {
          entityType: 'purchase_order',
          entityId: id,
          changes: { status: { before: 'sent', after: 'acknowledged' } },
        };
      },
    ],
    [
      'purchase_order.received',
      async () => {
        const id = await orderIn(...toSent);
        await ok('POST', `${API}/purchase-orders/${id}/receive`, {});
        const entry = await newest('purchase_order.received', id);
        expect((entry!.changes!.items!.after as Array<{ quantity_received: number }>)[0]!.quantity_received).toBe(10);
        return {
          entityType: 'purchase_order',
          entityId: id,
          changes: { status: { before: 'sent', after: 'received' } },
        };
      },
    ],
    [
      'purchase_order.invoiced',
      async () => {
        const id = await orderIn(
          ...toSent,
          ['receive', {}],
          ['record-invoice', { invoice_number: 'INV-1', invoice_amount: 25 }],
        );
        return {
          entityType: 'purchase_order',
          entityId: id,
          changes: { status: { before: 'received', after: 'invoiced' } },
        };
      },
    ],
    [
      'purchase_order.completed',
      async () => {
        const id = await orderIn(...toSent, ['receive', {}], ['complete', {}]);
        return {
          entityType: 'purchase_order',
          entityId: id,
          changes: { status: { before: 'received', after: 'completed' } },
        };
      },
    ],
    [
      'purchase_order.cancelled',
      async () => {
        const id = await orderIn(['cancel', { reason: 'Not needed', notify_supplier: false }]);
        return {
          entityType: 'purchase_order',
          entityId: id,
          changes: { status: { before: 'draft', after: 'cancelled' } },
        };
      },
    ],
    [
      'purchase_order.deleted',
      async () => {
        const { id } = await order();
        await ok('DELETE', `${API}/purchase-orders/${id}`);
        return { entityType: 'purchase_order', entityId: id, changes: { id: { before: id, after: null } } };
      },
    ],
    [
      'purchase_order.created by generate-reorders',
      async () => {
        const productId = await makeProduct(t.database.db, t.tenant.tenantId, { supplier_id: await activeSupplier() });
        await ok('PUT', `${API}/inventory/reorder-settings`, {
          product_id: productId,
          reorder_point: 5,
          reorder_quantity: 10,
        });
        const generated = (await ok('POST', `${API}/purchase-orders/generate-reorders`)) as Array<{
          id: string;
          items: Array<{ product_id: string }>;
        }>;
        const id = generated.find((generatedOrder) => generatedOrder.items[0]!.product_id === productId)!.id;
        return { entityType: 'purchase_order', entityId: id, changes: { status: { before: null, after: 'draft' } } };
      },
    ],
    // Documents.
    [
      'document.uploaded',
      async () => {
        const id = await uploadDocument(await makeProduct(t.database.db, t.tenant.tenantId));
        return {
          entityType: 'document',
          entityId: id,
          changes: { type: { before: null, after: 'specification' }, file_name: { before: null, after: 'spec.pdf' } },
        };
      },
    ],
    [
      'document.updated',
      async () => {
        const productId = await makeProduct(t.database.db, t.tenant.tenantId);
        const id = await uploadDocument(productId);
        await ok('PATCH', `${API}/products/${productId}/documents/${id}`, { name: 'Datasheet' });
        return { entityType: 'document', entityId: id, changes: { name: { before: 'spec.pdf', after: 'Datasheet' } } };
      },
    ],
    [
      'document.renewed',
      async () => {
        const supplierId = await supplier();
        const previous = await uploadDocument(supplierId, undefined, 'suppliers');
        const id = await uploadDocument(supplierId, previous, 'suppliers');
        return { entityType: 'document', entityId: id, changes: { renews_id: { before: null, after: previous } } };
      },
    ],
    [
      'document.deleted',
      async () => {
        const productId = await makeProduct(t.database.db, t.tenant.tenantId);
        const id = await uploadDocument(productId);
        await ok('DELETE', `${API}/products/${productId}/documents/${id}`);
        return { entityType: 'document', entityId: id, changes: { id: { before: id, after: null } } };
      },
    ],
    ...(['suppliers', 'purchase-orders'] as const).flatMap((owner): Array<[string, () => Promise<Expected>]> => {
      const ownerId = async () => (owner === 'suppliers' ? supplier() : (await order()).id);
      return [
        [
          `document.uploaded to ${owner}`,
          async () => {
            const id = await uploadDocument(await ownerId(), undefined, owner);
            return {
              entityType: 'document',
              entityId: id,
              changes: { file_name: { before: null, after: 'spec.pdf' } },
            };
          },
        ],
        [
          `document.updated of ${owner}`,
          async () => {
            const parent = await ownerId();
            const id = await uploadDocument(parent, undefined, owner);
            await ok('PATCH', `${API}/${owner}/${parent}/documents/${id}`, { name: 'Signed copy' });
            return {
              entityType: 'document',
              entityId: id,
              changes: { name: { before: 'spec.pdf', after: 'Signed copy' } },
            };
          },
        ],
        [
          `document.deleted of ${owner}`,
          async () => {
            const parent = await ownerId();
            const id = await uploadDocument(parent, undefined, owner);
            await ok('DELETE', `${API}/${owner}/${parent}/documents/${id}`);
            return { entityType: 'document', entityId: id, changes: { id: { before: id, after: null } } };
          },
        ],
      ];
    }),
    // Webhook subscriptions: secrets and header values only as "[REDACTED]".
    [
      'webhook_subscription.created',
      async () => {
        const id = await subscription({ headers: { 'X-Api-Key': 'hunter2' } });
        return {
          entityType: 'webhook_subscription',
          entityId: id,
          changes: { secret: { before: null, after: REDACTED }, headers: { before: null, after: REDACTED } },
        };
      },
    ],
    [
      'webhook_subscription.updated',
      async () => {
        const id = await subscription({ headers: { 'X-Api-Key': 'hunter2' } });
        await ok('PATCH', `/api/v1/webhooks/subscriptions/${id}`, {
          description: 'ERP',
          headers: { 'X-Api-Key': 'correct-horse' },
        });
        return {
          entityType: 'webhook_subscription',
          entityId: id,
          changes: { description: { before: null, after: 'ERP' }, headers: { before: REDACTED, after: REDACTED } },
        };
      },
    ],
    [
      'webhook_subscription.disabled',
      async () => {
        const id = await subscription();
        await ok('POST', `/api/v1/webhooks/subscriptions/${id}/disable`);
        return {
          entityType: 'webhook_subscription',
          entityId: id,
          changes: { status: { before: 'active', after: 'disabled' } },
        };
      },
    ],
    [
      'webhook_subscription.activated',
      async () => {
        const id = await subscription();
        await ok('POST', `/api/v1/webhooks/subscriptions/${id}/disable`);
        await ok('POST', `/api/v1/webhooks/subscriptions/${id}/activate`);
        return {
          entityType: 'webhook_subscription',
          entityId: id,
          changes: { status: { before: 'disabled', after: 'active' } },
        };
      },
    ],
    [
      'webhook_subscription.secret_rotated',
      async () => {
        const id = await subscription();
        await ok('POST', `/api/v1/webhooks/subscriptions/${id}/rotate-secret`);
        return {
          entityType: 'webhook_subscription',
          entityId: id,
          changes: { secret: { before: REDACTED, after: REDACTED } },
        };
      },
    ],
    [
      'webhook_subscription.deleted',
      async () => {
        const id = await subscription();
        await ok('DELETE', `/api/v1/webhooks/subscriptions/${id}`);
        return {
          entityType: 'webhook_subscription',
          entityId: id,
          changes: { status: { before: 'active', after: null } },
        };
      },
    ],
    [
      'webhook_subscription.tested',
      async () => {
        const id = await subscription();
        const { delivery_id } = await ok('POST', `/api/v1/webhooks/subscriptions/${id}/test`);
        return {
          entityType: 'webhook_subscription',
          entityId: id,
          changes: { test_delivery_id: { before: null, after: delivery_id } },
        };
      },
    ],
    [
      'webhook_delivery.retried',
      async () => {
        const id = await subscription();
        const { delivery_id } = await ok('POST', `/api/v1/webhooks/subscriptions/${id}/test`);
        // As the worker leaves a delivery whose every attempt failed.
        await t.database.db
          .updateTable('webhook_deliveries')
          .set({ status: 'failed', attempts: 5 })
          .where('id', '=', delivery_id)
          .execute();
        await ok('POST', `/api/v1/webhooks/subscriptions/${id}/deliveries/${delivery_id}/retry`);
        return {
          entityType: 'webhook_delivery',
          entityId: delivery_id,
          changes: { status: { before: 'failed', after: 'pending' } },
        };
      },
    ],
    [
      'webhook_subscription.replayed',
      async () => {
        // An event from before the subscription, which it has no delivery of.
        const since = new Date(Date.now() - 1000).toISOString();
        await build.product({ selling_price: 99 });
        await t.services.publisher.publishAll();
        const id = await subscription();
        const { deliveries_created } = await ok('POST', `/api/v1/webhooks/subscriptions/${id}/replay`, { since });
        expect(deliveries_created).toBeGreaterThan(0);
        return {
          entityType: 'webhook_subscription',
          entityId: id,
          changes: { deliveries_created: { before: null, after: deliveries_created } },
        };
      },
    ],
    // The tenant's settings.
    [
      'tenant.updated',
      async () => {
        await ok('PATCH', '/api/v1/tenant', { city: `Hamburg ${++seq}` });
        return { entityType: 'tenant', entityId: t.tenant.tenantId, changes: { city: { after: `Hamburg ${seq}` } } };
      },
    ],
    // Users, as an administrator manages them.
    [
      'user.created',
      async () => {
        const { id } = await invited();
        return { entityType: 'user', entityId: id, changes: { role: { before: null, after: 'manager' } } };
      },
    ],
    [
      'user.updated',
      async () => {
        const { id } = await invited();
        await ok('PATCH', `/api/v1/users/${id}`, { name: 'Ada Lovelace' });
        return { entityType: 'user', entityId: id, changes: { name: { after: 'Ada Lovelace' } } };
      },
    ],
    [
      'user.deactivated',
      async () => {
        const { id } = await makeUser(t.services, t.tenant.tenantId, 'manager');
        await ok('POST', `/api/v1/users/${id}/deactivate`);
        return { entityType: 'user', entityId: id, changes: { status: { before: 'active', after: 'deactivated' } } };
      },
    ],
    [
      'user.reactivated',
      async () => {
        const { id } = await makeUser(t.services, t.tenant.tenantId, 'manager');
        await ok('POST', `/api/v1/users/${id}/deactivate`);
        await ok('POST', `/api/v1/users/${id}/reactivate`);
        return { entityType: 'user', entityId: id, changes: { status: { before: 'deactivated', after: 'active' } } };
      },
    ],
    [
      'user.invitation_resent',
      async () => {
        const { id } = await invited();
        await ok('POST', `/api/v1/users/${id}/resend-invitation`);
        return { entityType: 'user', entityId: id, changes: { password_link_expires_at: { before: null } } };
      },
    ],
    [
      'user.password_reset_started',
      async () => {
        const { id } = await makeUser(t.services, t.tenant.tenantId, 'manager');
        await ok('POST', `/api/v1/users/${id}/reset-password`);
        return { entityType: 'user', entityId: id, changes: { password_link_expires_at: { before: null } } };
      },
    ],
    [
      'user.password_set',
      async () => {
        const { id, password_link } = await invited();
        const token = new URL(password_link.url!, 'http://localhost').searchParams.get('token')!;
        await ok('POST', '/api/v1/auth/set-password', { token, password: NEW_PASSWORD });
        return {
          entityType: 'user',
          entityId: id,
          changes: { link: { before: null, after: 'invitation' }, password: { after: REDACTED } },
        };
      },
    ],
    // A user's own account and sign-in, through a session of theirs.
    [
      'auth.signed_in',
      async () => {
        const { user } = await signedInManager();
        return { entityType: 'user', entityId: user.id, changes: { method: { before: null, after: 'password' } } };
      },
    ],
    [
      'user.updated by the user',
      async () => {
        const { user, client } = await signedInManager();
        expectOk(await client.request({ method: 'PATCH', url: '/api/v1/auth/me', payload: { name: 'Grace Hopper' } }));
        return { entityType: 'user', entityId: user.id, changes: { name: { after: 'Grace Hopper' } } };
      },
    ],
    [
      'user.password_changed',
      async () => {
        const { user, client } = await signedInManager();
        expectOk(
          await client.request({
            method: 'PUT',
            url: '/api/v1/auth/password',
            payload: { current_password: PASSWORD, password: NEW_PASSWORD },
          }),
        );
        return { entityType: 'user', entityId: user.id, changes: { password: { before: REDACTED, after: REDACTED } } };
      },
    ],
    [
      'user.two_factor_enabled',
      async () => {
        const { user, client } = await signedInManager();
        expectOk(await client.post('/api/v1/auth/two-factor/enable'));
        return { entityType: 'user', entityId: user.id, changes: { two_factor_secret: { after: REDACTED } } };
      },
    ],
    [
      'user.two_factor_confirmed',
      async () => {
        const { user } = await twoFactorManager();
        return {
          entityType: 'user',
          entityId: user.id,
          changes: { two_factor_enabled: { before: false, after: true } },
        };
      },
    ],
    [
      'user.recovery_codes_regenerated',
      async () => {
        const { user, client } = await twoFactorManager();
        expectOk(await client.post('/api/v1/auth/two-factor/recovery-codes', { password: PASSWORD }));
        return {
          entityType: 'user',
          entityId: user.id,
          changes: { recovery_codes: { before: REDACTED, after: REDACTED } },
        };
      },
    ],
    [
      'auth.signed_in with a recovery code',
      async () => {
        const { user, codes } = await twoFactorManager();
        const pending = new SessionClient(t.app);
        expect((await pending.login(user.email)).statusCode).toBe(423);
        expectOk(await pending.post('/api/v1/auth/two-factor-challenge', { recovery_code: codes[0] }));
        return { entityType: 'user', entityId: user.id, changes: { method: { after: 'recovery_code' } } };
      },
    ],
    [
      'user.two_factor_disabled',
      async () => {
        const { user, client } = await twoFactorManager();
        expectOk(
          await client.request({ method: 'DELETE', url: '/api/v1/auth/two-factor', payload: { password: PASSWORD } }),
        );
        return {
          entityType: 'user',
          entityId: user.id,
          changes: { two_factor_enabled: { before: true, after: false } },
        };
      },
    ],
    // API tokens, which a signed-in user manages.
    [
      'api_token.created',
      async () => {
        const id = await apiToken();
        return { entityType: 'api_token', entityId: id, changes: { name: { before: null, after: 'Integration' } } };
      },
    ],
    [
      'api_token.approved',
      async () => {
        const id = await apiToken(['operations:approve-purchase-orders']);
        expectOk(await (await adminSession()).post(`/api/v1/api-tokens/${id}/approve`));
        return {
          entityType: 'api_token',
          entityId: id,
          changes: { status: { before: 'pending_approval', after: 'active' } },
        };
      },
    ],
    [
      'api_token.revoked',
      async () => {
        const id = await apiToken();
        expectOk(await (await adminSession()).delete(`/api/v1/api-tokens/${id}`));
        return { entityType: 'api_token', entityId: id, changes: { status: { after: 'revoked' } } };
      },
    ],
  ];

  it.each(cases)('%s', async (title, change) => {
    const action = title.split(' ')[0]!;
    const expected = await change();
    const entry = await newest(action, expected.entityId);
    expect(entry, `no ${action} entry for ${expected.entityId}`).toMatchObject({
      action,
      entity_type: expected.entityType,
      entity_id: expected.entityId,
    });
    expect(entry!.changes).toMatchObject(expected.changes);
    // No secret is ever written out.
    expect(JSON.stringify(entry!.changes)).not.toMatch(/hunter2|correct-horse|whsec_/);
  });

  describe('a refused change leaves no entry', () => {
    const none = async (entityId: string) =>
      expect((await entries(`entity_id=${entityId}`)).map((entry) => entry.action)).not.toContainEqual(
        expect.stringMatching(/updated|adjusted|approved/),
      );

    it('a product update refused by validation', async () => {
      const id = (await build.product({ selling_price: 99 })).id;
      expect((await call('PATCH', `${API}/products/${id}`, { name: 'No', selling_price: 5 })).statusCode).toBe(422);
      await none(id);
    });

    it('a stock adjustment refused for insufficient stock', async () => {
      const productId = await stocked(2);
      const before = await entries('action=inventory.adjusted');
      expect(
        (await call('POST', `${API}/inventory/adjust`, { product_id: productId, quantity: -5, reason: 'Shrinkage' }))
          .statusCode,
      ).toBe(422);
      expect(await entries('action=inventory.adjusted')).toEqual(before);
    });

    it('a purchase order transition refused as invalid', async () => {
      const { id } = await order();
      expect((await call('POST', `${API}/purchase-orders/${id}/approve`, {})).statusCode).toBe(422);
      expect((await entries(`entity_id=${id}`)).map((entry) => entry.action)).toEqual(['purchase_order.created']);
    });

    it('a webhook subscription update refused', async () => {
      const id = await subscription();
      expect((await call('PATCH', `/api/v1/webhooks/subscriptions/${id}`, { secret: 'whsec_mine' })).statusCode).toBe(
        422,
      );
      expect((await entries(`entity_id=${id}`)).map((entry) => entry.action)).toEqual(['webhook_subscription.created']);
    });
  });

  it('has seen every route declared to record write an entry', async () => {
    const recording = (await collectRoutes(t.app)).filter(
      (route) => route.config.audit === 'recorded' || route.config.audit === 'when-changed',
    );
    expect(recording.length).toBeGreaterThan(90);
    // PUT and PATCH of one handler are one route, whose config Fastify gives both methods: either will do.
    const methodsOf = (route: RouteEntry) =>
      [(route.config as { method?: string | string[] }).method ?? route.method].flat();
    const seenRecording = (route: RouteEntry) =>
      methodsOf(route).some((method) => (t.audit.sightings.get(`${method} ${route.url}`)?.recorded ?? 0) > 0);
    expect(recording.filter((route) => !seenRecording(route)).map(routeName)).toEqual([]);
  });
});
