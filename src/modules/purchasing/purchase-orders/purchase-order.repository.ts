// Purchase orders in SQL: the gapless number sequence, orders and their lines, conditional status updates,
// the list with its filters (supplier and warehouse names joined for display and search), the products on
// open orders (auto-reorder) and what supplier performance reads.
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Page, PageRequest } from '../../../core/pagination.js';
import type { PurchaseOrderItemsTable, PurchaseOrdersTable, PurchaseOrderStatus } from '../../../db/schema.js';
import { engineOf } from '../../../db/dialect.js';
import { containsText } from '../../../db/search.js';
import type { Executor } from '../../../db/transaction.js';
import { paginate } from '../../../db/paginate.js';
import { INCOMING_STATUSES, OPEN_STATUSES, PLACED_STATUSES } from './purchase-order.states.js';

export type PurchaseOrder = Selectable<PurchaseOrdersTable>;
export type NewPurchaseOrder = Insertable<PurchaseOrdersTable>;
export type PurchaseOrderUpdate = Updateable<PurchaseOrdersTable>;
export type PurchaseOrderItem = Selectable<PurchaseOrderItemsTable>;
export type NewPurchaseOrderItem = Insertable<PurchaseOrderItemsTable>;

/** An order with the names shown beside its supplier and warehouse. */
export type PurchaseOrderRow = PurchaseOrder & {
  supplier_name: string | null;
  warehouse_name: string | null;
  items_count: number;
};

export interface PurchaseOrderFilters {
  statuses?: PurchaseOrderStatus[];
  supplier_id?: string;
  warehouse_id?: string;
  date_from?: string;
  date_to?: string;
  search?: string;
  /** An inclusive bound on updated_at, in stored form. */
  updated_since?: string;
  sort_by:
    'order_date' | 'created_at' | 'po_number' | 'total_amount' | 'expected_delivery_date' | 'status' | 'updated_at';
  sort_direction: 'asc' | 'desc';
}

export class PurchaseOrderRepository {
  /**
   * Issues the next number of the tenant's month in one statement: the first order of a month inserts 1,
   * later ones increment under the row's lock. Inside the create transaction, a rolled-back create takes its
   * number back with it (no gap), and concurrent creates queue on the row (no duplicate) on both engines.
   */
  async nextSequence(db: Executor, tenantId: string, period: string): Promise<number> {
    const row = await db
      .insertInto('purchase_order_sequences')
      .values({ tenant_id: tenantId, period, last_value: 1 })
      .onConflict((oc) =>
        oc
          .columns(['tenant_id', 'period'])
          .doUpdateSet({ last_value: sql<number>`purchase_order_sequences.last_value + 1` }),
      )
      .returning('last_value')
      .executeTakeFirstOrThrow();
    return Number(row.last_value);
  }

  async insert(db: Executor, order: NewPurchaseOrder): Promise<void> {
    await db.insertInto('purchase_orders').values(order).execute();
  }

  async insertItems(db: Executor, items: NewPurchaseOrderItem[]): Promise<void> {
    if (items.length === 0) return;
    await db.insertInto('purchase_order_items').values(items).execute();
  }

  async deleteItems(db: Executor, tenantId: string, orderId: string): Promise<void> {
    await db
      .deleteFrom('purchase_order_items')
      .where('tenant_id', '=', tenantId)
      .where('purchase_order_id', '=', orderId)
      .execute();
  }

  private rows(db: Executor, tenantId: string) {
    return db
      .selectFrom('purchase_orders as po')
      .leftJoin('suppliers as s', (j) =>
        j.onRef('s.id', '=', 'po.supplier_id').onRef('s.tenant_id', '=', 'po.tenant_id'),
      )
      .leftJoin('warehouses as w', (j) =>
        j.onRef('w.id', '=', 'po.warehouse_id').onRef('w.tenant_id', '=', 'po.tenant_id'),
      )
      .where('po.tenant_id', '=', tenantId)
      .where('po.deleted_at', 'is', null);
  }

  private withNames<QB extends ReturnType<PurchaseOrderRepository['rows']>>(query: QB) {
    return query
      .selectAll('po')
      .select(['s.name as supplier_name', 'w.name as warehouse_name'])
      .select((eb) =>
        eb
          .selectFrom('purchase_order_items as i')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('i.purchase_order_id', '=', 'po.id')
          .whereRef('i.tenant_id', '=', 'po.tenant_id')
          .as('items_count'),
      );
  }

