// Wires repositories and services by hand: plain constructors, no container.
import type { Executor } from './db/transaction.js';
import { IdempotencyRepository } from './http/idempotency/idempotency.repository.js';
import { loadConfig, type Config } from './config.js';
import { LoginThrottle } from './modules/auth/login-throttle.js';
import { SessionRepository } from './modules/auth/sessions/session.repository.js';
import { SessionService } from './modules/auth/sessions/session.service.js';
import { SignInService } from './modules/auth/sign-in.service.js';
import { TwoFactorService } from './modules/auth/two-factor/two-factor.service.js';
import type { Clock } from './lib/clock.js';
import type { IdGenerator } from './lib/ids.js';
import { createCatalog } from './modules/catalog/catalog.js';
import { ProductRepository } from './modules/catalog/products/product.repository.js';
import { EventFeedService } from './modules/events/event-feed.service.js';
import { EventPublisher } from './modules/events/event-publisher.js';
import { EventRecorder } from './modules/events/event-recorder.js';
import { EventSignal } from './modules/events/event-signal.js';
import { createWebhooks } from './modules/webhooks/index.js';
import type { Resolver } from './modules/webhooks/transport/address-guard.js';
import { EventRepository } from './modules/events/event.repository.js';
import { RetentionService } from './modules/events/retention.service.js';
import { TokenRepository } from './modules/auth/tokens/token.repository.js';
import { TokenService } from './modules/auth/tokens/token.service.js';
import { createInventory } from './modules/inventory/inventory.js';
import { createPurchaseOrders } from './modules/purchasing/purchase-orders/index.js';
import { PurchaseOrderMailNotifier } from './modules/purchasing/purchase-orders/purchase-order.mail-notifier.js';
import { createMailer } from './lib/mailer.js';
import { serviceLog, silentLog, type ServiceLog } from './lib/service-log.js';
import { createDocuments } from './modules/documents/index.js';
import os from 'node:os';
import path from 'node:path';
import { createStock } from './modules/inventory/stock/index.js';
import { WarehouseRepository } from './modules/inventory/warehouses/warehouse.repository.js';
import { WarehouseService } from './modules/inventory/warehouses/warehouse.service.js';
import { TenantRepository } from './modules/tenancy/tenant.repository.js';
import { TenantService } from './modules/tenancy/tenant.service.js';
import { UserRepository } from './modules/tenancy/user.repository.js';
import { UserService } from './modules/tenancy/user.service.js';

/** Where the HTTP API is mounted; services that build links to it (downloads) need it. */
export const API_PREFIX = '/api/v1';

export interface ServiceDeps {
  db: Executor;
  /** DNS used by the webhook SSRF checks; tests inject one. */
  webhookResolver?: Resolver;
  clock: Clock;
  newId: IdGenerator;
  /** The app's logger; lines written while a request is handled carry its id. Absent: nothing is logged. */
  log?: ServiceLog;
  config: Pick<Config, 'eventRetentionDays' | 'sessionLifetimeMinutes' | 'loginMaxAttempts' | 'twoFactorMaxAttemptsPerUser' | 'publicUrl'> &
    // Optional so that callers without mail (benchmarks) need not name them; absent means no mail.
    Partial<Pick<Config, 'smtpUrl' | 'mailFrom'>> &
    // Absent: documents go to a directory of the system's temporary files and webhooks take their
    // defaults (benchmarks only).
    Partial<Pick<Config, 'documentStorage' | 'webhooks'>>;
}

export function createServices({ db, clock, newId, config, webhookResolver, log: appLog }: ServiceDeps) {
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
  const users = new UserService(db, repositories.users, repositories.tenants, clock, newId);
  const warehouses = new WarehouseService(db, repositories.warehouses, clock, newId);
  const tenants = new TenantService(db, repositories.tenants, users, warehouses, clock, newId);
  const tokens = new TokenService(db, repositories.tokens, clock, newId);
  const sessions = new SessionService(db, repositories.sessions, clock, config.sessionLifetimeMinutes);
  const loginThrottle = new LoginThrottle(db, clock, newId, config.loginMaxAttempts, config.twoFactorMaxAttemptsPerUser);
  const twoFactor = new TwoFactorService(db, repositories.users, clock);
  const signIn = new SignInService(db, repositories.users, sessions, twoFactor, loginThrottle);
  // Commits that recorded events wake the publisher at once (and other processes' through NOTIFY on PostgreSQL).
  const eventSignal = new EventSignal(db, log, newId);
  const events = new EventRecorder(clock, newId, eventSignal);
  const publisher = new EventPublisher(db, clock, newId);
  const eventFeed = new EventFeedService(db, repositories.events);
  const webhooks = createWebhooks({ db, clock, newId, publisher, signal: eventSignal, settings: config.webhooks ?? loadConfig({}).webhooks, publicUrl: config.publicUrl, resolve: webhookResolver });
  const retention = new RetentionService(db, repositories.events, repositories.idempotency, sessions, loginThrottle, clock, config.eventRetentionDays, webhooks.deliveryRepository);
  // The stock ledger keeps the products' totals through the catalog's product repository (the catalog needs stock).
  const stock = createStock({ db, warehouses, events, clock, newId, products: new ProductRepository() });
  const catalog = createCatalog({ db, clock, newId, publicUrl: config.publicUrl, events, stock });
  const inventory = createInventory({ db, clock, newId, events, warehouses, stock, users, publicUrl: config.publicUrl });
  const purchaseOrders = createPurchaseOrders({
    db, clock, newId, events, warehouses, stock, publicUrl: config.publicUrl,
    suppliers: catalog.suppliers.service, products: catalog.products.service, users, tenants,
    reorder: inventory.reorder.service,
  });
  catalog.suppliers.service.usePerformanceSource(purchaseOrders.performance);
  // One SMTP transport for the process; without SMTP_URL the silent notifier stays and email_sent is false.
  const mailer = createMailer({ smtpUrl: config.smtpUrl ?? null, mailFrom: config.mailFrom ?? '' });
  if (mailer.enabled) purchaseOrders.service.useNotifier(new PurchaseOrderMailNotifier(mailer, purchaseOrders.documents, log));
  const documents = createDocuments({
    db, clock, newId, publicUrl: config.publicUrl, apiPrefix: API_PREFIX,
    storage: config.documentStorage ?? { kind: 'local', directory: path.join(os.tmpdir(), 'quartermaster-documents') },
    owners: {
      product: async (tenantId, id, trx) => void (await catalog.products.service.find(tenantId, id, trx)),
      supplier: async (tenantId, id, trx) => void (await catalog.suppliers.service.get(tenantId, id, trx)),
      purchase_order: async (tenantId, id, trx) => void (await purchaseOrders.service.get(tenantId, id, trx)),
    },
  });
  return { db, clock, newId, log, repositories, users, warehouses, tenants, tokens, sessions, twoFactor, signIn, retention, events, eventSignal, stock, catalog, inventory, purchaseOrders, mailer, documents, publisher, eventFeed, webhooks };
}

export type Services = ReturnType<typeof createServices>;
