// buildTestApp: the real app on a fresh migrated database of the engine under test, plus a tenant with
// an admin and an all-abilities token to call it with. Every app holds its write routes to their audit
// declarations (audit-watch.ts): close() fails when one was broken.
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import type { Database } from '../../src/db/database.js';
import type { Clock } from '../../src/lib/clock.js';
import type { Services } from '../../src/services.js';
import type { Resolver } from '../../src/modules/webhooks/transport/address-guard.js';
import { auditBreachError, watchAuditDeclarations, type AuditWatch } from './audit-watch.js';
import { bearer, makeTenant, makeToken, type TenantFixture } from './factories.js';
import { createTestDatabaseLocation, openTestDatabase, type TestDatabaseLocation } from './test-database.js';

export interface TestApp {
  app: FastifyInstance;
  services: Services;
  database: Database;
  location: TestDatabaseLocation;
  config: Config;
  /** A tenant made for this app, with its admin and an all-abilities token. */
  tenant: TenantFixture;
  token: string;
  auth: { authorization: string };
  /** What the write routes answered with success and whether they wrote audit entries. */
  audit: AuditWatch;
  /** Closes the app and drops its database; then throws if a write route broke its audit declaration. */
  close(): Promise<void>;
}

export interface TestAppOptions {
  config?: Partial<Config>;
  clock?: Clock;
  /** DNS for the webhook SSRF checks. */
  webhookResolver?: Resolver;
  /** Runs before the app is sealed, e.g. to register test-only routes. */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
  /** A pino logger for the app, as the server gives it one (tests that read log lines); no logging otherwise. */
  loggerInstance?: FastifyBaseLogger;
  /** Tracing started by the test (src/tracing/), as `serve` starts it when the configuration turns it on. */
  tracing?: AppOptions['tracing'];
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** DNS for `webhookResolver` under which every webhook host is public, as in production: subscriptions to any name. */
export const publicAddress: Resolver = async () => [{ address: '93.184.216.34', family: 4 }];

/** `call(method, url, payload?, headers?)`: a JSON request to the app, as `auth` unless other headers are given. */
export function jsonCaller(app: FastifyInstance, auth: Record<string, string>) {
  return (method: HttpMethod, url: string, payload?: unknown, headers: Record<string, string> = auth) =>
    app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

export function testConfig(location: TestDatabaseLocation, overrides: Partial<Config> = {}): Config {
  return loadConfig(
    {},
    {
      logLevel: 'silent',
      databaseUrl: location.databaseUrl,
      dataDir: location.dataDir,
      sqliteFile: location.sqliteFile,
      documentStorage: { kind: 'local', directory: path.join(location.dataDir, 'documents') },
      ...overrides,
    },
  );
}

export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const location = await createTestDatabaseLocation();
  const database = openTestDatabase(location);
  const config = testConfig(location, options.config);
  const logging = options.loggerInstance ? { loggerInstance: options.loggerInstance } : { logger: false as const };
  const app = await buildApp({
    config,
    database,
    clock: options.clock,
    ...logging,
    webhookResolver: options.webhookResolver,
    tracing: options.tracing,
  });
  const audit = watchAuditDeclarations(app, database.db);
  await options.beforeReady?.(app);
  await app.ready();
  const services = app.services;
  const tenant = await makeTenant(services);
  const token = await makeToken(services, tenant.tenantId, tenant.adminId);
  return {
    app,
    services,
    database,
    location,
    config,
    tenant,
    token,
    auth: bearer(token),
    audit,
    close: async () => {
      await app.close();
      await database.close();
      await location.drop();
      const breach = auditBreachError(audit);
      if (breach) throw breach;
    },
  };
}
