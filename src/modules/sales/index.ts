// The sales modules (docs/sales.md): orders and their allocation; shipments and returns add their parts here. Built
// after the customers, the catalog and inventory, whose services they use.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { createAllocation } from './allocation/index.js';
import { OrderLineRepository } from './orders/order-lines.repository.js';
import { createOrders } from './orders/index.js';
import type { SalesDeps } from './sales.deps.js';

export type { SalesDeps } from './sales.deps.js';
export { createOpenOrderCount } from './orders/index.js';

export function createSales(deps: SalesDeps) {
  const lines = new OrderLineRepository();
  const allocation = createAllocation({ stock: deps.stock });
  const orders = createOrders({ ...deps, allocation, lines });
  return { orders, allocation };
}

export type Sales = ReturnType<typeof createSales>;

/** Every sales part's routes. */
export function salesRoutes({ sales }: { sales: Sales }): FastifyPluginAsyncTypebox {
  return async (api) => {
    await api.register(sales.orders.routes);
  };
}
