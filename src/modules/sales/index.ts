// The sales modules (docs/sales.md): orders now; allocation, shipments and returns add their parts here. Built
// after the customers, the catalog and inventory, whose services they use.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { UnallocatedOrders } from './allocation/unallocated-orders.js';
import { OrderLineRepository } from './orders/order-lines.repository.js';
import { openQuantity } from './orders/order-quantities.js';
import { createOrders } from './orders/index.js';
import type { SalesDeps } from './sales.deps.js';

export type { SalesDeps } from './sales.deps.js';
export { createOpenOrderCount } from './orders/index.js';

export function createSales(deps: SalesDeps) {
  const lines = new OrderLineRepository();
  // Until the allocator is wired, no stock is reserved: every open quantity is answered as backordered.
  const allocation = new UnallocatedOrders(async (trx, tenantId, orderId) => {
    const orderLines = await lines.ofOrder(trx, tenantId, orderId);
    const quantities = await lines.quantities(
      trx,
      tenantId,
      orderLines.map((l) => l.id),
    );
    return orderLines.map((line) => ({
      id: line.id,
      product_id: line.product_id,
      open: openQuantity(line, quantities.get(line.id)!.shipped),
    }));
  });
  const orders = createOrders({ ...deps, allocation, lines });
  return { orders };
}

export type Sales = ReturnType<typeof createSales>;

/** Every sales part's routes. */
export function salesRoutes({ sales }: { sales: Sales }): FastifyPluginAsyncTypebox {
  return async (api) => {
    await api.register(sales.orders.routes);
  };
}
