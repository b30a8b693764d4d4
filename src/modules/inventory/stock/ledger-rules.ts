// The stock ledger's plain rules, apart from the statements that apply them: the movement a change writes,
// which quantity of a record a movement type moves, and the refusal of a change the record's balance forbids.
import { BusinessRuleError } from '../../../core/errors.js';
import type { StockMovementType } from '../../../db/schema.js';
import type { InventoryRecord, NewStockMovement, QuantityChangeKind } from './stock.repository.js';

/** What a movement keeps of the change that wrote it, besides its product, warehouse and quantities. */
export interface MovementContext {
  tenantId: string;
  reason?: string | null;
  notes?: string | null;
  referenceType?: string | null;
  referenceId?: string | null;
  userId?: string | null;
}

/** The ledger row of a change that moved `quantity` of a product in a warehouse and left `after` on hand or reserved. */
export function movementRow(
  id: string,
  change: MovementContext,
  productId: string,
  warehouseId: string,
  type: StockMovementType,
  quantity: number,
  after: number,
  at: string,
): NewStockMovement {
  return {
    id,
    tenant_id: change.tenantId,
    product_id: productId,
    warehouse_id: warehouseId,
    type,
    quantity,
    quantity_before: after - quantity,
    quantity_after: after,
    reason: change.reason ?? null,
    notes: change.notes ?? null,
    reference_type: change.referenceType ?? null,
    reference_id: change.referenceId ?? null,
    created_by: change.userId ?? null,
    created_at: at,
  };
}

/** The quantity of a record that movements of `type` move: reservations and releases the reserved, others on hand. */
export function movedQuantity(type: StockMovementType): 'quantity_on_hand' | 'quantity_reserved' {
  return type === 'reservation' || type === 'release' ? 'quantity_reserved' : 'quantity_on_hand';
}

/**
 * Why a change of `quantity` was refused, with what the record holds now (`current`; a missing record holds
 * nothing): on hand must stay at or above reserved, a reservation needs that much available, a release that
 * much reserved.
 */
export function balanceRefusal(
  kind: QuantityChangeKind,
  current: Pick<InventoryRecord, 'quantity_on_hand' | 'quantity_reserved'> | undefined,
  quantity: number,
): BusinessRuleError {
  const onHand = current?.quantity_on_hand ?? 0;
  const reserved = current?.quantity_reserved ?? 0;
  switch (kind) {
    case 'on_hand':
      return new BusinessRuleError(
        'insufficient_stock',
        `Stock cannot be negative. Current: ${onHand}, Adjustment: ${quantity}`,
      );
    case 'reservation':
      return new BusinessRuleError(
        'insufficient_stock',
        `Insufficient available stock. Available: ${onHand - reserved}, Requested: ${quantity}`,
      );
    case 'release':
      return new BusinessRuleError(
        'exceeds_reserved',
        `Cannot release more than is reserved. Reserved: ${reserved}, Requested: ${quantity}`,
      );
  }
}
