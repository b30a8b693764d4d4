// The application's services, built by hand in the order they depend on each other: each is given everything it
// needs at construction, so reading this function top to bottom is reading the build order. No container.
import type { Config } from './config.js';
import { UNWATCHED } from './db/change-watch.js';
import type { Database } from './db/database.js';
import type { Executor } from './db/transaction.js';
import { AnswerCache } from './http/answer-cache.js';
import { IdempotencyRepository } from './http/idempotency/idempotency.repository.js';
import type { Clock } from './lib/clock.js';
import type { IdGenerator } from './lib/ids.js';
import { createMailer } from './lib/mailer.js';
import { serviceLog, silentLog, type ServiceLog } from './lib/service-log.js';
import { LoginThrottle } from './modules/auth/login-throttle.js';
import { LoginThrottleRepository } from './modules/auth/login-throttle.repository.js';
import { SessionRepository } from './modules/auth/sessions/session.repository.js';
import { SessionService } from './modules/auth/sessions/session.service.js';
import { SignInService } from './modules/auth/sign-in.service.js';
import { TOKEN_CACHE_TABLES, TokenCache } from './modules/auth/tokens/token-cache.js';
import { TokenRepository } from './modules/auth/tokens/token.repository.js';
import { TokenService } from './modules/auth/tokens/token.service.js';
import { TwoFactorService } from './modules/auth/two-factor/two-factor.service.js';
import { CATALOG_ANSWER_TABLES } from './modules/catalog/catalog-answers.js';
import { createCatalog } from './modules/catalog/catalog.js';
import { ProductRepository } from './modules/catalog/products/product.repository.js';
import { createCrm } from './modules/crm/index.js';
import { createDocuments } from './modules/documents/index.js';
import { createImports } from './modules/imports/index.js';
import { EventFeedService } from './modules/events/event-feed.service.js';
import { EventPublisher } from './modules/events/event-publisher.js';
import { EventRecorder } from './modules/events/event-recorder.js';
import { EventRepository } from './modules/events/event.repository.js';
import { EventSignal } from './modules/events/event-signal.js';
import { RetentionService } from './modules/events/retention.service.js';
import { createAuditLog } from './modules/audit/index.js';
import { createInventory } from './modules/inventory/inventory.js';
import { createStockLedger } from './modules/inventory/stock/index.js';
import { WarehouseRepository } from './modules/inventory/warehouses/warehouse.repository.js';
import { WarehouseService } from './modules/inventory/warehouses/warehouse.service.js';
import {
  createIncomingStock,
  createPurchaseOrders,
  createSupplierPerformance,
} from './modules/purchasing/purchase-orders/index.js';
import { createLabels } from './modules/labels/index.js';
import { createBackorderedDemand, createOpenOrderCount, createSales } from './modules/sales/index.js';
import { TenantRepository } from './modules/tenancy/tenant.repository.js';
import { TenantService } from './modules/tenancy/tenant.service.js';
import { UserCredentials } from './modules/tenancy/user-credentials.js';
import { UserRepository } from './modules/tenancy/user.repository.js';
import { UserService } from './modules/tenancy/user.service.js';
import { createUserAdministration } from './modules/tenancy/index.js';
import { createDeliveryFanOut, createWebhooks } from './modules/webhooks/index.js';
import type { Resolver } from './modules/webhooks/transport/address-guard.js';

/** Where the HTTP API is mounted; services that build links to it (downloads) need it. */
export const API_PREFIX = '/api/v1';

export interface ServiceDeps {
  db: Executor;
  /**
   * The database `db` belongs to, whose change watch lets authentication keep tokens in memory. Absent (tests
   * and tools that build services on a bare Kysely): every request reads its token from the database.
   */
  database?: Pick<Database, 'watchChanges'>;
  /** DNS used by the webhook SSRF checks; tests inject one. */
  webhookResolver?: Resolver;
  clock: Clock;
  newId: IdGenerator;
  /** The app's logger; lines written while a request is handled carry its id. Absent: nothing is logged. */
  log?: ServiceLog;
  config: Pick<
    Config,
    | 'eventRetentionDays'
    | 'auditRetentionDays'
    | 'sessionLifetimeMinutes'
    | 'loginMaxAttempts'
    | 'twoFactorMaxAttemptsPerUser'
    | 'smtpUrl'
    | 'mailFrom'
    | 'documentStorage'
    | 'webhooks'
    | 'imports'
    | 'answerCacheBytes'
  >;
}

