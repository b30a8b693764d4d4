// Shared set-up for the purchase order tests: an orderable supplier, products, and a draft order over HTTP, from
// the entity builders (test/helpers/request-bodies.ts).
import { expect } from 'vitest';
import type { SupplierStatus } from '../../src/db/schema.js';
import type { PurchaseOrderCreateBody } from '../../src/modules/purchasing/purchase-orders/purchase-order.schemas.js';
import { apiBuilders } from '../helpers/api-builders.js';
import { makeProduct } from '../helpers/factories.js';
import { purchaseOrderBody } from '../helpers/request-bodies.js';
import { jsonCaller, type TestApp } from '../helpers/test-app.js';

export const ORDERS = '/api/v1/operations/purchase-orders';

export function purchaseOps(t: TestApp, auth: Record<string, string> = t.auth, tenantId: string = t.tenant.tenantId) {
  const call = jsonCaller(t.app, auth);
  const build = apiBuilders(t.app, auth);
  const db = t.database.db;

  /** A supplier in `status`, set in the row: the statuses an order cares about need no history of their own. */
  async function supplier(status: SupplierStatus = 'active', email = 'orders@acme.test'): Promise<string> {
    const { id } = await build.supplier({ email });
    await db.updateTable('suppliers').set({ status }).where('id', '=', id).execute();
    return id;
  }

  const product = () => makeProduct(db, tenantId);

  async function draft(extra: Partial<PurchaseOrderCreateBody> = {}) {
    const parties = {
      supplier_id: extra.supplier_id ?? (await supplier()),
      warehouse_id: t.tenant.defaultWarehouseId,
      product_id: await product(),
    };
    const res = await call('POST', ORDERS, purchaseOrderBody(parties, extra));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as {
      id: string;
      po_number: string;
      status: string;
      supplier_id: string;
      items: Array<{ product_id: string; id: string }>;
    };
  }

  const events = (entityId: string) =>
    db
      .selectFrom('event_outbox')
      .select(['event_type', 'payload'])
      .where('entity_id', '=', entityId)
      .orderBy('id')
      .execute();

  return { call, supplier, product, draft, events, db };
}
