// Stock changes: every change of a record's on-hand quantity writes one immutable movement and moves the
// product's totals, all in the caller's transaction.
import type { Transaction } from 'kysely';
import type { DB, StockMovementType } from '../../../db/schema.js';
import { BusinessRuleError } from '../../../http/errors.js';
import type { Clock } from '../../../lib/clock.js';
import type { IdGenerator } from '../../../lib/ids.js';
import type { EventRecorder } from '../../events/event-recorder.js';
import type { WarehouseService } from '../warehouses/warehouse.service.js';
import type { Executor } from '../../../db/transaction.js';
import type { StockMovement, StockRecordWithWarehouse, StockRepository } from './stock.repository.js';

/** Products per batch of receiveInitialStock: movements have 14 columns, so some 3,500 parameters per insert. */
const INITIAL_STOCK_CHUNK = 250;

export interface OnHandChange {
  tenantId: string;
  productId: string;
  /** Null or omitted: the tenant's default warehouse. */
  warehouseId?: string | null;
  /** Signed, not 0. */
  quantity: number;
  type: StockMovementType;
  reason?: string | null;
  notes?: string | null;
  referenceType?: string | null;
  referenceId?: string | null;
  userId?: string | null;
}

export class StockService {
  constructor(
    private readonly stock: StockRepository,
    private readonly warehouses: WarehouseService,
    private readonly events: EventRecorder,
    private readonly clock: Clock,
    private readonly newId: IdGenerator,
  ) {}

  /**
   * Changes on-hand stock of a product in a warehouse inside `trx`, with its movement and the product's totals.
   * @throws NotFoundError('Warehouse'); BusinessRuleError `Stock cannot be negative. Current: <n>, Adjustment: <n>`
   * when the change would take on-hand below zero or below what is reserved.
   */
  async changeOnHand(trx: Transaction<DB>, change: OnHandChange): Promise<StockMovement> {
    const { tenantId, productId, quantity } = change;
    const warehouse = await this.warehouses.resolve(tenantId, change.warehouseId, trx);
    const at = this.clock.now().toISOString();
    await this.stock.ensureRecord(trx, { id: this.newId(), tenant_id: tenantId, product_id: productId, warehouse_id: warehouse.id, at });
    const record = await this.stock.changeOnHand(trx, tenantId, productId, warehouse.id, quantity, at);
    if (!record) {
      const current = await this.stock.findRecord(trx, tenantId, productId, warehouse.id);
      throw new BusinessRuleError(`Stock cannot be negative. Current: ${current?.quantity_on_hand ?? 0}, Adjustment: ${quantity}`);
    }
    await this.stock.changeProductTotals(trx, tenantId, productId, { onHand: quantity, reserved: 0 }, at);
    const movement = await this.stock.insertMovement(trx, {
      id: this.newId(),
      tenant_id: tenantId,
      product_id: productId,
      warehouse_id: warehouse.id,
      type: change.type,
      quantity,
      quantity_before: record.quantity_on_hand - quantity,
      quantity_after: record.quantity_on_hand,
      reason: change.reason ?? null,
      notes: change.notes ?? null,
      reference_type: change.referenceType ?? null,
      reference_id: change.referenceId ?? null,
      created_by: change.userId ?? null,
      created_at: at,
    });
    await this.events.record(trx, tenantId, { type: 'stock_movement.recorded', entityId: movement.id, payload: { ...movement } });
    return movement;
  }

  /**
   * Receives stock of many products into one warehouse as `initial_stock` movements (variant generation):
   * per product one record change, one movement and its stock_movement.recorded event, and the product's
   * totals, written in a few batched statements instead of several per product.
   * @throws NotFoundError('Warehouse'); Error when a product appears twice or a quantity is not a positive integer.
   */
  async receiveInitialStock(
    trx: Transaction<DB>,
    tenantId: string,
    warehouseId: string | null,
    items: ReadonlyArray<{ productId: string; quantity: number }>,
    userId: string | null = null,
    reason = 'Initial stock',
  ): Promise<StockMovement[]> {
    if (new Set(items.map((i) => i.productId)).size !== items.length) throw new Error('receiveInitialStock: each product at most once.');
    if (items.some((i) => !Number.isInteger(i.quantity) || i.quantity <= 0)) throw new Error('receiveInitialStock: quantities must be positive integers.');
    if (items.length === 0) return [];
    const warehouse = await this.warehouses.resolve(tenantId, warehouseId, trx);
    const at = this.clock.now().toISOString();
    const movements: StockMovement[] = [];
    for (let start = 0; start < items.length; start += INITIAL_STOCK_CHUNK) {
      const part = items.slice(start, start + INITIAL_STOCK_CHUNK);
      const quantities = new Map(part.map((i) => [i.productId, i.quantity]));
      const after = await this.stock.addOnHandMany(
        trx,
        part.map((i) => ({ id: this.newId(), tenant_id: tenantId, product_id: i.productId, warehouse_id: warehouse.id, quantity: i.quantity })),
        at,
      );
      const onHandAfter = new Map(after.map((r) => [r.product_id, r.quantity_on_hand]));
      const byQuantity = new Map<number, string[]>();
      for (const { productId, quantity } of part) byQuantity.set(quantity, [...(byQuantity.get(quantity) ?? []), productId]);
      for (const [quantity, productIds] of byQuantity) await this.stock.addProductStockMany(trx, tenantId, productIds, quantity, at);
      const written = await this.stock.insertMovements(
        trx,
        part.map(({ productId }) => {
          const quantity = quantities.get(productId)!;
          const quantityAfter = onHandAfter.get(productId)!;
          return {
            id: this.newId(),
            tenant_id: tenantId,
            product_id: productId,
            warehouse_id: warehouse.id,
            type: 'initial_stock' as const,
            quantity,
            quantity_before: quantityAfter - quantity,
            quantity_after: quantityAfter,
            reason,
            notes: null,
            reference_type: null,
            reference_id: null,
            created_by: userId,
            created_at: at,
          };
        }),
      );
      await this.events.record(trx, tenantId, ...written.map((m) => ({ type: 'stock_movement.recorded' as const, entityId: m.id, payload: { ...m } })));
      movements.push(...written);
    }
    return movements;
  }

  /**
   * The inventory records of `productIds` in every warehouse (with the warehouse's code, name and default
   * flag), default warehouse first. With `lock` (inside a transaction) they stay locked until it ends.
   */
  recordsOfProducts(db: Executor, tenantId: string, productIds: readonly string[], lock = false): Promise<StockRecordWithWarehouse[]> {
    return this.stock.recordsOfProducts(db, tenantId, productIds, lock);
  }
}
