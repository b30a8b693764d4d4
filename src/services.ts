// Wires repositories and services by hand: plain constructors, no container.
import type { Executor } from './db/transaction.js';
import { IdempotencyRepository } from './http/idempotency/idempotency.repository.js';
import type { Config } from './config.js';
import { LoginThrottle } from './modules/auth/login-throttle.js';
import { SessionRepository } from './modules/auth/sessions/session.repository.js';
import { SessionService } from './modules/auth/sessions/session.service.js';
import { SignInService } from './modules/auth/sign-in.service.js';
import { TwoFactorService } from './modules/auth/two-factor/two-factor.service.js';
import type { Clock } from './lib/clock.js';
import type { IdGenerator } from './lib/ids.js';
import { createCatalog } from './modules/catalog/catalog.js';
import { EventRecorder } from './modules/events/event-recorder.js';
import { EventRepository } from './modules/events/event.repository.js';
import { RetentionService } from './modules/events/retention.service.js';
import { TokenRepository } from './modules/auth/tokens/token.repository.js';
import { TokenService } from './modules/auth/tokens/token.service.js';
import { createInventory } from './modules/inventory/inventory.js';
import { createPurchaseOrders } from './modules/purchasing/purchase-orders/index.js';
import { PurchaseOrderMailNotifier } from './modules/purchasing/purchase-orders/purchase-order.mail-notifier.js';
import { createMailer } from './lib/mailer.js';
import { createStock } from './modules/inventory/stock/index.js';
import { WarehouseRepository } from './modules/inventory/warehouses/warehouse.repository.js';
import { WarehouseService } from './modules/inventory/warehouses/warehouse.service.js';
import { TenantRepository } from './modules/tenancy/tenant.repository.js';
import { TenantService } from './modules/tenancy/tenant.service.js';
import { UserRepository } from './modules/tenancy/user.repository.js';
import { UserService } from './modules/tenancy/user.service.js';

export interface ServiceDeps {
  db: Executor;
  clock: Clock;
  newId: IdGenerator;
  config: Pick<Config, 'eventRetentionDays' | 'sessionLifetimeMinutes' | 'loginMaxAttempts' | 'publicUrl'> &
    // Optional so that callers without mail (benchmarks) need not name them; absent means no mail.
    Partial<Pick<Config, 'smtpUrl' | 'mailFrom'>>;
}

export function createServices({ db, clock, newId, config }: ServiceDeps) {
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
  const tokens = new TokenService(db, repositories.tokens, repositories.users, clock, newId);
  const sessions = new SessionService(db, repositories.sessions, clock, config.sessionLifetimeMinutes);
  const loginThrottle = new LoginThrottle(db, clock, newId, config.loginMaxAttempts);
  const twoFactor = new TwoFactorService(db, repositories.users, clock);
  const signIn = new SignInService(db, repositories.users, sessions, twoFactor, loginThrottle);
  const retention = new RetentionService(db, repositories.events, repositories.idempotency, sessions, loginThrottle, clock, config.eventRetentionDays);
  const events = new EventRecorder(clock, newId);
  const stock = createStock({ db, warehouses, events, clock, newId });
  const catalog = createCatalog({ db, clock, newId, publicUrl: config.publicUrl, events, stock });
  const inventory = createInventory({ db, clock, newId, events, warehouses, stock, publicUrl: config.publicUrl });
  const purchaseOrders = createPurchaseOrders({
    db, clock, newId, events, warehouses, stock, publicUrl: config.publicUrl,
    suppliers: catalog.suppliers.service, products: catalog.products.service, users: repositories.users,
    reorder: inventory.reorder.service,
  });
  catalog.suppliers.service.usePerformanceSource(purchaseOrders.performance);
  // One SMTP transport for the process; without SMTP_URL the silent notifier stays and email_sent is false.
  const mailer = createMailer({ smtpUrl: config.smtpUrl ?? null, mailFrom: config.mailFrom ?? '' });
  if (mailer.enabled) purchaseOrders.service.useNotifier(new PurchaseOrderMailNotifier(mailer, purchaseOrders.documents));
  return { db, clock, newId, repositories, users, warehouses, tenants, tokens, sessions, twoFactor, signIn, retention, events, stock, catalog, inventory, purchaseOrders, mailer };
}

export type Services = ReturnType<typeof createServices>;
