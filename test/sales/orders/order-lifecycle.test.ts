// The sales-order lifecycle over HTTP: confirm, allocate, hold and release, cancel, close, complete, the approval
// threshold (submit, approve, reject), edits of the header and the lines before and after confirmation, each
// refusal naming the status and the allowed ones, If-Match, status_changed events and audit entries, and roles.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../../src/lib/clock.js';
import { apiBuilders } from '../../helpers/api-builders.js';
import { bearer, makeTenantWithToken, makeToken, makeUser, type TenantFixture } from '../../helpers/factories.js';
import { buildTestApp, jsonCaller, type TestApp } from '../../helpers/test-app.js';

const ORDERS = '/api/v1/sales/orders';
const NOW = '2026-12-02T09:14:00.000Z';

type Headers = Record<string, string>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read as loosely as the JSON they are
type Json = Record<string, any>;

describe('sales order lifecycle', () => {
  let t: TestApp;
  let tenant: TenantFixture;
  let auth: Headers;
  let call: ReturnType<typeof jsonCaller>;
  let build: ReturnType<typeof apiBuilders>;

  beforeAll(async () => {
    t = await buildTestApp({ clock: new FixedClock(new Date(NOW)) });
    ({ tenant, auth } = await makeTenantWithToken(t.services));
    call = jsonCaller(t.app, auth);
    build = apiBuilders(t.app, auth);
  });
  afterAll(() => t.close());

  const act = async (id: string, action: string, body: Json = {}, headers?: Headers) => {
    const res = await call('POST', `${ORDERS}/${id}/${action}`, body, headers);
    expect(res.statusCode, `${action}: ${res.body}`).toBe(200);
    return res.json().data as Json;
  };
  const refusal = async (id: string, action: string, body: Json = {}) => {
    const res = await call('POST', `${ORDERS}/${id}/${action}`, body);
    expect(res.statusCode, res.body).toBe(422);
    return res.json() as Json;
  };
  const statusEvents = async (id: string) =>
    (
      await t.database.db
        .selectFrom('event_outbox')
        .select(['event_type', 'payload'])
        .where('entity_id', '=', id)
        .where('event_type', '=', 'order.status_changed')
        .orderBy('id')
        .execute()
    ).map((e) => {
      const payload = e.payload as Json;
      return [payload.from, payload.to];
    });
  const auditActions = async (id: string) =>
    (
      await t.database.db.selectFrom('audit_log').select('action').where('entity_id', '=', id).orderBy('id').execute()
    ).map((e) => e.action);

  /** Adds on-hand stock of the product in the warehouse (the tenant's default one unless given). */
  const stock = async (productId: string, quantity: number, warehouseId = tenant.defaultWarehouseId) => {
    const res = await call('POST', '/api/v1/operations/inventory/adjust', {
      product_id: productId,
      warehouse_id: warehouseId,
      quantity,
      reason: 'Stock for orders',
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  /** The reserved quantity of the product's inventory record in the warehouse. */
  const reserved = async (productId: string, warehouseId = tenant.defaultWarehouseId) =>
    (
      await t.database.db
        .selectFrom('inventory_records')
        .select('quantity_reserved')
        .where('product_id', '=', productId)
        .where('warehouse_id', '=', warehouseId)
        .executeTakeFirst()
    )?.quantity_reserved ?? 0;
  /** An order of `quantity` units of a new product of which `inStock` are on hand in the default warehouse. */
  const stockedOrder = async (quantity: number, inStock: number) => {
    const product = await build.product();
    if (inStock > 0) await stock(product.id, inStock);
    const order = await build.salesOrder({ lines: [{ product_id: product.id, quantity, unit_price: 12.5 }] });
    return { order, productId: product.id, line: order.lines![0]! };
  };

  it('confirms a draft: reserves what is there, backorders the rest, and the answer says which', async () => {
    const { order, productId, line } = await stockedOrder(3, 2);
    const { order: confirmed, allocation } = await act(order.id, 'confirm');
    expect(confirmed).toMatchObject({
      status: 'confirmed',
      confirmed_at: NOW,
      allowed_actions: ['edit', 'edit-lines', 'allocate', 'ship', 'hold', 'close', 'cancel'],
    });
    expect(confirmed.lines[0]).toMatchObject({
      quantity: 3,
      quantity_allocated: 2,
      quantity_backordered: 1,
      allocations: [{ warehouse_id: tenant.defaultWarehouseId, quantity: 2 }],
    });
    expect(allocation).toEqual({
      allocations: [
        {
          order_line_id: line.id,
          product_id: productId,
          warehouse_id: tenant.defaultWarehouseId,
          quantity: 2,
          reservation_id: expect.any(String),
        },
      ],
      backordered: [{ order_line_id: line.id, product_id: productId, quantity: 1 }],
    });
    expect(await reserved(productId)).toBe(2);

    // A second allocation reserves nothing more while nothing arrived.
    const again = await act(order.id, 'allocate');
    expect(again.allocation).toEqual({
      allocations: [],
      backordered: [{ order_line_id: line.id, product_id: productId, quantity: 1 }],
    });
    expect(await reserved(productId)).toBe(2);

    // Stock arriving is allocated to the waiting line at once (auto_allocate_backorders is on by default).
    await stock(productId, 5);
    const read = (await call('GET', `${ORDERS}/${order.id}`)).json().data;
    expect(read.lines[0]).toMatchObject({ quantity_allocated: 3, quantity_backordered: 0 });
    expect(await reserved(productId)).toBe(3);

    expect(await statusEvents(order.id)).toEqual([['draft', 'confirmed']]);
    expect(await auditActions(order.id)).toEqual([
      'sales_order.created',
      'sales_order.confirmed',
      'sales_order.allocated',
    ]);
  });

  it('releases every reservation of the order on cancel, and what remains on close', async () => {
    const cancelled = await stockedOrder(2, 5);
    await act(cancelled.order.id, 'confirm');
    expect(await reserved(cancelled.productId)).toBe(2);
    const after = await act(cancelled.order.id, 'cancel', { reason: 'Ordered twice' });
    expect(after.lines[0]).toMatchObject({ quantity_allocated: 0, allocations: [] });
    expect(await reserved(cancelled.productId)).toBe(0);

    const closed = await stockedOrder(4, 3);
    await act(closed.order.id, 'confirm');
    expect(await reserved(closed.productId)).toBe(3);
    const done = await act(closed.order.id, 'close');
    expect(done.lines[0]).toMatchObject({ quantity_cancelled: 4, quantity_allocated: 0, quantity_backordered: 0 });
    expect(await reserved(closed.productId)).toBe(0);
  });

  it('keeps the reservations of an order on hold', async () => {
    const { order, productId } = await stockedOrder(2, 2);
    await act(order.id, 'confirm');
    const held = await act(order.id, 'hold');
    expect(held.lines[0]).toMatchObject({ quantity_allocated: 2, quantity_backordered: 0 });
    expect(await reserved(productId)).toBe(2);
    await act(order.id, 'release-hold');
    expect(await reserved(productId)).toBe(2);
  });

  it('refuses an action its status forbids with 422 invalid_transition naming the status and the allowed ones', async () => {
    const order = await build.salesOrder();
    expect(await refusal(order.id, 'allocate')).toMatchObject({
      code: 'invalid_transition',
      message:
        'Cannot allocate a sales order whose status is draft; only confirmed, partially_shipped sales orders can be allocated.',
    });
    expect(await refusal(order.id, 'complete')).toMatchObject({
      code: 'invalid_transition',
      message: 'Cannot complete a sales order whose status is draft; only shipped sales orders can be completed.',
    });
    await act(order.id, 'confirm');
    expect((await refusal(order.id, 'confirm')).message).toBe(
      'Cannot confirm a sales order whose status is confirmed; only draft sales orders can be confirmed.',
    );
    expect((await refusal(order.id, 'approve')).code).toBe('invalid_transition');
    const del = await call('DELETE', `${ORDERS}/${order.id}`);
    expect(del.statusCode).toBe(422);
    expect(del.json().message).toBe(
      'Cannot delete a sales order whose status is confirmed; only draft sales orders can be deleted.',
    );
  });

  it('holds and releases back to the status it was held from, keeping the reason while held', async () => {
    const order = await build.salesOrder();
    await act(order.id, 'confirm');
    const held = await act(order.id, 'hold', { reason: 'Address check' });
    expect(held).toMatchObject({ status: 'on_hold', held_from_status: 'confirmed', hold_reason: 'Address check' });
    expect(held.allowed_actions).toEqual(['edit', 'release-hold', 'close', 'cancel']);
    expect(held.lines[0].quantity_backordered).toBe(2);
    expect((await refusal(order.id, 'hold')).code).toBe('invalid_transition');
    const released = await act(order.id, 'release-hold');
    expect(released).toMatchObject({ status: 'confirmed', held_from_status: null, hold_reason: null });
    expect(await statusEvents(order.id)).toEqual([
      ['draft', 'confirmed'],
      ['confirmed', 'on_hold'],
      ['on_hold', 'confirmed'],
    ]);
  });

  it('cancels with a reason (required), after which nothing more can be done', async () => {
    const order = await build.salesOrder();
    await act(order.id, 'confirm');
    const blank = await call('POST', `${ORDERS}/${order.id}/cancel`, { reason: '   ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toEqual({ reason: ['The reason field is required.'] });
    expect((await call('POST', `${ORDERS}/${order.id}/cancel`, {})).statusCode).toBe(422);
    const cancelled = await act(order.id, 'cancel', { reason: 'Customer changed their mind' });
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      cancellation_reason: 'Customer changed their mind',
      cancelled_by: { id: tenant.adminId },
      allowed_actions: [],
    });
    expect(cancelled.lines[0].quantity_backordered).toBe(0);
    expect((await refusal(order.id, 'release-hold')).code).toBe('invalid_transition');
    expect(await statusEvents(order.id)).toEqual([
      ['draft', 'confirmed'],
      ['confirmed', 'cancelled'],
    ]);
  });

  it('closes an order that shipped nothing as cancelled, cutting every line', async () => {
    const order = await build.salesOrder();
    await act(order.id, 'confirm');
    const closed = await act(order.id, 'close', { reason: 'Discontinued' });
    expect(closed).toMatchObject({ status: 'cancelled', close_reason: 'Discontinued', closed_at: NOW });
    expect(closed.lines[0]).toMatchObject({ quantity: 2, quantity_cancelled: 2, quantity_backordered: 0 });
  });

  it('completes a shipped order', async () => {
    const order = await build.salesOrder();
    await act(order.id, 'confirm');
    // Nothing ships before shipments exist: the order is put where a last shipment would leave it.
    await t.database.db.updateTable('sales_orders').set({ status: 'shipped' }).where('id', '=', order.id).execute();
    const completed = await act(order.id, 'complete');
    expect(completed).toMatchObject({ status: 'completed', completed_at: NOW, allowed_actions: [] });
    expect((await statusEvents(order.id)).at(-1)).toEqual(['shipped', 'completed']);
  });

  describe('the approval threshold', () => {
    it('keeps the tenant settings, and refuses to confirm a draft above it; submit, approve or reject', async () => {
      const { tenant: own, auth: ownAuth } = await makeTenantWithToken(t.services);
      const ownCall = jsonCaller(t.app, ownAuth);
      const ownBuild = apiBuilders(t.app, ownAuth);
      const settings = await ownCall('GET', '/api/v1/tenant');
      expect(settings.json().data).toMatchObject({
        sales_approval_threshold: null,
        allocation_strategy: 'warehouse_priority',
        auto_allocate_backorders: true,
      });
      const patched = await ownCall('PATCH', '/api/v1/tenant', {
        sales_approval_threshold: 100,
        allocation_strategy: 'most_stock',
        auto_allocate_backorders: false,
      });
      expect(patched.statusCode, patched.body).toBe(200);
      expect(patched.json().data).toMatchObject({
        sales_approval_threshold: 100,
        allocation_strategy: 'most_stock',
        auto_allocate_backorders: false,
      });
      expect((await ownCall('PATCH', '/api/v1/tenant', { allocation_strategy: 'nearest' })).statusCode).toBe(422);

      const small = await ownBuild.salesOrder({ currency: 'USD' });
      expect((await ownCall('POST', `${ORDERS}/${small.id}/confirm`)).statusCode).toBe(200);

      const product = await ownBuild.product();
      const large = await ownBuild.salesOrder({
        currency: 'USD',
        lines: [{ product_id: product.id, quantity: 10, unit_price: 10.01 }],
      });
      const refused = await ownCall('POST', `${ORDERS}/${large.id}/confirm`);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({
        code: 'approval_required',
        message: "The order's total of 100.1 USD exceeds the approval threshold of 100 USD; submit it for approval.",
      });
      const pending = await ownCall('POST', `${ORDERS}/${large.id}/submit-for-approval`);
      expect(pending.json().data).toMatchObject({ status: 'pending_approval', submitted_at: NOW });
      expect(pending.json().data.allowed_actions).toEqual(['approve', 'reject', 'cancel']);

      // A manager may not approve: approve-orders is High.
      const manager = await makeUser(t.services, own.tenantId, 'manager');
      const managerAuth = bearer(await makeToken(t.services, own.tenantId, manager.id));
      const denied = await ownCall('POST', `${ORDERS}/${large.id}/approve`, {}, managerAuth);
      expect(denied.statusCode).toBe(403);

      const rejected = await ownCall('POST', `${ORDERS}/${large.id}/reject`, { reason: 'Too large for one order' });
      expect(rejected.json().data).toMatchObject({
        status: 'draft',
        rejection_reason: 'Too large for one order',
        rejected_by: { id: own.adminId },
      });
      await ownCall('POST', `${ORDERS}/${large.id}/submit-for-approval`);
      const approved = await ownCall('POST', `${ORDERS}/${large.id}/approve`, { notes: 'Fine' });
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json().data.order).toMatchObject({
        status: 'confirmed',
        approved_by: { id: own.adminId },
        approval_notes: 'Fine',
        confirmed_at: NOW,
      });
      expect(approved.json().data.allocation.backordered).toHaveLength(1);
      expect(await statusEvents(large.id)).toEqual([
        ['draft', 'pending_approval'],
        ['pending_approval', 'draft'],
        ['draft', 'pending_approval'],
        ['pending_approval', 'confirmed'],
      ]);

      // An order in another currency is never shown to be under the threshold.
      const foreign = await ownBuild.salesOrder({ currency: 'EUR' });
      const foreignRefused = await ownCall('POST', `${ORDERS}/${foreign.id}/confirm`);
      expect(foreignRefused.json().code).toBe('approval_required');
    });
  });

  describe('edits', () => {
    it('changes header fields with If-Match, and recomputes the totals', async () => {
      const order = await build.salesOrder({ shipping_amount: 5 });
      const read = await call('GET', `${ORDERS}/${order.id}`);
      const etag = read.headers.etag as string;
      const stale = await call('PATCH', `${ORDERS}/${order.id}`, { priority: 3 }, { ...auth, 'if-match': '"stale"' });
      expect(stale.statusCode).toBe(412);
      const res = await call(
        'PATCH',
        `${ORDERS}/${order.id}`,
        { priority: 3, tax_amount: 2.5, notes: 'Gift wrap' },
        { ...auth, 'if-match': etag },
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ priority: 3, notes: 'Gift wrap', subtotal: 25, total_amount: 32.5 });
      expect(res.headers.etag).not.toBe(etag);
    });

    it('replaces the lines of a draft, and keeps a line sent with its id', async () => {
      const order = await build.salesOrder();
      const other = await build.product();
      const kept = order.lines![0]!;
      const res = await call('PATCH', `${ORDERS}/${order.id}`, {
        lines: [
          { product_id: other.id, quantity: 1, unit_price: 4 },
          { id: kept.id, product_id: kept.product_id, quantity: 5, unit_price: 12.5 },
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
      const lines = res.json().data.lines as Json[];
      expect(lines.map((l) => [l.position, l.product_id, l.quantity])).toEqual([
        [0, other.id, 1],
        [1, kept.product_id, 5],
      ]);
      expect(lines[1]!.id).toBe(kept.id);
      expect(res.json().data.subtotal).toBe(66.5);
    });

    it('edits the lines of a confirmed order: grown and added lines are allocated, cut and removed ones released', async () => {
      const { order, productId, line } = await stockedOrder(2, 10);
      await act(order.id, 'confirm');
      expect(await reserved(productId)).toBe(2);
      const added = await build.product();
      await stock(added.id, 1);
      const res = await call('PATCH', `${ORDERS}/${order.id}`, {
        lines: [
          { id: line.id, product_id: productId, quantity: 4, unit_price: 12.5 },
          { product_id: added.id, quantity: 3, unit_price: 1 },
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(
        res.json().data.lines.map((l: Json) => [l.quantity, l.quantity_allocated, l.quantity_backordered]),
      ).toEqual([
        [4, 4, 0],
        [3, 1, 2],
      ]);
      expect(await reserved(productId)).toBe(4);
      expect(await reserved(added.id)).toBe(1);

      const cut = await call('PATCH', `${ORDERS}/${order.id}`, {
        lines: [{ id: line.id, product_id: productId, quantity: 1, unit_price: 12.5 }],
      });
      expect(cut.statusCode, cut.body).toBe(200);
      expect(cut.json().data.lines.map((l: Json) => [l.quantity, l.quantity_allocated])).toEqual([[1, 1]]);
      expect(cut.json().data.subtotal).toBe(12.5);
      expect(await reserved(productId)).toBe(1);
      expect(await reserved(added.id)).toBe(0);
    });

    it('refuses line edits with errors naming the line, and refuses the customer after confirmation', async () => {
      const order = await build.salesOrder();
      await act(order.id, 'confirm');
      const line = order.lines![0]!;
      const other = await build.product();
      const res = await call('PATCH', `${ORDERS}/${order.id}`, {
        lines: [
          { id: line.id, product_id: other.id, quantity: 1, unit_price: 1 },
          { id: '01hzzzzzzzzzzzzzzzzzzzzzzz', product_id: other.id, quantity: 1, unit_price: 1 },
        ],
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({
        'lines.0.product_id': [
          `Line 1 keeps its product (${line.product_name}); remove it and add a new line instead.`,
        ],
        'lines.1.id': ['Line 2 names no line of this order.'],
      });
      const customer = await build.customer();
      const moved = await call('PATCH', `${ORDERS}/${order.id}`, { customer_id: customer.id });
      expect(moved.json().errors).toEqual({
        customer_id: ['The customer can be changed in draft only; the order is confirmed.'],
      });
      await act(order.id, 'cancel', { reason: 'Done' });
      const late = await call('PATCH', `${ORDERS}/${order.id}`, { notes: 'Too late' });
      expect(late.statusCode).toBe(422);
      expect(late.json().code).toBe('invalid_transition');
    });

    it('deletes a draft softly; it is gone from reads and its number is not reused', async () => {
      const order = await build.salesOrder();
      expect((await call('DELETE', `${ORDERS}/${order.id}`)).statusCode).toBe(200);
      expect((await call('GET', `${ORDERS}/${order.id}`)).statusCode).toBe(404);
      const next = await build.salesOrder();
      expect(next.order_number > order.order_number).toBe(true);
      expect(await auditActions(order.id)).toEqual(['sales_order.created', 'sales_order.deleted']);
    });
  });

  describe('roles and parallel requests', () => {
    it('lets a viewer read orders only, and a manager run them', async () => {
      const order = await build.salesOrder();
      const viewer = await makeUser(t.services, tenant.tenantId, 'viewer');
      const viewerAuth = bearer(await makeToken(t.services, tenant.tenantId, viewer.id));
      expect((await call('GET', `${ORDERS}/${order.id}`, undefined, viewerAuth)).statusCode).toBe(200);
      expect((await call('POST', `${ORDERS}/${order.id}/confirm`, {}, viewerAuth)).statusCode).toBe(403);
      const manager = await makeUser(t.services, tenant.tenantId, 'manager');
      const managerAuth = bearer(await makeToken(t.services, tenant.tenantId, manager.id));
      await act(order.id, 'confirm', {}, managerAuth);
      await act(order.id, 'cancel', { reason: 'Manager decided' }, managerAuth);
    });

    it('confirms once when two confirmations race', async () => {
      const order = await build.salesOrder();
      const answers = await Promise.all([
        call('POST', `${ORDERS}/${order.id}/confirm`, {}),
        call('POST', `${ORDERS}/${order.id}/confirm`, {}),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422]);
      expect(await statusEvents(order.id)).toEqual([['draft', 'confirmed']]);
    });
  });
});
