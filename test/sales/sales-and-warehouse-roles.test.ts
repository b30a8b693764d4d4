// The sales and warehouse roles over HTTP (docs/abilities.md, "Roles and effective permission"): a sales user takes
// and confirms orders but neither ships nor approves them; a warehouse user ships, adjusts stock and receives
// purchase orders but neither creates, confirms nor cancels an order, nor creates a product. Each user's token is
// granted `*`, so only the role limits it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/db/schema.js';
import { apiBuilders, type ApiBuilders } from '../helpers/api-builders.js';
import { bearer, makeTenantWithToken, makeToken, makeUser, type TenantFixture } from '../helpers/factories.js';
import { productBody, salesOrderBody } from '../helpers/request-bodies.js';
import { buildTestApp, jsonCaller, type HttpMethod, type TestApp } from '../helpers/test-app.js';
import { ORDERS as PURCHASE_ORDERS } from '../purchasing/purchase-order-helpers.js';

const API = '/api/v1';
const ORDERS = `${API}/sales/orders`;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Headers = Record<string, string>;

describe('sales and warehouse roles', () => {
  let t: TestApp;
  let tenant: TenantFixture;
  let admin: Headers;
  let adminBuild: ApiBuilders;

  beforeAll(async () => {
    t = await buildTestApp();
    ({ tenant, auth: admin } = await makeTenantWithToken(t.services));
    adminBuild = apiBuilders(t.app, admin);
  });
  afterAll(() => t.close());

  const call = (method: HttpMethod, url: string, auth: Headers, payload?: unknown) =>
    jsonCaller(t.app, auth)(method, url, payload);
  const answered = async (status: number, method: HttpMethod, url: string, auth: Headers, payload?: unknown) => {
    const res = await call(method, url, auth, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return res.json().data as Json;
  };
  /** The 403 of a role that lacks `ability`, whatever the token grants. */
  const refused = async (ability: string, method: HttpMethod, url: string, auth: Headers, payload: unknown = {}) => {
    const res = await call(method, url, auth, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
    expect(res.json()).toMatchObject({ code: 'forbidden', message: `This action requires the ability ${ability}.` });
  };
  /** A user of the role, and their token granted every ability. */
  const userOf = async (role: Role, tenantId = tenant.tenantId) => {
    const user = await makeUser(t.services, tenantId, role);
    return bearer(await makeToken(t.services, tenantId, user.id, { abilities: ['*'] }));
  };
  /** A product with `onHand` units in the default warehouse, stocked by the admin. */
  const stockedProduct = async (onHand: number) => {
    const product = await adminBuild.product();
    await answered(200, 'POST', `${API}/operations/inventory/adjust`, admin, {
      product_id: product.id,
      warehouse_id: tenant.defaultWarehouseId,
      quantity: onHand,
      reason: 'Opening stock',
    });
    return product.id;
  };
  /** A confirmed order of `quantity` units of the product, made and confirmed by the admin. */
  const confirmedOrder = async (productId: string, quantity: number) => {
    const order = await adminBuild.salesOrder({ lines: [{ product_id: productId, quantity, unit_price: 12.5 }] });
    await answered(200, 'POST', `${ORDERS}/${order.id}/confirm`, admin);
    return order.id;
  };
  const onHand = async (productId: string) =>
    (
      await t.database.db
        .selectFrom('inventory_records')
        .select('quantity_on_hand')
        .where('product_id', '=', productId)
        .where('warehouse_id', '=', tenant.defaultWarehouseId)
        .executeTakeFirstOrThrow()
    ).quantity_on_hand;

  describe('sales', () => {
    it('creates a customer and an order, confirms it, but may not ship it or touch stock or products', async () => {
      const sales = await userOf('sales');
      const productId = await stockedProduct(5);
      const customer = await apiBuilders(t.app, sales).customer();
      const order = await answered(
        201,
        'POST',
        ORDERS,
        sales,
        salesOrderBody({ customer_id: customer.id, product_id: productId }),
      );
      const { order: confirmed } = await answered(200, 'POST', `${ORDERS}/${order.id}/confirm`, sales);
      expect(confirmed).toMatchObject({ status: 'confirmed', lines: [{ quantity: 2, quantity_allocated: 2 }] });
      // It reads what it needs to take the order.
      await answered(200, 'GET', `${API}/operations/products/${productId}`, sales);
      await answered(200, 'GET', `${API}/operations/inventory?product_id=${productId}`, sales);

      await refused('sales:ship-orders', 'POST', `${ORDERS}/${order.id}/shipments`, sales, {
        warehouse_id: tenant.defaultWarehouseId,
      });
      const shipment = await answered(201, 'POST', `${ORDERS}/${order.id}/shipments`, admin, {
        warehouse_id: tenant.defaultWarehouseId,
      });
      await refused('sales:ship-orders', 'POST', `${API}/sales/shipments/${shipment.id}/ship`, sales, {
        carrier: 'DHL',
      });
      await refused('operations:adjust-stock', 'POST', `${API}/operations/inventory/adjust`, sales, {
        product_id: productId,
        warehouse_id: tenant.defaultWarehouseId,
        quantity: 1,
        reason: 'Found one',
      });
      await refused('operations:create-products', 'POST', `${API}/operations/products`, sales, productBody());
      await refused('operations:view-purchase-orders', 'GET', PURCHASE_ORDERS, sales);
      expect(await onHand(productId)).toBe(5);
      expect((await answered(200, 'GET', `${API}/sales/shipments/${shipment.id}`, sales)).status).toBe('draft');
    });

    it('submits an order above the approval threshold, but may not approve it', async () => {
      const { tenant: own, auth: ownAdmin } = await makeTenantWithToken(t.services);
      await answered(200, 'PATCH', `${API}/tenant`, ownAdmin, { sales_approval_threshold: 10 });
      const sales = await userOf('sales', own.tenantId);
      const product = await apiBuilders(t.app, ownAdmin).product();
      const order = await apiBuilders(t.app, sales).salesOrder({
        lines: [{ product_id: product.id, quantity: 1, unit_price: 25 }],
      });
      const above = await call('POST', `${ORDERS}/${order.id}/confirm`, sales);
      expect(above.statusCode, above.body).toBe(422);
      expect(above.json().code).toBe('approval_required');
      await answered(200, 'POST', `${ORDERS}/${order.id}/submit-for-approval`, sales);

      await refused('sales:approve-orders', 'POST', `${ORDERS}/${order.id}/approve`, sales);
      await refused('sales:approve-orders', 'POST', `${ORDERS}/${order.id}/reject`, sales, { reason: 'No' });
      const pending = await answered(200, 'GET', `${ORDERS}/${order.id}`, sales);
      expect(pending.status).toBe('pending_approval');
      const approved = await answered(200, 'POST', `${ORDERS}/${order.id}/approve`, ownAdmin);
      expect(approved.order.status).toBe('confirmed');
    });
  });

  describe('warehouse', () => {
    it('ships a shipment from creation to delivery, and reads the pick list', async () => {
      const warehouse = await userOf('warehouse');
      const productId = await stockedProduct(4);
      const orderId = await confirmedOrder(productId, 3);

      const shipment = await answered(201, 'POST', `${ORDERS}/${orderId}/shipments`, warehouse, {
        warehouse_id: tenant.defaultWarehouseId,
      });
      const path = (action: string) => `${API}/sales/shipments/${shipment.id}/${action}`;
      expect(shipment).toMatchObject({ status: 'draft', total_quantity: 3 });
      await answered(200, 'POST', path('pick'), warehouse);
      await answered(200, 'POST', path('pack'), warehouse);
      const pickList = await call('GET', path('pick-list'), warehouse);
      expect(pickList.statusCode, pickList.body).toBe(200);
      expect(pickList.headers['content-type']).toMatch(/^application\/pdf/);
      const shipped = await answered(200, 'POST', path('ship'), warehouse, { carrier: 'DHL' });
      expect(shipped.status).toBe('shipped');
      await answered(200, 'POST', path('deliver'), warehouse);

      expect(await onHand(productId)).toBe(1);
      expect((await answered(200, 'GET', `${ORDERS}/${orderId}`, warehouse)).status).toBe('shipped');
    });

    it('adjusts, counts and transfers stock, and receives a purchase order', async () => {
      const warehouse = await userOf('warehouse');
      const productId = await stockedProduct(10);
      const second = await adminBuild.warehouse();

      const adjusted = await answered(200, 'POST', `${API}/operations/inventory/adjust`, warehouse, {
        product_id: productId,
        warehouse_id: tenant.defaultWarehouseId,
        quantity: -2,
        reason: 'Damaged on the shelf',
      });
      expect(adjusted.quantity_on_hand).toBe(8);
      await answered(200, 'POST', `${API}/operations/inventory/transfer`, warehouse, {
        product_id: productId,
        from_warehouse_id: tenant.defaultWarehouseId,
        to_warehouse_id: second.id,
        quantity: 3,
      });
      expect(await onHand(productId)).toBe(5);
      const count = await answered(200, 'POST', `${API}/operations/inventory/physical-count`, warehouse, {
        product_id: productId,
        warehouse_id: tenant.defaultWarehouseId,
        counted_quantity: 6,
      });
      expect(count.count.variance).toBe(1);
      expect(await onHand(productId)).toBe(6);

      // Sent straight in its row: approving and sending are purchasing's steps, not the warehouse's.
      const purchaseOrder = await adminBuild.purchaseOrder({ warehouse_id: tenant.defaultWarehouseId });
      await t.database.db
        .updateTable('purchase_orders')
        .set({ status: 'sent' })
        .where('id', '=', purchaseOrder.id)
        .execute();
      const received = await answered(200, 'POST', `${PURCHASE_ORDERS}/${purchaseOrder.id}/receive`, warehouse, {
        received_items: [{ product_id: purchaseOrder.items![0]!.product_id, quantity_received: 10 }],
      });
      expect(received.status).toBe('received');
    });

    it('may not create, confirm, cancel or return an order, nor create a product, price or warehouse', async () => {
      const warehouse = await userOf('warehouse');
      const productId = await stockedProduct(2);
      const draft = await adminBuild.salesOrder({ lines: [{ product_id: productId, quantity: 1, unit_price: 5 }] });
      const customer = await adminBuild.customer();

      await refused(
        'sales:create-orders',
        'POST',
        ORDERS,
        warehouse,
        salesOrderBody({ customer_id: customer.id, product_id: productId }),
      );
      await refused('sales:edit-orders', 'POST', `${ORDERS}/${draft.id}/confirm`, warehouse);
      await refused('sales:cancel-orders', 'POST', `${ORDERS}/${draft.id}/cancel`, warehouse, { reason: 'No stock' });
      await refused('operations:create-products', 'POST', `${API}/operations/products`, warehouse, productBody());
      await refused('operations:edit-products', 'PATCH', `${API}/operations/products/${productId}`, warehouse, {
        price: 1,
      });
      await refused('operations:manage-inventory', 'POST', `${API}/operations/warehouses`, warehouse, {
        name: 'Overflow',
        code: 'OVF',
      });
      await refused('crm:view-customers', 'GET', `${API}/crm/customers`, warehouse);
      await refused('system:view-users', 'GET', `${API}/users`, warehouse);
      expect((await answered(200, 'GET', `${ORDERS}/${draft.id}`, warehouse)).status).toBe('draft');

      // A return is recorded under sales:edit-orders, which also confirms and edits orders: the sales role records
      // it, the warehouse role does not.
      const shippedId = await confirmedOrder(productId, 1);
      const shipment = await answered(201, 'POST', `${ORDERS}/${shippedId}/shipments`, warehouse, {
        warehouse_id: tenant.defaultWarehouseId,
      });
      await answered(200, 'POST', `${API}/sales/shipments/${shipment.id}/ship`, warehouse, { carrier: 'DHL' });
      const line = (await answered(200, 'GET', `${ORDERS}/${shippedId}`, warehouse)).lines[0];
      const back = {
        warehouse_id: tenant.defaultWarehouseId,
        reason: 'Damaged in transit',
        lines: [{ order_line_id: line.id, quantity: 1, restock: true }],
      };
      await refused('sales:edit-orders', 'POST', `${ORDERS}/${shippedId}/returns`, warehouse, back);
      await answered(201, 'POST', `${ORDERS}/${shippedId}/returns`, await userOf('sales'), back);
    });
  });
});
