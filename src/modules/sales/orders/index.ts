// Wires the sales orders part: repositories, presenter, history, the shipping progress, service and routes.
import type { Executor } from '../../../db/transaction.js';
import type { OrderAllocation } from '../allocation/order-allocation.js';
import type { SalesDeps } from '../sales.deps.js';
import { OrderHistory } from './order-history.js';
import type { OrderLineRepository } from './order-lines.repository.js';
import { OrderProgress } from './order-progress.js';
import { OrderPresenter } from './order.presenter.js';
import { OrderRepository } from './order.repository.js';
import { orderRoutes } from './order.routes.js';
import { OrderService, type UnshippedShipments } from './order.service.js';
import { SalesSequenceRepository } from './sales-sequence.repository.js';

export { OrderService, type AllocatedOrder, type UnshippedShipments } from './order.service.js';
export { OrderProgress } from './order-progress.js';
export { OrderLineRepository, type LineQuantities, type OrderLine } from './order-lines.repository.js';
export { SalesSequenceRepository } from './sales-sequence.repository.js';
export type { OrderResource } from './order.presenter.js';

/** The open orders of a customer, which refuse its deletion: given to the customers module, built before sales. */
export function createOpenOrderCount() {
  const orders = new OrderRepository();
  return (db: Executor, tenantId: string, customerId: string) => orders.countOpenOfCustomer(db, tenantId, customerId);
}

export function createOrders(
  deps: SalesDeps & { allocation: OrderAllocation; lines: OrderLineRepository; cancelShipments?: UnshippedShipments },
) {
  const orders = new OrderRepository();
  const presenter = new OrderPresenter(deps.users, deps.lines);
  const history = new OrderHistory(deps.audit, deps.events);
  const progress = new OrderProgress({ orders, lines: deps.lines, presenter, history, clock: deps.clock });
  const service = new OrderService({
    ...deps,
    orders,
    sequences: new SalesSequenceRepository(),
    presenter,
    history,
    progress,
  });
  return { service, progress, routes: orderRoutes({ service }) };
}
