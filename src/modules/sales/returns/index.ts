// Wires returns: repository, service and routes, on the orders' line repository, number sequence and service.
import type { OrderLineRepository } from '../orders/order-lines.repository.js';
import type { OrderService } from '../orders/order.service.js';
import { SalesSequenceRepository } from '../orders/sales-sequence.repository.js';
import type { SalesDeps } from '../sales.deps.js';
import { ReturnRepository } from './return.repository.js';
import { returnRoutes } from './return.routes.js';
import { ReturnService } from './return.service.js';

export function createReturns(deps: SalesDeps & { lines: OrderLineRepository; orders: OrderService }) {
  const service = new ReturnService({
    db: deps.db,
    returns: new ReturnRepository(),
    lines: deps.lines,
    sequences: new SalesSequenceRepository(),
    orders: deps.orders,
    warehouses: deps.warehouses,
    stock: deps.stock,
    events: deps.events,
    audit: deps.audit,
    clock: deps.clock,
    newId: deps.newId,
  });
  return { service, routes: returnRoutes({ service }) };
}

export { ReturnService, returnResource } from './return.service.js';
