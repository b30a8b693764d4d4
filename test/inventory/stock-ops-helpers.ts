// Shared set-up of the count, transfer and reorder tests: stock put in through the stock ledger, extra
// warehouses through the API, and reservations written straight into the record.
import { inTransaction } from '../../src/db/transaction.js';
import { makeProduct } from '../helpers/factories.js';
import { warehouseBody } from '../helpers/request-bodies.js';
import { jsonCaller, type TestApp } from '../helpers/test-app.js';

export function stockOps(t: TestApp, auth: Record<string, string> = t.auth, tenantId = t.tenant.tenantId) {
  const call = jsonCaller(t.app, auth);
  const db = t.database.db;
  return {
    call,
    db,
    async product(links: { supplier_id?: string | null } = {}) {
      return makeProduct(db, tenantId, links);
    },
    async stock(productId: string, quantity: number, warehouseId: string | null = null) {
      await inTransaction(db, (trx) =>
        t.services.stock.changeOnHand(trx, {
          tenantId,
          productId,
          warehouseId,
          quantity,
          type: 'adjustment',
          reason: 'setup',
        }),
      );
    },
    /** Reserves by writing the record and product totals directly (the reserve endpoint is another module's). */
    async reserve(productId: string, quantity: number, warehouseId: string) {
      await db
        .updateTable('inventory_records')
        .set((eb) => ({ quantity_reserved: eb('quantity_reserved', '+', quantity) }))
        .where('product_id', '=', productId)
        .where('warehouse_id', '=', warehouseId)
        .execute();
      await db
        .updateTable('products')
        .set((eb) => ({ reserved_quantity: eb('reserved_quantity', '+', quantity) }))
        .where('id', '=', productId)
        .execute();
    },
    async warehouse(code: string): Promise<string> {
      const res = await call(
        'POST',
        '/api/v1/operations/warehouses',
        warehouseBody({ name: `Warehouse ${code}`, code }),
      );
      if (res.statusCode !== 201) throw new Error(`warehouse: ${res.statusCode} ${res.body}`);
      return res.json().data.id as string;
    },
    record(productId: string, warehouseId: string) {
      return db
        .selectFrom('inventory_records')
        .selectAll()
        .where('product_id', '=', productId)
        .where('warehouse_id', '=', warehouseId)
        .executeTakeFirst();
    },
    movements(productId: string) {
      return db.selectFrom('stock_movements').selectAll().where('product_id', '=', productId).orderBy('id').execute();
    },
    events(type: string, entityId?: string) {
      let q = db
        .selectFrom('event_outbox')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('event_type', '=', type);
      if (entityId) q = q.where('entity_id', '=', entityId);
      return q.orderBy('id').execute();
    },
  };
}
