// Shared set-up for the purchase order tests: an orderable supplier, products, and a draft order over HTTP.
import { expect } from 'vitest';
import type { SupplierStatus } from '../../src/db/schema.js';
import { makeProduct } from '../helpers/factories.js';
import { jsonCaller, type TestApp } from '../helpers/test-app.js';

export const ORDERS = '/api/v1/operations/purchase-orders';

let codeSeq = 0;

export function purchaseOps(t: TestApp, auth: Record<string, string> = t.auth, tenantId: string = t.tenant.tenantId) {
  const call = jsonCaller(t.app, auth);
  const db = t.database.db;

  async function supplier(status: SupplierStatus = 'active', email = 'orders@acme.test'): Promise<string> {
    const res = await call('POST', '/api/v1/operations/suppliers', {
      name: `Acme ${++codeSeq}`,
      code: `PO-SUP-${codeSeq}`,
      email,
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id as string;
    await db.updateTable('suppliers').set({ status }).where('id', '=', id).execute();
    return id;
  }

  const product = () => makeProduct(db, tenantId);

  async function draft(extra: Record<string, unknown> = {}) {
    const supplierId = (extra.supplier_id as string | undefined) ?? (await supplier());
    const productId = await product();
    const res = await call('POST', ORDERS, {
      supplier_id: supplierId,
      warehouse_id: t.tenant.defaultWarehouseId,
      items: [{ product_id: productId, quantity: 10, unit_price: 2.5 }],
      ...extra,
    });
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
