// An upgrade as an operator makes one, on the engine under test: a database at the previous migration level, with
// data in it, is shown its one pending migration by `migrate --dry-run` (which applies nothing), then migrated by
// `migrate`; every record reads back through the API as it did before.
// This release's code writes this release's schema (a new migration may add a column every insert fills), so the
// data is written through the API at the latest level and the newest migration is then undone with its own
// `down`: what is left is the database the previous release had, rows of every kind included, and `migrate` must
// bring back whatever the newest migration derives from them (a copied column, an index, a trigger).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { Config } from '../../src/config.js';
import type { Database } from '../../src/db/database.js';
import { KNOWN_MIGRATIONS, migrationLevel } from '../../src/db/migrate.js';
import { apiBuilders } from '../helpers/api-builders.js';
import { cli, json } from '../helpers/cli-run.js';
import { pdfBytes } from '../helpers/document-fixtures.js';
import { bearer, makeTenant, makeToken } from '../helpers/factories.js';
import { testConfig } from '../helpers/test-app.js';
import {
  createTestDatabaseLocation,
  openTestDatabase,
  undoNewestMigration,
  type TestDatabaseLocation,
} from '../helpers/test-database.js';
import { upload } from '../documents/document-helpers.js';
import { reconcileFindings } from '../reliability/invariants.js';

const LATEST = KNOWN_MIGRATIONS.at(-1)!;
const PREVIOUS = KNOWN_MIGRATIONS.at(-2)!;

/** What the API answers for each record the test wrote, by URL. */
type Readings = Record<string, unknown>;

describe(`upgrade from ${PREVIOUS} to ${LATEST}`, () => {
  let location: TestDatabaseLocation;
  let config: Config;
  let auth: Record<string, string>;
  let tenantId: string;
  const urls: string[] = [];
  let before: Readings;

  /** The app of this release on the database as it stands (the app itself never migrates). */
  async function withApp<T>(work: (app: Awaited<ReturnType<typeof buildApp>>, database: Database) => Promise<T>) {
    const database = openTestDatabase(location);
    const app = await buildApp({ config, database, logger: false });
    try {
      return await work(app, database);
    } finally {
      await app.close();
      await database.close();
    }
  }

  const read = (app: Awaited<ReturnType<typeof buildApp>>) =>
    Promise.all(urls.map((url) => app.inject({ method: 'GET', url, headers: auth }))).then((answers) =>
      Object.fromEntries(
        answers.map((answer, i) => {
          expect(answer.statusCode, `${urls[i]}: ${answer.body}`).toBe(200);
          return [urls[i]!, answer.json()];
        }),
      ),
    );

  beforeAll(async () => {
    location = await createTestDatabaseLocation();
    config = testConfig(location);
    before = await withApp(async (app) => {
      const tenant = await makeTenant(app.services);
      tenantId = tenant.tenantId;
      auth = bearer(await makeToken(app.services, tenant.tenantId, tenant.adminId));
      const build = apiBuilders(app, auth);
      const product = await build.product({ stock_quantity: 30 });
      const supplier = await build.activeSupplier();
      const purchaseOrder = await build.purchaseOrder({
        warehouse_id: tenant.defaultWarehouseId,
        supplier_id: supplier.id,
      });
      const order = await build.salesOrder({ lines: [{ product_id: product.id, quantity: 4, unit_price: 12.5 }] });
      const confirmed = await app.inject({
        method: 'POST',
        url: `/api/v1/sales/orders/${order.id}/confirm`,
        headers: auth,
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const document = await upload(app, auth, 'products', product.id, {
        file: pdfBytes(),
        filename: 'sheet.pdf',
        type: 'specification',
      });
      expect(document.statusCode, document.body).toBe(201);
      urls.push(
        `/api/v1/operations/products/${product.id}`,
        `/api/v1/operations/suppliers/${supplier.id}`,
        `/api/v1/operations/purchase-orders/${purchaseOrder.id}`,
        `/api/v1/sales/orders/${order.id}`,
        `/api/v1/operations/products/${product.id}/documents/${document.json().data.id}`,
        `/api/v1/operations/inventory?product_id=${product.id}`,
      );
      return read(app);
    });
    await undoNewestMigration(location);
  });
  afterAll(async () => {
    await location?.drop();
  });

  it('migrate --dry-run lists the pending migration and applies nothing', async () => {
    const result = await cli(config, ['migrate', '--dry-run', '--json']);
    expect(result.stderr).toBe('');
    expect(json(result)).toEqual({ pending: [LATEST] });
    const text = await cli(config, ['migrate', '--dry-run']);
    expect(text.stdout).toBe(`Pending: ${LATEST}\n`);
    const database = openTestDatabase(location);
    try {
      expect(await migrationLevel(database.db)).toEqual({ applied: KNOWN_MIGRATIONS.slice(0, -1), pending: [LATEST] });
    } finally {
      await database.close();
    }
  });

  it('migrate applies it, and every record reads back as it was written', async () => {
    const result = await cli(config, ['migrate', '--json']);
    expect(result.stderr).toBe('');
    expect(json(result)).toEqual({ applied: [LATEST] });
    expect((await cli(config, ['migrate', '--dry-run'])).stdout).toBe('Nothing to migrate.\n');

    await withApp(async (app) => {
      expect(await read(app)).toEqual(before);
      expect(await reconcileFindings(app.services, tenantId)).toEqual({});
    });
  });
});
