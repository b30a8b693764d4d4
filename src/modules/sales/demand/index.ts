// Sales orders' backordered demand per product, which inventory's availability and reorder report count. Built
// before inventory (it needs nothing of it) and handed over as a function (services.ts).
import type { BackorderedDemand } from '../../inventory/availability/stock-demand.js';
import { backorderedQuantity, openQuantity } from '../orders/order-quantities.js';
import { BackorderedDemandRepository } from './backordered-demand.repository.js';

export function createBackorderedDemand(): BackorderedDemand {
  const repository = new BackorderedDemandRepository();
  return async (db, tenantId, products) => {
    const demand = new Map<string, number>();
    for (const line of await repository.waitingLines(db, tenantId, products)) {
      // Every line read belongs to an order that owes goods.
      const backordered = backorderedQuantity(openQuantity(line, line.shipped), line.allocated, true);
      if (backordered > 0) demand.set(line.product_id, (demand.get(line.product_id) ?? 0) + backordered);
    }
    return demand;
  };
}