  async findById(db: Executor, tenantId: string, id: string): Promise<PurchaseOrderRow | undefined> {
    const row = await this.withNames(this.rows(db, tenantId)).where('po.id', '=', id).executeTakeFirst();
    return row ? { ...row, items_count: Number(row.items_count ?? 0) } : undefined;
  }

  /**
   * The live order, locked until the transaction ends on PostgreSQL (its own row only, not its supplier's or
   * warehouse's), so that concurrent receipts of one order run one after the other and each reads the order
   * as the previous one left it. SQLite writers take turns already: every write transaction begins IMMEDIATE.
   */
  async findForUpdate(db: Executor, tenantId: string, id: string): Promise<PurchaseOrderRow | undefined> {
    const query = this.withNames(this.rows(db, tenantId)).where('po.id', '=', id);
    const row = await (engineOf(db) === 'postgres' ? query.forUpdate('po') : query).executeTakeFirst();
    return row ? { ...row, items_count: Number(row.items_count ?? 0) } : undefined;
  }

  async items(db: Executor, tenantId: string, orderId: string): Promise<PurchaseOrderItem[]> {
    return db
      .selectFrom('purchase_order_items')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('purchase_order_id', '=', orderId)
      .orderBy('position')
      .execute();
  }

  async list(
    db: Executor,
    tenantId: string,
    filters: PurchaseOrderFilters,
    page: PageRequest,
  ): Promise<Page<PurchaseOrderRow>> {
    let query = this.rows(db, tenantId);
    if (filters.statuses && filters.statuses.length > 0) query = query.where('po.status', 'in', filters.statuses);
    if (filters.supplier_id) query = query.where('po.supplier_id', '=', filters.supplier_id);
    if (filters.warehouse_id) query = query.where('po.warehouse_id', '=', filters.warehouse_id);
    if (filters.date_from) query = query.where('po.order_date', '>=', filters.date_from);
    if (filters.date_to) query = query.where('po.order_date', '<=', filters.date_to);
    if (filters.updated_since !== undefined) query = query.where('po.updated_at', '>=', filters.updated_since);
    if (filters.search) {
      const term = filters.search;
      query = query.where((eb) => containsText(eb, ['po.po_number', 'po.notes', 's.name'], term));
    }
    const direction = filters.sort_direction;
    const column = `po.${filters.sort_by}` as const;
    let ordered = this.withNames(query);
    if (filters.sort_by === 'expected_delivery_date') {
      // Nulls last in both directions: the engines disagree on where NULL sorts by default.
      ordered = ordered.orderBy(sql`case when po.expected_delivery_date is null then 1 else 0 end`, 'asc');
    }
    const listed = await paginate(db, ordered.orderBy(column, direction).orderBy('po.id', direction), page);
    return { ...listed, items: listed.items.map((row) => ({ ...row, items_count: Number(row.items_count ?? 0) })) };
  }

  /** An UPDATE of the live order that matches only while its status is one of `from`. */
  private whileIn(db: Executor, tenantId: string, id: string, from: readonly PurchaseOrderStatus[]) {
    return db
      .updateTable('purchase_orders')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .where('status', 'in', [...from]);
  }

