// Wires the shipments part: repository, service, documents and routes.
import type { OrderLineRepository } from '../orders/order-lines.repository.js';
import type { SalesSequenceRepository } from '../orders/sales-sequence.repository.js';
import type { SalesDeps } from '../sales.deps.js';
import { ShipmentDocuments } from './shipment.documents.js';
import { ShipmentRepository } from './shipment.repository.js';
import { shipmentRoutes } from './shipment.routes.js';
import { ShipmentService, type ShipmentProgress } from './shipment.service.js';

export { ShipmentService, type ShipmentProgress } from './shipment.service.js';

export function createShipments(
  deps: SalesDeps & { lines: OrderLineRepository; sequences: SalesSequenceRepository; progress: ShipmentProgress },
) {
  const service = new ShipmentService({
    db: deps.db,
    shipments: new ShipmentRepository(),
    lines: deps.lines,
    sequences: deps.sequences,
    ledger: deps.stock,
    warehouses: deps.warehouses,
    events: deps.events,
    audit: deps.audit,
    clock: deps.clock,
    newId: deps.newId,
    progress: deps.progress,
  });
  const documents = new ShipmentDocuments({ shipments: service, warehouses: deps.warehouses, tenants: deps.tenants });
  return { service, documents, routes: shipmentRoutes({ service, documents }) };
}
