// Stock changes: every change of a record's on-hand quantity writes one immutable movement and moves the
// product's totals, all in the caller's transaction.
import type { Transaction } from 'kysely';
import type { DB, StockMovementType } from '../../../db/schema.js';
import { BusinessRuleError } from '../../../http/errors.js';
import type { Clock } from '../../../lib/clock.js';
import type { IdGenerator } from '../../../lib/ids.js';
import type { EventRecorder } from '../../events/event-recorder.js';
import type { WarehouseService } from '../warehouses/warehouse.service.js';
import type { StockMovement, StockRepository } from './stock.repository.js';

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
}
