// Returns of shipped goods (docs/sales.md, Returns): for an order with something shipped, lines and quantities
// never above what shipped and has not come back, into a warehouse of the tenant; restocked lines put their
// units back through the stock ledger (a `return` movement each), the others are recorded only. The return, its
// lines, its movements, `order.returned` and the audit entry commit together or not at all.
import type { Transaction } from 'kysely';
import { BusinessRuleError, NotFoundError, ValidationError } from '../../../core/errors.js';
import type { Page, PageRequest } from '../../../core/pagination.js';
import { lockRecord } from '../../../db/record-lock.js';
import type { DB } from '../../../db/schema.js';
import { inTransaction, type Executor } from '../../../db/transaction.js';
import type { Clock } from '../../../lib/clock.js';
import type { IdGenerator } from '../../../lib/ids.js';
import type { AuditLog } from '../../audit/audit-log.service.js';
import { resourceTrail, type ResourceTrail } from '../../audit/audit-trail.js';
import type { EventRecorder } from '../../events/event-recorder.js';
import type { StockLedger } from '../../inventory/stock/stock-ledger.js';
import type { WarehouseService } from '../../inventory/warehouses/warehouse.service.js';
import type { OrderLineRepository } from '../orders/order-lines.repository.js';
import type { OrderResource } from '../orders/order.presenter.js';
import { periodOf, type SalesSequenceRepository } from '../orders/sales-sequence.repository.js';
import type { ReturnRepository, SalesReturn, SalesReturnLineRow } from './return.repository.js';
import type { ReturnCreateBody, ReturnResponse } from './return.schemas.js';
import { RETURNABLE_STATUSES, notReturnable, returnLineErrors, type ReturnableLine } from './return-rules.js';

/** The movements of a return name it by this reference type and its id. */
export const RETURN_REFERENCE_TYPE = 'sales_return';

export function returnResource(row: SalesReturn, lines: readonly SalesReturnLineRow[]): ReturnResponse {
  return {
    id: row.id,
    return_number: row.return_number,
    order_id: row.order_id,
    warehouse_id: row.warehouse_id,
    reason: row.reason,
    notes: row.notes,
    total_quantity: lines.reduce((sum, l) => sum + l.quantity, 0),
    restocked_quantity: lines.reduce((sum, l) => sum + (l.restock ? l.quantity : 0), 0),
    lines: lines.map((l) => ({
      id: l.id,
      order_line_id: l.order_line_id,
      product_id: l.product_id,
      product_sku: l.product_sku,
      product_name: l.product_name,
      position: l.position,
      quantity: l.quantity,
      restock: Boolean(l.restock),
    })),
    created_by: row.created_by,
    created_at: row.created_at,
  };
}

export interface ReturnServiceDeps {
  db: Executor;
  returns: ReturnRepository;
  /** The order's lines and what shipped and came back of each. */
  lines: OrderLineRepository;
  sequences: SalesSequenceRepository;
  /** The order as the API presents it, for the event. */
  orders: { get(tenantId: string, id: string, db: Executor): Promise<OrderResource> };
  warehouses: WarehouseService;
  stock: StockLedger;
  events: EventRecorder;
  audit: AuditLog;
  clock: Clock;
  newId: IdGenerator;
}

export class ReturnService {
  private readonly db: Executor;
  private readonly returns: ReturnRepository;
  private readonly lines: OrderLineRepository;
  private readonly sequences: SalesSequenceRepository;
  private readonly orders: ReturnServiceDeps['orders'];
  private readonly warehouses: WarehouseService;
  private readonly stock: StockLedger;
  private readonly events: EventRecorder;
  private readonly audited: ResourceTrail<ReturnResponse>;
  private readonly clock: Clock;
  private readonly newId: IdGenerator;

  constructor(deps: ReturnServiceDeps) {
    this.db = deps.db;
    this.returns = deps.returns;
    this.lines = deps.lines;
    this.sequences = deps.sequences;
    this.orders = deps.orders;
    this.warehouses = deps.warehouses;
    this.stock = deps.stock;
    this.events = deps.events;
    this.audited = resourceTrail(deps.audit, 'sales_return');
    this.clock = deps.clock;
    this.newId = deps.newId;
  }

