// Wires the imports module: the jobs' repository and service, an importer per type, the routes, and a runner per
// worker (src/worker.ts) that this process's uploads wake at once.
import type { FastifyBaseLogger } from 'fastify';
import type { ImportSettings } from '../../config.js';
import type { ImportType } from '../../db/schema.js';
import type { Executor } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import type { IdGenerator } from '../../lib/ids.js';
import type { DocumentStorage } from '../documents/storage/document-storage.js';
import type { EventRecorder } from '../events/event-recorder.js';
import type { Catalog } from '../catalog/catalog.js';
import type { WarehouseService } from '../inventory/warehouses/warehouse.service.js';
import { ImportRunner, type ImportCounts } from './import-runner.js';
import { ImportRepository } from './import.repository.js';
import { importRoutes } from './import.routes.js';
import { ImportService } from './import.service.js';
import { ProductExport } from './product-export.js';
import { SalesOrderExport } from './sales-order-export.js';
import type { RowImporter } from './importers/row-importer.js';
import { categoryImporter } from './importers/categories.js';
import { productImporter } from './importers/products.js';
import { References } from './importers/references.js';
import { stockLevelImporter } from './importers/stock-levels.js';
import { supplierImporter } from './importers/suppliers.js';
import type { Inventory } from '../inventory/inventory.js';
import type { Crm } from '../crm/index.js';
import type { Sales } from '../sales/index.js';
import { salesOrderImporter } from './importers/sales-orders.js';

export interface ImportModuleDeps {
  db: Executor;
  clock: Clock;
  newId: IdGenerator;
  events: EventRecorder;
  /** Where uploaded files wait for their job: the document storage, which every process shares. */
  storage: DocumentStorage;
  catalog: Catalog;
  inventory: Inventory;
  warehouses: WarehouseService;
  crm: Crm;
  sales: Sales;
  settings: ImportSettings;
}

export function createImports(deps: ImportModuleDeps) {
  const jobs = new ImportRepository();
  const references = new References({
    categories: deps.catalog.categories.service,
    suppliers: deps.catalog.suppliers.service,
    brands: deps.catalog.brands.service,
    tags: deps.catalog.tags.service,
    products: deps.catalog.products.service,
    warehouses: deps.warehouses,
  });
  const { catalog } = deps;
  const importers: Record<ImportType, RowImporter> = {
    products: productImporter({
      products: catalog.products.service,
      variants: catalog.variants.service,
      masters: catalog.masterProducts.service,
      attributes: catalog.attributes.service,
      references,
    }),
    suppliers: supplierImporter(deps.catalog.suppliers.service),
    categories: categoryImporter(deps.catalog.categories.service, references),
    stock_levels: stockLevelImporter(deps.inventory.operations.service, references),
    sales_orders: salesOrderImporter({
      orders: deps.sales.orders.service,
      customers: deps.crm.customers.service,
      references,
    }),
  };
  const runners = new Set<ImportRunner>();
  const counts: ImportCounts = { rows: 0 };
  const service = new ImportService({
    db: deps.db,
    jobs,
    storage: deps.storage,
    clock: deps.clock,
    newId: deps.newId,
    queued: () => runners.forEach((runner) => runner.wake()),
  });

  /** A runner for a worker of this process; it holds the jobs it claims under an id of its own. */
  const createRunner = (log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>) => {
    const runner = new ImportRunner({
      db: deps.db,
      jobs,
      storage: deps.storage,
      importers,
      events: deps.events,
      clock: deps.clock,
      newId: deps.newId,
      leaseMs: deps.settings.leaseMs,
      refusalLimits: deps.settings,
      log,
      counts,
    });
    runners.add(runner);
    return runner;
  };

  const productExport = new ProductExport({
    db: deps.db,
    products: catalog.products.service,
    masters: catalog.masterProducts.service,
    attributes: catalog.attributes.service,
  });
  const salesOrderExport = new SalesOrderExport({
    orders: deps.sales.orders.service,
    customers: deps.crm.customers.service,
  });
  const routes = importRoutes({
    service,
    productExport,
    salesOrderExport,
    importers,
    maxFileBytes: deps.settings.maxFileBytes,
    now: () => deps.clock.now(),
  });
  return { service, jobs, importers, productExport, createRunner, routes, counts: counts as Readonly<ImportCounts> };
}
