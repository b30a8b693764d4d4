// A backup taken while a server process (API and worker) is under a mixed write load, restored into a fresh
// place: the restored ledger reconciles, every write acknowledged before the backup began is there, and every
// document the restored database lists has its bytes, matching its checksum.
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../src/lib/clock.js';
import { newId } from '../../src/lib/ids.js';
import { createServices } from '../../src/services.js';
import { cli, json } from '../helpers/cli-run.js';
import { pdfBytes } from '../helpers/document-fixtures.js';
import { testConfig } from '../helpers/test-app.js';
import { createTestDatabaseLocation, openTestDatabase, testEngine } from '../helpers/test-database.js';
import { documentForm } from '../documents/document-helpers.js';
import { LISTENING, processEnv, startCli } from '../process/processes.js';
import { reconcileFindings } from '../reliability/invariants.js';
import { useTestbed } from '../reliability/testbed.js';
import {
  acknowledged,
  ApiClient,
  between,
  countOutcomes,
  createStockedProduct,
  createWarehouse,
  pick,
  seededRandom,
  startLoad,
  type LoadRequest,
  type LoadResult,
} from '../reliability/load.js';

const CLIENTS = 6;
/** Results before the backup starts, and after it ends: enough for writes to run through the whole backup. */
const RESULTS_BEFORE_BACKUP = 120;
const RESULTS_AFTER_BACKUP = 60;
const START_TIMEOUT_MS = 60_000;
const TEST_TIMEOUT_MS = 150_000;
const SEED = 20_261_203;

/** Stock changes on a few records, and new products: each acknowledged one names the row it wrote. */
function mixedRequests(products: string[], warehouses: string[], random: () => number) {
  let created = 0;
  return (): LoadRequest => {
    const roll = random();
    const product_id = pick(random, products);
    const warehouse_id = pick(random, warehouses);
    if (roll < 0.35) {
      const quantity = between(random, 1, 6) * (random() < 0.4 ? -1 : 1);
      const body = { product_id, warehouse_id, quantity, reason: 'load' };
      return { kind: 'adjust', method: 'POST', path: '/operations/inventory/adjust', body };
    }
    if (roll < 0.55) {
      const body = { product_id, warehouse_id, quantity: between(random, 1, 3) };
      return { kind: 'reserve', method: 'POST', path: '/operations/inventory/reserve', body };
    }
    if (roll < 0.7) {
      const body = { product_id, warehouse_id, quantity: between(random, 1, 3) };
      return { kind: 'release', method: 'POST', path: '/operations/inventory/release', body };
    }
    if (roll < 0.85) {
      const to = warehouses.find((w) => w !== warehouse_id)!;
      const body = {
        product_id,
        from_warehouse_id: warehouse_id,
        to_warehouse_id: to,
        quantity: between(random, 1, 4),
      };
      return { kind: 'transfer', method: 'POST', path: '/operations/inventory/transfer', body };
    }
    const body = { name: `Backup load ${++created} ${SEED}`, stock_quantity: between(random, 0, 10) };
    return { kind: 'create-product', method: 'POST', path: '/operations/products', body };
  };
}

