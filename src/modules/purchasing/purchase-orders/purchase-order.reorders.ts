// Auto-reorder generation: draft purchase orders, one per supplier, for stock at or below its reorder point.
import { BusinessRuleError, NotFoundError } from '../../../core/errors.js';
import { inTransaction } from '../../../db/transaction.js';
import { DEFAULT_CURRENCY, fromMinorUnits, isCurrency } from '../../../lib/money.js';
import type { ReorderCandidate } from '../../inventory/reorder/reorder.repository.js';
import type { ReorderService } from '../../inventory/reorder/reorder.service.js';
import type { PurchaseOrderCreateBody } from './purchase-order.schemas.js';
import type { PurchaseOrderResource } from './purchase-order.presenter.js';
import { PurchaseOrderService, type PurchaseOrderDeps } from './purchase-order.service.js';

/** A reorder candidate whose product has a supplier to order from. */
type Shortage = ReorderCandidate & { supplier_id: string };

export const AUTO_REORDER_NOTE = 'Auto-generated reorder: stock at or below its reorder point.';

interface Line {
  product_id: string;
  quantity: number;
  unit_price: number;
  warehouses: Set<string>;
}

function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00.000Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

export interface PurchaseOrderReordersDeps extends PurchaseOrderDeps {
  /** The inventory's reorder candidates. */
  reorder: Pick<ReorderService, 'candidates'>;
}

export class PurchaseOrderReorders {
  private readonly reorder: Pick<ReorderService, 'candidates'>;

  constructor(private readonly deps: PurchaseOrderReordersDeps) {
    this.reorder = deps.reorder;
  }

  /**
   * Creates one draft order per orderable supplier for every product short in some warehouse and not already on
   * an open order, all in one transaction through PurchaseOrderService.create (numbers and events as usual).
   * A product short in several warehouses gets one line with the summed quantity, delivered to the order's
   * warehouse (the tenant's default); a product short in one warehouse is delivered there.
   * Products whose supplier cannot take orders (inactive, suspended, ...) are skipped.
   */
  async generate(tenantId: string, userId: string | null): Promise<PurchaseOrderResource[]> {
    return inTransaction(this.deps.db, async (trx) => {
      const orders = new PurchaseOrderService({ ...this.deps, db: trx });
      const candidates = (await this.reorder.candidates(tenantId, trx)).filter(
        (c): c is Shortage => c.supplier_id !== null,
      );
      const busy = await this.deps.repository.productsOnOpenOrders(trx, tenantId, [
        ...new Set(candidates.map((c) => c.product_id)),
      ]);
      const bySupplier = new Map<string, Shortage[]>();
      for (const candidate of candidates) {
        if (busy.has(candidate.product_id)) continue;
        const group = bySupplier.get(candidate.supplier_id) ?? [];
        group.push(candidate);
        bySupplier.set(candidate.supplier_id, group);
      }
      if (bySupplier.size === 0) return [];

      const warehouse = await this.deps.warehouses.resolve(tenantId, null, trx);
      const today = this.deps.clock.now().toISOString().slice(0, 10);
      const created: PurchaseOrderResource[] = [];
      for (const [supplierId, group] of bySupplier) {
        const supplier = await this.deps.suppliers
          .assertOrderable(tenantId, supplierId, trx)
          .catch((error: unknown) => {
            if (error instanceof NotFoundError || error instanceof BusinessRuleError) return null;
            throw error;
          });
        if (!supplier) continue;
        const currency =
          group.map((c) => c.currency).find((c): c is string => c !== null && isCurrency(c)) ?? DEFAULT_CURRENCY;
        const lines = new Map<string, Line>();
        for (const c of group) {
          const quantity =
            c.reorder_quantity ?? Math.max(1, c.reorder_point - (c.quantity_on_hand - c.quantity_reserved));
          // A cost in another currency cannot be restated without rates: the buyer prices that line.
          const price =
            c.cost_price !== null && (c.currency ?? DEFAULT_CURRENCY) === currency
              ? fromMinorUnits(c.cost_price, currency)
              : 0;
          const line = lines.get(c.product_id);
          if (line) {
            line.quantity += quantity;
            line.warehouses.add(c.warehouse_id);
          } else {
            lines.set(c.product_id, {
              product_id: c.product_id,
              quantity,
              unit_price: price,
              warehouses: new Set([c.warehouse_id]),
            });
          }
        }
        const leadTime = supplier.lead_time_days;
        const input: PurchaseOrderCreateBody = {
          supplier_id: supplierId,
          warehouse_id: warehouse.id,
          order_date: today,
          expected_delivery_date: leadTime === null ? null : addDays(today, leadTime),
          currency,
          internal_notes: AUTO_REORDER_NOTE,
          line_items: [...lines.values()].map((line) => ({
            product_id: line.product_id,
            quantity_ordered: line.quantity,
            unit_price: line.unit_price,
            warehouse_id: line.warehouses.size === 1 ? [...line.warehouses][0]! : null,
          })),
        };
        created.push(await orders.create(tenantId, userId, input));
      }
      return created;
    });
  }
}
