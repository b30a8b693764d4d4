// Returns in SQL: the order they belong to, the return and its lines, and an order's returns page by page. What
// shipped and what came back of each order line is the orders' line repository's (order-lines.repository.ts).
import type { Insertable, Selectable } from 'kysely';
import type { Page, PageRequest } from '../../../core/pagination.js';
import { paginate } from '../../../db/paginate.js';
import type { SalesReturnLinesTable, SalesReturnsTable } from '../../../db/schema.js';
import type { Executor } from '../../../db/transaction.js';

export type SalesReturn = Selectable<SalesReturnsTable>;
export type NewSalesReturn = Insertable<SalesReturnsTable>;
export type NewSalesReturnLine = Insertable<SalesReturnLinesTable>;

/** A return line with the order line's product snapshot. */
export interface SalesReturnLineRow {
  id: string;
  return_id: string;
  order_line_id: string;
  product_id: string;
  product_sku: string | null;
  product_name: string;
  position: number;
  quantity: number;
  restock: boolean;
}

export class ReturnRepository {
  /** The tenant's live order, with what a return names of it. */
  async order(db: Executor, tenantId: string, id: string) {
    return db
      .selectFrom('sales_orders')
      .select(['id', 'tenant_id', 'order_number', 'status', 'customer_id'])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  async insert(db: Executor, row: NewSalesReturn, lines: NewSalesReturnLine[]): Promise<void> {
    await db.insertInto('sales_returns').values(row).execute();
    await db.insertInto('sales_return_lines').values(lines).execute();
  }

  async findById(db: Executor, tenantId: string, id: string): Promise<SalesReturn | undefined> {
    return db
      .selectFrom('sales_returns')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The order's returns, oldest first (in number order). */
  async ofOrder(db: Executor, tenantId: string, orderId: string, page: PageRequest): Promise<Page<SalesReturn>> {
    return paginate(
      db,
      db
        .selectFrom('sales_returns')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('order_id', '=', orderId)
        .orderBy('created_at')
        .orderBy('return_number'),
      page,
    );
  }

  /** The lines of the returns, each with its order line's product snapshot, in position order. */
  async linesOf(db: Executor, tenantId: string, returnIds: readonly string[]): Promise<SalesReturnLineRow[]> {
    if (returnIds.length === 0) return [];
    return db
      .selectFrom('sales_return_lines as rl')
      .innerJoin('sales_order_lines as l', (j) =>
        j.onRef('l.id', '=', 'rl.order_line_id').onRef('l.tenant_id', '=', 'rl.tenant_id'),
      )
      .select([
        'rl.id',
        'rl.return_id',
        'rl.order_line_id',
        'rl.product_id',
        'l.product_sku',
        'l.product_name',
        'rl.position',
        'rl.quantity',
        'rl.restock',
      ])
      .where('rl.tenant_id', '=', tenantId)
      .where('rl.return_id', 'in', [...returnIds])
      .orderBy('rl.return_id')
      .orderBy('rl.position')
      .execute();
  }
}