describe(`backup under load on ${testEngine}`, () => {
  const bed = useTestbed();

  it(
    'restores every write acknowledged before the backup began, with a ledger that reconciles',
    async () => {
      const server = startCli(
        ['serve'],
        processEnv(bed.location, { LOG_LEVEL: 'info', HOST: '127.0.0.1', PORT: '0', RATE_LIMIT_PER_MINUTE: '0' }),
      );
      const url = `http://127.0.0.1:${(await server.waitForStdout(LISTENING, START_TIMEOUT_MS))[1]}`;
      const api = new ApiClient(url, bed.token);
      const warehouses = [bed.tenant.defaultWarehouseId, await createWarehouse(api, 'BACKUP2')];
      const products: string[] = [];
      for (let i = 0; i < 6; i++) products.push(await createStockedProduct(api, 60));

      // Documents uploaded alongside the load, each kept with the time its answer arrived.
      const uploads: Array<{ id: string; at: number }> = [];
      let uploading = true;
      const uploader = (async () => {
        for (let n = 0; uploading; n++) {
          const product = products[n % products.length]!;
          const response = await fetch(`${url}/api/v1/operations/products/${product}/documents`, {
            method: 'POST',
            headers: { authorization: `Bearer ${bed.token}` },
            body: documentForm({ file: pdfBytes(), filename: `sheet-${n}.pdf`, type: 'specification' }),
          });
          const body = (await response.json()) as { data: { id: string } };
          expect(response.status, JSON.stringify(body)).toBe(201);
          uploads.push({ id: body.data.id, at: performance.now() });
        }
      })();

      const answeredAt = new Map<LoadResult, number>();
      let backupStarted = Infinity;
      let afterBackup = 0;
      let backupDone = false;
      const next = mixedRequests(products, warehouses, seededRandom(SEED));
      const load = startLoad({
        clients: CLIENTS,
        targets: [api],
        next: () => (backupDone && afterBackup >= RESULTS_AFTER_BACKUP ? null : next()),
        onResult: (result) => {
          answeredAt.set(result, performance.now());
          if (backupDone) afterBackup++;
        },
      });
      while (load.results.length < RESULTS_BEFORE_BACKUP) await new Promise((resolve) => setTimeout(resolve, 20));

      const archives = mkdtempSync(path.join(os.tmpdir(), 'qm-load-archives-'));
      const archive = path.join(archives, 'under-load.tar.gz');
      backupStarted = performance.now();
      const resultsWhenStarted = load.results.length;
      const backup = await cli(testConfig(bed.location), ['backup', archive, '--json']);
      expect(backup.stderr).toBe('');
      backupDone = true;
      const resultsWhileRunning = load.results.length - resultsWhenStarted;
      const results = await load.finished;
      uploading = false;
      await uploader;
      console.info(
        `backup under load (${testEngine}): ${resultsWhileRunning} answers while it ran`,
        JSON.stringify(countOutcomes(results)),
      );
      expect(resultsWhileRunning).toBeGreaterThan(0);
      const documentsArchived = (json(backup) as { documents: number }).documents;

      const fresh = await createTestDatabaseLocation({ migrated: false });
      const config = testConfig(fresh);
      const restore = await cli(config, ['restore', archive, '--json']);
      expect(restore.stderr).toBe('');
      expect(json(restore)).toMatchObject({ migrated: [], documents: documentsArchived });
      // Opened once restored: a SQLite connection opened before would still read the file the restore replaced.
      const restored = openTestDatabase(fresh);
      try {
        const services = createServices({ db: restored.db, clock: systemClock, newId, config });
        expect(await reconcileFindings(services, bed.tenant.tenantId)).toEqual({});

        const before = acknowledged(results.filter((r) => answeredAt.get(r)! < backupStarted));
        expect(before.length).toBeGreaterThanOrEqual(RESULTS_BEFORE_BACKUP / 2);
        const movements = new Set(
          (await restored.db.selectFrom('stock_movements').select('id').execute()).map((row) => row.id),
        );
        const productIds = new Set((await restored.db.selectFrom('products').select('id').execute()).map((r) => r.id));
        const missing = before.flatMap(({ request, body }) => {
          if (request.kind === 'create-product') return productIds.has(body.data.id) ? [] : [`product ${body.data.id}`];
          if (request.kind === 'transfer') return [];
          return movements.has(body.data.movement.id) ? [] : [`${request.kind} movement ${body.data.movement.id}`];
        });
        expect(missing).toEqual([]);

        const documents = await restored.db
          .selectFrom('documents')
          .select(['id', 'storage_key', 'checksum_sha256'])
          .execute();
        const listed = new Set(documents.map((d) => d.id));
        const uploadedBefore = uploads.filter((u) => u.at < backupStarted);
        expect(uploadedBefore.length).toBeGreaterThan(0);
        expect(uploadedBefore.filter((u) => !listed.has(u.id))).toEqual([]);
        for (const document of documents) {
          const bytes = await readFile(path.join(fresh.dataDir, 'documents', ...document.storage_key.split('/')));
          expect(createHash('sha256').update(bytes).digest('hex'), document.id).toBe(document.checksum_sha256);
        }
      } finally {
        await restored.close();
        await fresh.drop();
        await rm(archives, { recursive: true, force: true });
      }
    },
    TEST_TIMEOUT_MS,
  );
});
