// A product's availability: stock per active warehouse, the goods due on purchase orders, the backordered demand
// of sales orders, and what remains available to promise (available-to-promise.ts).
import { NotFoundError } from '../../../core/errors.js';
import type { Executor } from '../../../db/transaction.js';
import { availableToPromise } from './available-to-promise.js';
import type { AvailabilityRepository } from './availability.repository.js';
import type { AvailabilityResponse } from './availability.schemas.js';
import { noBackorders, nothingIncoming, type BackorderedDemand, type IncomingStock } from './stock-demand.js';

export interface AvailabilityServiceDeps {
  db: Executor;
  repository: AvailabilityRepository;
  /** Sales orders' backordered demand; none without it. */
  backorders?: BackorderedDemand;
  /** Goods due on purchase orders; none without it. */
  incoming?: IncomingStock;
}

export class AvailabilityService {
  private readonly db: Executor;
  private readonly repository: AvailabilityRepository;
  private readonly backorders: BackorderedDemand;
  private readonly incoming: IncomingStock;

  constructor(deps: AvailabilityServiceDeps) {
    this.db = deps.db;
    this.repository = deps.repository;
    this.backorders = deps.backorders ?? noBackorders;
    this.incoming = deps.incoming ?? nothingIncoming;
  }

  /** @throws NotFoundError('Product') for an unknown, deleted or other tenant's product. */
  async ofProduct(tenantId: string, productId: string): Promise<AvailabilityResponse> {
    const product = await this.repository.product(this.db, tenantId, productId);
    if (!product) throw new NotFoundError('Product');
    const [stock, incoming, backorders] = await Promise.all([
      this.repository.stockByWarehouse(this.db, tenantId, productId),
      this.incoming(this.db, tenantId, productId),
      this.backorders(this.db, tenantId, [productId]),
    ]);
    // Goods due to a warehouse that is inactive or gone cannot be promised from it: they are left out.
    const active = new Set(stock.map((w) => w.warehouse_id));
    const due = incoming.filter((line) => active.has(line.warehouse_id));
    const dueTo = (warehouseId: string) => due.filter((line) => line.warehouse_id === warehouseId);
    const { warehouses, totals } = availableToPromise(
      stock.map((w) => ({
        warehouse_id: w.warehouse_id,
        quantity_on_hand: w.quantity_on_hand,
        quantity_reserved: w.quantity_reserved,
        quantity_incoming: dueTo(w.warehouse_id).reduce((sum, line) => sum + line.quantity, 0),
      })),
      backorders.get(productId) ?? 0,
    );
    return {
      product_id: product.id,
      sku: product.sku,
      name: product.name,
      totals,
      warehouses: warehouses.map((w, index) => ({
        warehouse_id: w.warehouse_id,
        warehouse_code: stock[index]!.warehouse_code,
        warehouse_name: stock[index]!.warehouse_name,
        quantity_on_hand: w.quantity_on_hand,
        quantity_reserved: w.quantity_reserved,
        quantity_available: w.quantity_available,
        quantity_incoming: w.quantity_incoming,
        quantity_backordered: w.quantity_backordered,
        available_to_promise: w.available_to_promise,
        incoming: dueTo(w.warehouse_id),
      })),
      incoming: due,
    };
  }
}
