// What the process-level reliability suites share: a fresh database of the engine under test, a tenant with an
// integration token made in-process, and a webhook receiver; torn down with every process the suite started.
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { systemClock } from '../../src/lib/clock.js';
import { newId } from '../../src/lib/ids.js';
import { createServices, type Services } from '../../src/services.js';
import { makeTenant, makeToken, type TenantFixture } from '../helpers/factories.js';
import { testConfig } from '../helpers/test-app.js';
import { createTestDatabaseLocation, openTestDatabase, type TestDatabaseLocation } from '../helpers/test-database.js';
import { killAll } from '../process/processes.js';
import { WebhookReceiver } from '../webhooks/webhook-receiver.js';

export interface Testbed {
  location: TestDatabaseLocation;
  database: Database;
  tenant: TenantFixture;
  token: string;
  receiver: WebhookReceiver;
  /** The services on the suite's database, in-process, for set-up the API cannot make. */
  services: Services;
}

/** Registers the suite's set-up and tear-down; the returned object is filled in before the first test. */
export function useTestbed(): Testbed {
  const bed = {} as Testbed;
  beforeAll(async () => {
    bed.location = await createTestDatabaseLocation();
    bed.database = openTestDatabase(bed.location);
    const services = createServices({
      db: bed.database.db,
      clock: systemClock,
      newId,
      config: testConfig(bed.location),
    });
    bed.services = services;
    bed.tenant = await makeTenant(services);
    bed.token = await makeToken(services, bed.tenant.tenantId, bed.tenant.adminId, { type: 'integration' });
    bed.receiver = await WebhookReceiver.start();
  });
  afterAll(async () => {
    // Processes first: the database goes only once they are gone.
    await killAll();
    await bed.receiver?.close();
    await bed.database?.close();
    await bed.location?.drop();
  });
  return bed;
}
