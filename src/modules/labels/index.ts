// Wires the labels module: printable barcode labels of the catalog's products, also for a purchase order's receipts.
import { labelRoutes } from './label.routes.js';
import { LabelService, type LabelServiceDeps } from './label.service.js';

export function createLabels(deps: LabelServiceDeps) {
  const service = new LabelService(deps);
  return { service, routes: labelRoutes({ service }) };
}
