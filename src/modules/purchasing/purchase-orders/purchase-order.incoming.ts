// The goods due on purchase orders, which inventory's availability counts as incoming stock. Inventory is built
// before purchasing, and this needs nothing of either: it is built first and handed over (services.ts).
import type { IncomingStock } from '../../inventory/availability/stock-demand.js';
import type { PurchaseOrderRepository } from './purchase-order.repository.js';

export function purchaseOrderIncoming(repository: PurchaseOrderRepository): IncomingStock {
  return (db, tenantId, productId) => repository.incoming(db, tenantId, productId);
}