  /**
   * Records a return of the order's shipped goods. The order's row is locked first, so that concurrent returns
   * of one order check what shipped and what came back one after the other.
   * @throws NotFoundError('Sales order') for an unknown, deleted or other tenant's order; BusinessRuleError
   * `invalid_transition` outside partially_shipped, shipped and completed; ValidationError on `warehouse_id`
   * for a warehouse not of the tenant, on `lines.<n>.order_line_id` for a line not on the order and on
   * `lines.<n>.quantity` (naming the line) above its shipped - returned quantity.
   */
  async create(tenantId: string, orderId: string, userId: string | null, input: ReturnCreateBody) {
    return inTransaction(this.db, async (trx) => {
      await lockRecord(trx, 'sales_orders', tenantId, orderId);
      const order = await this.returns.order(trx, tenantId, orderId);
      if (!order) throw new NotFoundError('Sales order');
      if (!RETURNABLE_STATUSES.includes(order.status))
        throw new BusinessRuleError('invalid_transition', notReturnable(order.status));
      const warehouse = await this.warehouseOf(trx, tenantId, input.warehouse_id);
      const lines = await this.returnableLines(trx, tenantId, orderId);
      const errors = returnLineErrors(input.lines, lines);
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);

      const now = this.clock.now();
      const at = now.toISOString();
      const id = this.newId();
      const row: SalesReturn = {
        id,
        tenant_id: tenantId,
        return_number: await this.sequences.nextNumber(trx, tenantId, 'return', periodOf(now)),
        order_id: orderId,
        warehouse_id: warehouse,
        reason: input.reason.trim(),
        notes: input.notes ?? null,
        created_by: userId,
        created_at: at,
      };
      const lineRows: SalesReturnLineRow[] = input.lines.map((entry, index) => {
        const line = lines.get(entry.order_line_id)!;
        return {
          id: this.newId(),
          return_id: id,
          order_line_id: line.id,
          product_id: line.product_id,
          product_sku: line.product_sku,
          product_name: line.product_name,
          position: index + 1,
          quantity: entry.quantity,
          restock: entry.restock,
        };
      });
      await this.returns.insert(
        trx,
        row,
        lineRows.map(({ product_sku: _sku, product_name: _name, ...line }) => ({ ...line, tenant_id: tenantId })),
      );
      await this.restock(trx, row, lineRows, userId, at);
      const resource = returnResource(row, lineRows);
      await this.events.record(trx, tenantId, {
        type: 'order.returned',
        entityId: orderId,
        payload: {
          order: await this.orders.get(tenantId, orderId, trx),
          return: { ...resource, lines: undefined },
          lines: resource.lines,
        },
      });
      await this.audited(trx, tenantId, 'sales_return.created', null, resource);
      return resource;
    });
  }

  /** The order's returns, oldest first. @throws NotFoundError('Sales order'). */
  async ofOrder(tenantId: string, orderId: string, page: PageRequest): Promise<Page<ReturnResponse>> {
    if (!(await this.returns.order(this.db, tenantId, orderId))) throw new NotFoundError('Sales order');
    const result = await this.returns.ofOrder(this.db, tenantId, orderId, page);
    const lines = await this.returns.linesOf(
      this.db,
      tenantId,
      result.items.map((r) => r.id),
    );
    return {
      ...result,
      items: result.items.map((r) =>
        returnResource(
          r,
          lines.filter((l) => l.return_id === r.id),
        ),
      ),
    };
  }

  /** The order's lines by id, each with what shipped and what came back of it. */
  private async returnableLines(trx: Transaction<DB>, tenantId: string, orderId: string) {
    const lines = await this.lines.ofOrder(trx, tenantId, orderId);
    const quantities = await this.lines.quantities(
      trx,
      tenantId,
      lines.map((l) => l.id),
    );
    return new Map<string, ReturnableLine & { product_id: string }>(
      lines.map((l) => {
        const { shipped, returned } = quantities.get(l.id)!;
        return [
          l.id,
          {
            id: l.id,
            position: l.position,
            product_id: l.product_id,
            product_sku: l.product_sku,
            product_name: l.product_name,
            shipped,
            returned,
          },
        ];
      }),
    );
  }

  /** The given warehouse, checked to be the tenant's (and held against deletion until the transaction ends). */
  private async warehouseOf(trx: Transaction<DB>, tenantId: string, warehouseId: string): Promise<string> {
    try {
      return (await this.warehouses.resolve(tenantId, warehouseId, trx)).id;
    } catch (error) {
      if (error instanceof NotFoundError)
        throw ValidationError.field('warehouse_id', 'The selected warehouse id is invalid.');
      throw error;
    }
  }

  /**
   * Puts each restocked line's units back into the return's warehouse with a `return` movement, lines in
   * product id order so that concurrent returns take the records' locks in one order.
   */
  private async restock(
    trx: Transaction<DB>,
    row: SalesReturn,
    lines: readonly SalesReturnLineRow[],
    userId: string | null,
    at: string,
  ): Promise<void> {
    const restocked = lines
      .filter((line) => line.restock)
      .sort((a, b) => (a.product_id < b.product_id ? -1 : a.product_id > b.product_id ? 1 : a.position - b.position));
    for (const line of restocked) {
      await this.stock.changeOnHand(trx, {
        tenantId: row.tenant_id,
        productId: line.product_id,
        warehouseId: row.warehouse_id,
        quantity: line.quantity,
        type: 'return',
        reason: `Return ${row.return_number}`,
        notes: `Line ${line.position}`,
        referenceType: RETURN_REFERENCE_TYPE,
        referenceId: row.id,
        userId,
        at,
      });
    }
  }
}
