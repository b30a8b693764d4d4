// Indexes of the sales order list's sorts that had none, so that each walk by cursor (and each page) reads one
// range of an index in the list's order, the id breaking ties, instead of sorting every order of the tenant.
// The product list's sorts and the stock movement list are served by 0005's and 0008's indexes, created_at and
// updated_at of sales orders by 0028's (docs/decisions/requests-and-responses.md, "Keyset pages").
import { sql, type Kysely } from 'kysely';
import { engineOf } from '../dialect.js';

function salesOrderIndexes(nullsFirst: string): Array<[name: string, key: string]> {
  return [
    ['sales_orders_tenant_number_id_idx', 'tenant_id, order_number, id'],
    ['sales_orders_tenant_total_idx', 'tenant_id, total_amount, id'],
    // Orders without a requested date are the lowest on both engines (SQLite's order; PostgreSQL is told).
    ['sales_orders_tenant_ship_date_idx', `tenant_id, requested_ship_date${nullsFirst}, id`],
    ['sales_orders_tenant_priority_idx', 'tenant_id, priority, id'],
  ];
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const nullsFirst = engineOf(db) === 'postgres' ? ' nulls first' : '';
  for (const [name, key] of salesOrderIndexes(nullsFirst)) {
    await db.schema.createIndex(name).on('sales_orders').expression(sql.raw(key)).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of salesOrderIndexes('')) await db.schema.dropIndex(name).execute();
}