  /**
   * Updates a live order only when its status is one of `from`, in one conditional UPDATE: two concurrent
   * transitions cannot both pass. False when nothing matched (missing, or in another status).
   */
  async transition(
    db: Executor,
    tenantId: string,
    id: string,
    from: readonly PurchaseOrderStatus[],
    changes: PurchaseOrderUpdate,
  ): Promise<boolean> {
    const result = await this.whileIn(db, tenantId, id, from).set(changes).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** `transition`, answering the order's row as updated; undefined when nothing matched. */
  async transitionReturning(
    db: Executor,
    tenantId: string,
    id: string,
    from: readonly PurchaseOrderStatus[],
    changes: PurchaseOrderUpdate,
  ): Promise<PurchaseOrder | undefined> {
    return this.whileIn(db, tenantId, id, from).set(changes).returningAll().executeTakeFirst();
  }

  /** Marks every line's unreceived quantity as cancelled. */
  async cancelRemaining(db: Executor, tenantId: string, orderId: string): Promise<void> {
    await db
      .updateTable('purchase_order_items')
      .set({ quantity_cancelled: sql<number>`quantity_ordered - quantity_received` })
      .where('tenant_id', '=', tenantId)
      .where('purchase_order_id', '=', orderId)
      .execute();
  }

  /** Of `productIds`, those on a line of an open, undeleted order of the tenant (auto-reorder skips them). */
  async productsOnOpenOrders(db: Executor, tenantId: string, productIds: readonly string[]): Promise<Set<string>> {
    if (productIds.length === 0) return new Set();
    const rows = await db
      .selectFrom('purchase_order_items as i')
      .innerJoin('purchase_orders as o', 'o.id', 'i.purchase_order_id')
      .select('i.product_id')
      .distinct()
      .where('o.tenant_id', '=', tenantId)
      .where('o.deleted_at', 'is', null)
      .where('o.status', 'in', [...OPEN_STATUSES])
      .where('i.product_id', 'in', [...productIds])
      .execute();
    return new Set(rows.map((r) => r.product_id));
  }

  /**
   * The lines of a product with goods still due (ordered - received - cancelled > 0) on live orders placed and
   * not fully received, with the warehouse they go to (the line's, else the order's) and the date they are due
   * (the supplier's confirmed date, else the expected one): soonest first, undated last.
   */
  async incoming(db: Executor, tenantId: string, productId: string) {
    const due = sql<number>`i.quantity_ordered - i.quantity_received - i.quantity_cancelled`;
    const expected = sql<string | null>`coalesce(po.confirmed_delivery_date, po.expected_delivery_date)`;
    const rows = await db
      .selectFrom('purchase_order_items as i')
      .innerJoin('purchase_orders as po', (j) =>
        j.onRef('po.id', '=', 'i.purchase_order_id').onRef('po.tenant_id', '=', 'i.tenant_id'),
      )
      .select((eb) => [
        'po.id as purchase_order_id',
        'po.po_number',
        'po.status',
        eb.fn.coalesce('i.warehouse_id', 'po.warehouse_id').as('warehouse_id'),
        due.as('quantity'),
        expected.as('expected_date'),
      ])
      .where('i.tenant_id', '=', tenantId)
      .where('i.product_id', '=', productId)
      .where('po.deleted_at', 'is', null)
      .where('po.status', 'in', [...INCOMING_STATUSES])
      .where(due, '>', 0)
      .orderBy(sql`case when ${expected} is null then 1 else 0 end`)
      .orderBy(expected)
      .orderBy('po.po_number')
      .orderBy('i.position')
      .execute();
    return rows.map((r) => ({ ...r, quantity: Number(r.quantity) }));
  }

  /** Orders placed with a supplier (approved or later, not cancelled or rejected), with the fields statistics need. */
  async placedOrders(db: Executor, tenantId: string, supplierId: string) {
    return db
      .selectFrom('purchase_orders')
      .select(['order_date', 'expected_delivery_date', 'actual_delivery_date', 'currency', 'total_amount'])
      .where('tenant_id', '=', tenantId)
      .where('supplier_id', '=', supplierId)
      .where('deleted_at', 'is', null)
      .where('status', 'in', [...PLACED_STATUSES])
      .execute();
  }

  /** Units received from a supplier, and those of them on receipt lines that failed the quality check. */
  async receiptQuality(
    db: Executor,
    tenantId: string,
    supplierId: string,
  ): Promise<{ received: number; failed: number }> {
    const row = await db
      .selectFrom('purchase_order_receipt_lines as l')
      .innerJoin('purchase_order_receipts as r', (j) =>
        j.onRef('r.id', '=', 'l.receipt_id').onRef('r.tenant_id', '=', 'l.tenant_id'),
      )
      .innerJoin('purchase_orders as po', (j) =>
        j.onRef('po.id', '=', 'r.purchase_order_id').onRef('po.tenant_id', '=', 'r.tenant_id'),
      )
      .select((eb) => [
        eb.fn.coalesce(eb.fn.sum<number>('l.quantity_received'), eb.val(0)).as('received'),
        eb.fn
          .coalesce(
            eb.fn.sum<number>(
              eb.case().when('l.quality_check_passed', '=', false).then(eb.ref('l.quantity_received')).else(0).end(),
            ),
            eb.val(0),
          )
          .as('failed'),
      ])
      .where('l.tenant_id', '=', tenantId)
      .where('po.supplier_id', '=', supplierId)
      .executeTakeFirstOrThrow();
    return { received: Number(row.received), failed: Number(row.failed) };
  }
}
