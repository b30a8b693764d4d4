// Auto-reorder generation: draft purchase orders, one per supplier, for stock at or below its reorder point.
import type { Transaction } from 'kysely';
import { BusinessRuleError, NotFoundError, ValidationError } from '../../../core/errors.js';
import type { DB } from '../../../db/schema.js';
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

/** A chosen line of the reorder report to order: a product short in a warehouse, and how many to order. */
export interface ReorderSelection {
  product_id: string;
  warehouse_id: string;
  quantity: number;
}

/** A shortage to order, with its quantity, and the position of the selection line it came from (if chosen). */
interface Wanted {
  shortage: Shortage;
  quantity: number;
  line?: number;
}

const recordKey = (productId: string, warehouseId: string) => `${productId}/${warehouseId}`;

export class PurchaseOrderReorders {
  private readonly reorder: Pick<ReorderService, 'candidates'>;

  constructor(private readonly deps: PurchaseOrderReordersDeps) {
    this.reorder = deps.reorder;
  }

  /**
   * Creates one draft order per orderable supplier, all in one transaction through PurchaseOrderService.create
   * (numbers and events as usual). Without `selection`: for every product short in some warehouse and not already
   * on an open order, its reorder quantity (else its deficit, at least 1); products whose supplier cannot take
   * orders (inactive, suspended, ...) are skipped. With `selection`: for exactly those lines of the reorder report,
   * at the quantities given, whether or not the product is on an open order already (the buyer chose it).
   * A product short in several warehouses gets one line with the summed quantity, delivered to the order's
   * warehouse (the tenant's default); a product short in one warehouse is delivered there.
   * @throws ValidationError keyed `lines.<n>` for a chosen line that is not on the reorder report (not at or below
   * its reorder point) or chosen twice, and `lines.<n>.product_id` for one whose product has no preferred supplier
   * or whose supplier cannot take orders; nothing is created then.
   */
  async generate(
    tenantId: string,
    userId: string | null,
    selection?: readonly ReorderSelection[],
  ): Promise<PurchaseOrderResource[]> {
    return inTransaction(this.deps.db, async (trx) => {
      const orders = new PurchaseOrderService({ ...this.deps, db: trx });
      const candidates = await this.reorder.candidates(tenantId, trx);
      const wanted = selection ? chosen(candidates, selection) : await this.automatic(trx, tenantId, candidates);
      const bySupplier = new Map<string, Wanted[]>();
      for (const want of wanted) {
        const group = bySupplier.get(want.shortage.supplier_id) ?? [];
        group.push(want);
        bySupplier.set(want.shortage.supplier_id, group);
      }
      if (bySupplier.size === 0) return [];

      const warehouse = await this.deps.warehouses.resolve(tenantId, null, trx);
      const today = this.deps.clock.now().toISOString().slice(0, 10);
      const refused: Record<string, string[]> = {};
      const drafts: PurchaseOrderCreateBody[] = [];
      for (const [supplierId, group] of bySupplier) {
        const supplier = await this.deps.suppliers
          .assertOrderable(tenantId, supplierId, trx)
          .catch((error: unknown) => {
            if (error instanceof NotFoundError || error instanceof BusinessRuleError) return null;
            throw error;
          });
        if (!supplier) {
          for (const { line, shortage } of group)
            if (line !== undefined)
              refused[`lines.${line}.product_id`] = [
                `The preferred supplier of ${shortage.sku}, ${shortage.supplier_name ?? supplierId}, cannot take orders.`,
              ];
          continue;
        }
        const leadTime = supplier.lead_time_days;
        drafts.push(
          draftOf(group, {
            supplierId,
            warehouseId: warehouse.id,
            today,
            expected: leadTime === null ? null : addDays(today, leadTime),
          }),
        );
      }
      if (Object.keys(refused).length > 0) throw new ValidationError(refused);
      const created: PurchaseOrderResource[] = [];
      for (const draft of drafts) created.push(await orders.create(tenantId, userId, draft));
      return created;
    });
  }

  /** Every shortage with a supplier whose product is on no open order, at its reorder quantity (else its deficit). */
  private async automatic(
    trx: Transaction<DB>,
    tenantId: string,
    candidates: readonly ReorderCandidate[],
  ): Promise<Wanted[]> {
    const shortages = candidates.filter((c): c is Shortage => c.supplier_id !== null);
    const busy = await this.deps.repository.productsOnOpenOrders(trx, tenantId, [
      ...new Set(shortages.map((c) => c.product_id)),
    ]);
    return shortages
      .filter((c) => !busy.has(c.product_id))
      .map((c) => ({
        shortage: c,
        quantity: c.reorder_quantity ?? Math.max(1, c.reorder_point - (c.quantity_on_hand - c.quantity_reserved)),
      }));
  }
}

/**
 * The chosen lines as shortages to order.
 * @throws ValidationError (see `PurchaseOrderReorders.generate`).
 */
function chosen(candidates: readonly ReorderCandidate[], selection: readonly ReorderSelection[]): Wanted[] {
  const byRecord = new Map(candidates.map((c) => [recordKey(c.product_id, c.warehouse_id), c]));
  const seen = new Set<string>();
  const errors: Record<string, string[]> = {};
  const wanted: Wanted[] = [];
  selection.forEach((line, index) => {
    const key = recordKey(line.product_id, line.warehouse_id);
    const candidate = byRecord.get(key);
    if (seen.has(key)) errors[`lines.${index}`] = ['This product and warehouse are chosen twice.'];
    else if (!candidate)
      errors[`lines.${index}`] = [
        'This product is not at or below its reorder point in this warehouse: it is not on the reorder report.',
      ];
    else if (candidate.supplier_id === null)
      errors[`lines.${index}.product_id`] = [`${candidate.sku} has no preferred supplier to order from.`];
    else wanted.push({ shortage: candidate as Shortage, quantity: line.quantity, line: index });
    seen.add(key);
  });
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return wanted;
}

/** One supplier's draft order: a line per product, its quantities summed over the warehouses short of it. */
function draftOf(
  group: readonly Wanted[],
  order: { supplierId: string; warehouseId: string; today: string; expected: string | null },
): PurchaseOrderCreateBody {
  const currency =
    group.map((w) => w.shortage.currency).find((c): c is string => c !== null && isCurrency(c)) ?? DEFAULT_CURRENCY;
  const lines = new Map<string, Line>();
  for (const { shortage: c, quantity } of group) {
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
  return {
    supplier_id: order.supplierId,
    warehouse_id: order.warehouseId,
    order_date: order.today,
    expected_delivery_date: order.expected,
    currency,
    internal_notes: AUTO_REORDER_NOTE,
    line_items: [...lines.values()].map((line) => ({
      product_id: line.product_id,
      quantity_ordered: line.quantity,
      unit_price: line.unit_price,
      warehouse_id: line.warehouses.size === 1 ? [...line.warehouses][0]! : null,
    })),
  };
}
