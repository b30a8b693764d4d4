// Stock reservations: the records whose active quantities add up to an inventory record's quantity_reserved.
// Their changes run after the ledger's conditional update of that record in the same transaction, which holds
// the record's row until the end: the reservations of one record change one transaction at a time.
import type { Insertable, Selectable } from 'kysely';
import type { Page, PageRequest } from '../../../core/pagination.js';
import { paginate } from '../../../db/paginate.js';
import type { StockReservationStatus, StockReservationsTable } from '../../../db/schema.js';
import type { Executor } from '../../../db/transaction.js';
import type { RecordKey } from './stock.repository.js';

export type StockReservation = Selectable<StockReservationsTable>;
export type NewStockReservation = Insertable<StockReservationsTable>;

export interface ReservationListFilters {
  product_id?: string;
  warehouse_id?: string;
  order_line_id?: string;
  /** Held by a line of this sales order. */
  order_id?: string;
  status?: StockReservationStatus;
  reference_type?: string;
  reference_id?: string;
  /** By created_at; default desc (newest first). */
  sort_direction?: 'asc' | 'desc';
}

/** What a release without a reservation id may take: the record's manual reservations, of one reference when given. */
export interface ManualReservationScope extends RecordKey {
  referenceType?: string | null;
  referenceId?: string | null;
}

export class ReservationRepository {
  async insert(db: Executor, row: NewStockReservation): Promise<StockReservation> {
    return db.insertInto('stock_reservations').values(row).returningAll().executeTakeFirstOrThrow();
  }

  async insertMany(db: Executor, rows: readonly NewStockReservation[]): Promise<StockReservation[]> {
    if (rows.length === 0) return [];
    return db
      .insertInto('stock_reservations')
      .values([...rows])
      .returningAll()
      .execute();
  }

  async findById(db: Executor, tenantId: string, id: string): Promise<StockReservation | undefined> {
    return db
      .selectFrom('stock_reservations')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The active manual reservations of a record (of one reference when given), oldest first. */
  async activeManual(db: Executor, scope: ManualReservationScope): Promise<StockReservation[]> {
    let query = db
      .selectFrom('stock_reservations')
      .selectAll()
      .where('tenant_id', '=', scope.tenantId)
      .where('product_id', '=', scope.productId)
      .where('warehouse_id', '=', scope.warehouseId)
      .where('status', '=', 'active')
      .where('order_line_id', 'is', null);
    if (scope.referenceType != null) query = query.where('reference_type', '=', scope.referenceType);
    if (scope.referenceId != null) query = query.where('reference_id', '=', scope.referenceId);
    return query.orderBy('created_at').orderBy('id').execute();
  }

  /** The active reservations an order line holds, newest first. */
  async activeOfOrderLine(db: Executor, tenantId: string, orderLineId: string): Promise<StockReservation[]> {
    return db
      .selectFrom('stock_reservations')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('order_line_id', '=', orderLineId)
      .where('status', '=', 'active')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /**
   * Releases `quantity` of an active reservation in one conditional statement: its remainder falls by that much,
   * and it becomes `released` at 0. Answers the reservation after the change, undefined when it held less.
   */
  async release(
    db: Executor,
    tenantId: string,
    id: string,
    quantity: number,
    at: string,
  ): Promise<StockReservation | undefined> {
    return db
      .updateTable('stock_reservations')
      .set((eb) => ({
        quantity: eb('quantity', '-', quantity),
        released_quantity: eb('released_quantity', '+', quantity),
        status: eb
          .case()
          .when('quantity', '=', quantity)
          .then('released' as const)
          .else(eb.ref('status'))
          .end(),
        released_at: eb.case().when('quantity', '=', quantity).then(at).else(eb.ref('released_at')).end(),
        updated_at: at,
      }))
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('status', '=', 'active')
      .where('quantity', '>=', quantity)
      .returningAll()
      .executeTakeFirst();
  }

  /** The active reservations of an order line in one warehouse, oldest first. */
  async activeOfLine(
    db: Executor,
    tenantId: string,
    orderLineId: string,
    warehouseId: string,
  ): Promise<StockReservation[]> {
    return db
      .selectFrom('stock_reservations')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('order_line_id', '=', orderLineId)
      .where('warehouse_id', '=', warehouseId)
      .where('status', '=', 'active')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /**
   * Consumes `quantity` of an active reservation (shipped) in one conditional statement: its remainder falls by
   * that much, and it becomes `consumed` at 0. Answers the reservation after the change, undefined when it held less.
   */
  async consume(
    db: Executor,
    tenantId: string,
    id: string,
    quantity: number,
    at: string,
  ): Promise<StockReservation | undefined> {
    return db
      .updateTable('stock_reservations')
      .set((eb) => ({
        quantity: eb('quantity', '-', quantity),
        consumed_quantity: eb('consumed_quantity', '+', quantity),
        status: eb
          .case()
          .when('quantity', '=', quantity)
          .then('consumed' as const)
          .else(eb.ref('status'))
          .end(),
        consumed_at: at,
        updated_at: at,
      }))
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('status', '=', 'active')
      .where('quantity', '>=', quantity)
      .returningAll()
      .executeTakeFirst();
  }

  async list(
    db: Executor,
    tenantId: string,
    filters: ReservationListFilters,
    page: PageRequest,
  ): Promise<Page<StockReservation>> {
    let query = db.selectFrom('stock_reservations').selectAll().where('tenant_id', '=', tenantId);
    if (filters.product_id) query = query.where('product_id', '=', filters.product_id);
    if (filters.warehouse_id) query = query.where('warehouse_id', '=', filters.warehouse_id);
    if (filters.order_line_id) query = query.where('order_line_id', '=', filters.order_line_id);
    if (filters.order_id) {
      const orderId = filters.order_id;
      query = query.where('order_line_id', 'in', (eb) =>
        eb
          .selectFrom('sales_order_lines')
          .select('id')
          .where('tenant_id', '=', tenantId)
          .where('order_id', '=', orderId),
      );
    }
    if (filters.status) query = query.where('status', '=', filters.status);
    if (filters.reference_type) query = query.where('reference_type', '=', filters.reference_type);
    if (filters.reference_id) query = query.where('reference_id', '=', filters.reference_id);
    const direction = filters.sort_direction ?? 'desc';
    return paginate(db, query.orderBy('created_at', direction).orderBy('id', direction), page);
  }
}
