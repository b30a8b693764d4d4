// Wires the purchase orders module: repository, service and routes.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Executor } from '../../../db/transaction.js';
import type { Clock } from '../../../lib/clock.js';
import type { IdGenerator } from '../../../lib/ids.js';
import type { Mailer } from '../../../lib/mailer.js';
import type { ServiceLog } from '../../../lib/service-log.js';
import type { ProductService } from '../../catalog/products/product.service.js';
import type { SupplierService } from '../../catalog/suppliers/supplier.service.js';
import type { AuditLog } from '../../audit/audit-log.service.js';
import type { EventRecorder } from '../../events/event-recorder.js';
import type { StockLedger } from '../../inventory/stock/stock-ledger.js';
import type { WarehouseService } from '../../inventory/warehouses/warehouse.service.js';
import type { TenantService } from '../../tenancy/tenant.service.js';
import type { UserService } from '../../tenancy/user.service.js';
import { PurchaseOrderMailNotifier } from './purchase-order.mail-notifier.js';
import { silentNotifier } from './purchase-order.notifier.js';
import { purchaseOrderIncoming } from './purchase-order.incoming.js';
import { PurchaseOrderPerformanceSource } from './purchase-order.performance.js';
import { PurchaseOrderRepository } from './purchase-order.repository.js';
import { purchaseOrderRoutes } from './purchase-order.routes.js';
import { PurchaseOrderService } from './purchase-order.service.js';
import type { PurchaseOrderResource } from './purchase-order.presenter.js';
import { PurchaseOrderDocuments } from './purchase-order.documents.js';
import { purchaseOrderDocumentRoutes } from './purchase-order.documents.routes.js';
import type { ReorderService } from '../../inventory/reorder/reorder.service.js';
import { PurchaseOrderReorders } from './purchase-order.reorders.js';
import { purchaseOrderReorderRoutes } from './purchase-order.reorders.routes.js';
import { PurchaseOrderReports } from './purchase-order.reports.js';
import { purchaseOrderReportRoutes } from './purchase-order.reports.routes.js';
import { PurchaseOrderReceivingRepository } from './purchase-order-receiving.repository.js';
import { purchaseOrderReceivingRoutes } from './purchase-order-receiving.routes.js';
import { PurchaseOrderReceivingService } from './purchase-order-receiving.service.js';

export { PurchaseOrderService } from './purchase-order.service.js';
export { TRANSITIONS } from './purchase-order.states.js';
export type { PurchaseOrderResource } from './purchase-order.presenter.js';
export { PurchaseOrderRepository } from './purchase-order.repository.js';
export { PurchaseOrderDocuments, toPurchaseOrderDocument } from './purchase-order.documents.js';
export { silentNotifier, type PurchaseOrderNotifier, type SupplierContact } from './purchase-order.notifier.js';

export interface PurchaseOrderModuleDeps {
  /** The inventory's reorder candidates, for auto-reorder. */
  reorder: Pick<ReorderService, 'candidates'>;
  db: Executor;
  clock: Clock;
  newId: IdGenerator;
  events: EventRecorder;
  audit: AuditLog;
  suppliers: SupplierService;
  warehouses: WarehouseService;
  products: ProductService;
  users: UserService;
  /** Documents print the tenant's name. */
  tenants: TenantService;
  /** Receiving adds stock through it. */
  stock: StockLedger;
  /** Mails orders to suppliers; when it is disabled, nothing is sent and email_sent is false. */
  mailer: Mailer;
  /** Where undelivered e-mail is reported. */
  log: ServiceLog;
}

/** Suppliers' performance read from purchase orders; the catalog is built with it, before this module. */
export function createSupplierPerformance(): PurchaseOrderPerformanceSource {
  return new PurchaseOrderPerformanceSource({ repository: new PurchaseOrderRepository() });
}

/** The goods due on purchase orders; inventory's availability is built with it, before this module. */
export function createIncomingStock() {
  return purchaseOrderIncoming(new PurchaseOrderRepository());
}

export function createPurchaseOrders(deps: PurchaseOrderModuleDeps) {
  const repository = new PurchaseOrderRepository();
  // The e-mail carries the order's document, and the document download reads the order through the service,
  // which is built after its notifier: the documents reach it through a function called only on a download.
  const documents = new PurchaseOrderDocuments({
    db: deps.db,
    orders: { get: (tenantId, id, db): Promise<PurchaseOrderResource> => service.get(tenantId, id, db) },
    suppliers: deps.suppliers,
    warehouses: deps.warehouses,
    tenants: deps.tenants,
  });
  const notifier = deps.mailer.enabled
    ? new PurchaseOrderMailNotifier({ mailer: deps.mailer, documents, log: deps.log })
    : silentNotifier;
  const service = new PurchaseOrderService({ ...deps, repository, notifier });
  const reorders = new PurchaseOrderReorders({ ...deps, repository, notifier });
  const reports = new PurchaseOrderReports({ db: deps.db, clock: deps.clock });
  const receiving = new PurchaseOrderReceivingService({
    ...deps,
    orders: service,
    repository,
    receiving: new PurchaseOrderReceivingRepository(),
  });
  const routes: FastifyPluginAsyncTypebox = async (app) => {
    await app.register(purchaseOrderRoutes({ service }));
    await app.register(purchaseOrderDocumentRoutes({ documents }));
    await app.register(purchaseOrderReorderRoutes({ reorders }));
    await app.register(purchaseOrderReportRoutes({ reports }));
    await app.register(purchaseOrderReceivingRoutes({ service: receiving }));
  };
  return { service, routes, documents, receiving };
}
