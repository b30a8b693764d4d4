// Wires the customers module: repository, service and routes.
import type { CrmDeps } from '../crm.deps.js';
import { CustomerRepository } from './customer.repository.js';
import { customerRoutes } from './customer.routes.js';
import { CustomerService } from './customer.service.js';

export { CustomerService, customerResource } from './customer.service.js';
export type { Customer } from './customer.repository.js';
export type { OpenOrderCount } from './customer.open-orders.js';

export function createCustomers(deps: CrmDeps) {
  const service = new CustomerService({
    db: deps.db,
    customers: new CustomerRepository(),
    events: deps.events,
    audit: deps.audit,
    clock: deps.clock,
    newId: deps.newId,
    openOrders: deps.openOrders,
  });
  return { service, routes: customerRoutes({ service }) };
}
