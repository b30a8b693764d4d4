// The sales modules (docs/sales.md): orders and their allocation, and returns; shipments add their part here. Built
// after the customers, the catalog and inventory, whose services they use.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { createAllocation } from './allocation/index.js';
import { OrderLineRepository } from './orders/order-lines.repository.js';
import { createOrders, SalesSequenceRepository } from './orders/index.js';
import { createShipments } from './shipments/index.js';
import { createReturns } from './returns/index.js';
import type { SalesDeps } from './sales.deps.js';

export type { SalesDeps } from './sales.deps.js';
export { createOpenOrderCount } from './orders/index.js';
export { createBackorderedDemand } from './demand/index.js';

export function createSales(deps: SalesDeps) {
  const lines = new OrderLineRepository();
  const allocation = createAllocation({ stock: deps.stock });
  // Shipments are built after the orders, whose progress they move; the orders cancel the shipments that have
  // not left through a function that reaches them only while serving.
  const orders = createOrders({
    ...deps,
    allocation,
    lines,
    cancelShipments: async (trx, tenantId, orderId, reason) =>
      void (await shipments.service.cancelOpenOfOrder(trx, tenantId, orderId, reason)),
  });
  const shipments = createShipments({
    ...deps,
    lines,
    sequences: new SalesSequenceRepository(),
    progress: async (trx, tenantId, orderId, userId) =>
      void (await orders.progress.recordShipmentProgress(trx, tenantId, orderId, userId)),
  });
  const returns = createReturns({ ...deps, lines, orders: orders.service });
  return { orders, allocation, shipments, returns };
}

export type Sales = ReturnType<typeof createSales>;

/** Every sales part's routes. */
export function salesRoutes({ sales }: { sales: Sales }): FastifyPluginAsyncTypebox {
  return async (api) => {
    await api.register(sales.orders.routes);
    await api.register(sales.shipments.routes);
    await api.register(sales.returns.routes);
  };
}