export function createServices({ db, database, clock, newId, config, webhookResolver, log: appLog }: ServiceDeps) {
  const log = serviceLog(appLog ?? silentLog);
  const repositories = {
    tenants: new TenantRepository(),
    users: new UserRepository(),
    tokens: new TokenRepository(),
    warehouses: new WarehouseRepository(),
    idempotency: new IdempotencyRepository(),
    events: new EventRepository(),
    sessions: new SessionRepository(),
  };

  // The audit log comes first: every service that changes data records its entries through it.
  const audit = createAuditLog({ db, clock, newId, retentionDays: config.auditRetentionDays });

  // Tenancy: a tenant is created with its first user and its default warehouse.
  const users = new UserService({
    db,
    users: repositories.users,
    tenants: repositories.tenants,
    audit: audit.service,
    clock,
    newId,
  });
  const warehouses = new WarehouseService({
    db,
    warehouses: repositories.warehouses,
    audit: audit.service,
    clock,
    newId,
  });
  const tenants = new TenantService({
    db,
    tenants: repositories.tenants,
    audit: audit.service,
    users,
    warehouses,
    clock,
    newId,
  });

  // Signing in: tokens, sessions, the throttle and two-factor codes.
  const tokenCache = new TokenCache(database ? database.watchChanges(TOKEN_CACHE_TABLES) : UNWATCHED);
  const tokens = new TokenService({
    db,
    tokens: repositories.tokens,
    cache: tokenCache,
    audit: audit.service,
    clock,
    newId,
  });
  const sessions = new SessionService({
    db,
    sessions: repositories.sessions,
    tokens,
    clock,
    lifetimeMinutes: config.sessionLifetimeMinutes,
  });
  const loginThrottle = new LoginThrottle({
    db,
    attempts: new LoginThrottleRepository(),
    clock,
    newId,
    maxAttempts: config.loginMaxAttempts,
    twoFactorMaxAttemptsPerUser: config.twoFactorMaxAttemptsPerUser,
  });
  const credentials = new UserCredentials({ users: repositories.users });
  const twoFactor = new TwoFactorService({ db, users: credentials, audit: audit.service, clock });
  const signIn = new SignInService({
    db,
    users: credentials,
    sessions,
    twoFactor,
    throttle: loginThrottle,
    audit: audit.service,
  });

  // Mail goes through one SMTP transport for the process (invitation and reset links, purchase orders); without
  // SMTP_URL the mailer is disabled: links are answered to the administrator, and email_sent is false.
  const mailer = createMailer({ smtpUrl: config.smtpUrl, mailFrom: config.mailFrom });

  // User administration: after sign-in, whose sessions a deactivation or a password change ends.
  const userAdministration = createUserAdministration({
    db,
    users: repositories.users,
    userService: users,
    sessions,
    audit: audit.service,
    mailer,
    log,
    clock,
    newId,
  });

  // Events: recorded in the transaction of each change; commits wake the publisher at once (and other
  // processes' through NOTIFY on PostgreSQL), which hands what it publishes to the webhook fan-out.
  const eventSignal = new EventSignal({ db, log, newId });
  const events = new EventRecorder({ events: repositories.events, clock, newId, signal: eventSignal });
  const publisher = new EventPublisher({
    db,
    events: repositories.events,
    clock,
    newId,
    fanOut: createDeliveryFanOut({ clock, newId }),
  });
  const eventFeed = new EventFeedService({ db, events: repositories.events });
  const webhooks = createWebhooks({
    db,
    audit: audit.service,
    clock,
    newId,
    publisher,
    signal: eventSignal,
    settings: config.webhooks,
    resolve: webhookResolver,
  });
  const retention = new RetentionService({
    db,
    events: repositories.events,
    idempotency: repositories.idempotency,
    sessions,
    loginAttempts: loginThrottle,
    auditLog: audit.service,
    clock,
    eventRetentionDays: config.eventRetentionDays,
    // Events with deliveries still open stay; the webhooks module keeps and deletes the deliveries.
    deliveries: webhooks.deliveryRepository,
  });

  // The stock ledger comes before the catalog (products are created with their initial stock) and keeps the
  // products' totals through the catalog's product repository, which holds no state; supplier performance is read from purchase orders, whose module needs the catalog and so comes after it.
  const stock = createStockLedger({
    warehouses,
    events,
    audit: audit.service,
    clock,
    newId,
    products: new ProductRepository(),
    // Stock that arrives goes to backordered sales order lines; sales is built after the ledger.
    arrivals: () => sales.allocation.arrivals,
  });
  // Products and product pages served from memory while the catalog is unchanged; none with a budget of 0.
  const catalogAnswers =
    config.answerCacheBytes > 0
      ? new AnswerCache(database ? database.watchChanges(CATALOG_ANSWER_TABLES) : UNWATCHED, config.answerCacheBytes)
      : null;
  const catalog = createCatalog({
    db,
    clock,
    newId,
    events,
    audit: audit.service,
    stock,
    tenants,
    supplierPerformance: createSupplierPerformance(),
  });
  // Availability and the reorder report read what sales orders wait for and what purchase orders bring, from
  // modules built later: both reads need nothing back, so they are built here and handed over.
  const inventory = createInventory({
    db,
    clock,
    newId,
    events,
    warehouses,
    stock,
    users,
    tenants,
    backorders: createBackorderedDemand(),
    incoming: createIncomingStock(),
  });

  // Purchasing mails orders to suppliers through the mailer above.
  const purchaseOrders = createPurchaseOrders({
    db,
    clock,
    newId,
    events,
    audit: audit.service,
    warehouses,
    stock,
    mailer,
    log,
    suppliers: catalog.suppliers.service,
    products: catalog.products.service,
    users,
    tenants,
    reorder: inventory.reorder.service,
  });

  // Labels print the catalog's products, also the goods of a purchase order's receipt.
  const labels = createLabels({ products: catalog.products.service, receipts: purchaseOrders.receiving });

  // Customers, the first part of sales. The sales orders that reference them give the count of a customer's
  // open orders that refuses its deletion (customer.open-orders.ts), read from their table, which needs nothing.
  const crm = createCrm({ db, clock, newId, events, audit: audit.service, openOrders: createOpenOrderCount() });

  // Sales orders: for customers, of the catalog's products, reserving stock through the ledger.
  const sales = createSales({
    db,
    clock,
    newId,
    events,
    audit: audit.service,
    customers: crm.customers.service,
    products: catalog.products.service,
    tenants,
    users,
    warehouses,
    stock,
  });

  // Documents attach to products, suppliers and purchase orders, so they come last.
  const documents = createDocuments({
    db,
    clock,
    newId,
    audit: audit.service,
    apiPrefix: API_PREFIX,
    storage: config.documentStorage,
    owners: {
      product: async (tenantId, id, trx) => void (await catalog.products.service.find(tenantId, id, trx)),
      supplier: async (tenantId, id, trx) => void (await catalog.suppliers.service.get(tenantId, id, trx)),
      purchase_order: async (tenantId, id, trx) => void (await purchaseOrders.service.get(tenantId, id, trx)),
    },
  });
  // Imports write through the catalog's, inventory's and sales' services, so they come after them; their files wait in
  // the document storage.
  const imports = createImports({
    db,
    clock,
    newId,
    events,
    storage: documents.storage,
    catalog,
    inventory,
    warehouses,
    crm,
    sales,
    settings: config.imports,
  });
  return {
    imports,
    db,
    clock,
    newId,
    log,
    audit,
    repositories,
    users,
    warehouses,
    tenants,
    tokenCache,
    tokens,
    sessions,
    twoFactor,
    signIn,
    userAdministration,
    retention,
    events,
    eventSignal,
    stock,
    catalog,
    catalogAnswers,
    inventory,
    purchaseOrders,
    labels,
    crm,
    sales,
    mailer,
    documents,
    publisher,
    eventFeed,
    webhooks,
  };
}

export type Services = ReturnType<typeof createServices>;
