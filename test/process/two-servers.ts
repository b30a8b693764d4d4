// Two server processes on one fresh, migrated database, for the tests of rules that must hold across processes.
// The database is prepared through the services in this process first and closed again, so that only the two
// servers write while the test runs; what they left is read afterwards with `inspect`, once they are killed.
import type { Executor } from '../../src/db/transaction.js';
import { systemClock } from '../../src/lib/clock.js';
import { newId } from '../../src/lib/ids.js';
import { createServices, type Services } from '../../src/services.js';
import { makeTenant, makeToken } from '../helpers/factories.js';
import { testConfig } from '../helpers/test-app.js';
import { createTestDatabaseLocation, openTestDatabase, type TestDatabaseLocation } from '../helpers/test-database.js';
import { killAll, processEnv, startServerProcess, type ServerProcess } from './processes.js';

export interface Preparation {
  services: Services;
  db: Executor;
  tenantId: string;
}

export interface TwoServers<Prepared> {
  location: TestDatabaseLocation;
  tenantId: string;
  prepared: Prepared;
  /** POSTs `body` as JSON (or nothing) to `/api/v1<path>` on server `i % 2` with the tenant admin's token. */
  post<Body = unknown>(i: number, path: string, body?: object): Promise<{ status: number; body: Body }>;
  /** Kills both servers, then runs `read` on the database they wrote. */
  inspect<T>(read: (db: Executor) => Promise<T>): Promise<T>;
}

/**
 * A tenant with an admin token, prepared by `prepare` in this process, then served by two `serve --no-worker`
 * processes. The caller drops `location` when done (after `killAll`).
 */
export async function startTwoServers<Prepared>(
  prepare: (preparation: Preparation) => Promise<Prepared>,
): Promise<TwoServers<Prepared>> {
  const location = await createTestDatabaseLocation({ migrated: true });
  const database = openTestDatabase(location);
  let token: string;
  let tenantId: string;
  let prepared: Prepared;
  try {
    const services = createServices({ db: database.db, clock: systemClock, newId, config: testConfig(location) });
    const tenant = await makeTenant(services);
    tenantId = tenant.tenantId;
    token = await makeToken(services, tenant.tenantId, tenant.adminId);
    prepared = await prepare({ services, db: database.db, tenantId });
  } finally {
    await database.close();
  }
  const env = processEnv(location, { LOG_LEVEL: 'info', ADMIN_PASSWORD: 'correct-horse-battery' });
  const servers: ServerProcess[] = await Promise.all([startServerProcess(env).ready, startServerProcess(env).ready]);
  return {
    location,
    tenantId,
    prepared,
    post: <Body>(i: number, path: string, body?: object) =>
      fetch(`${servers[i % 2]!.url}/api/v1${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      }).then(async (res) => ({ status: res.status, body: (await res.json()) as Body })),
    async inspect(read) {
      await killAll();
      const check = openTestDatabase(location);
      try {
        return await read(check.db);
      } finally {
        await check.close();
      }
    },
  };
}
