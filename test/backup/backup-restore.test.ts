// `backup` and `restore` in process on the engine under test: what an archive holds comes back whole into a fresh
// database and document store; a database that is not empty, a damaged archive, one of a newer release or of the
// other engine are refused before anything changes; an archive of an older migration level is migrated forward.
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { createBackup } from '../../src/backup/create-backup.js';
import { ScheduledBackups } from '../../src/backup/scheduled-backups.js';
import type { Config } from '../../src/config.js';
import { isEmptyDatabase, KNOWN_MIGRATIONS } from '../../src/db/migrate.js';
import { FixedClock, systemClock } from '../../src/lib/clock.js';
import { newId } from '../../src/lib/ids.js';
import { extractTarGz, writeTarGz, type TarEntry } from '../../src/lib/tar.js';
import { createServices } from '../../src/services.js';
import { workerTasks } from '../../src/worker.js';
import { apiBuilders } from '../helpers/api-builders.js';
import { cli, json } from '../helpers/cli-run.js';
import { pdfBytes } from '../helpers/document-fixtures.js';
import { makeTenant } from '../helpers/factories.js';
import { buildTestApp, testConfig, type TestApp } from '../helpers/test-app.js';
import {
  createTestDatabaseLocation,
  openTestDatabase,
  testEngine,
  undoNewestMigration,
  type TestDatabaseLocation,
} from '../helpers/test-database.js';
import { upload } from '../documents/document-helpers.js';
import { reconcileFindings } from '../reliability/invariants.js';

const LATEST = KNOWN_MIGRATIONS.at(-1)!;
const PREVIOUS = KNOWN_MIGRATIONS.at(-2)!;

let t: TestApp;
let archives: string;
let archive: string;
let productId: string;
let documentId: string;
const document = pdfBytes();
const locations: TestDatabaseLocation[] = [];

/** A fresh place to restore into: an empty database (migrated: one whose tables exist, but no row). */
async function freshPlace(
  options: { migrated?: boolean } = {},
): Promise<{ location: TestDatabaseLocation; config: Config }> {
  const location = await createTestDatabaseLocation({ migrated: options.migrated ?? false });
  locations.push(location);
  return { location, config: testConfig(location) };
}

/** The archive unpacked, changed by `change`, and packed again as `target` (its manifest last, as written). */
async function repacked(
  target: string,
  change: (directory: string, manifest: Record<string, unknown>) => Promise<void> | void,
): Promise<string> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'qm-repack-'));
  const names = await extractTarGz(archive, directory);
  const manifest = JSON.parse(await readFile(path.join(directory, 'manifest.json'), 'utf8')) as Record<string, unknown>;
  await change(directory, manifest);
  await writeFile(path.join(directory, 'manifest.json'), JSON.stringify(manifest));
  const entries: TarEntry[] = [];
  for (const name of names) {
    const bytes = await readFile(path.join(directory, ...name.split('/')));
    entries.push({ name, size: bytes.length, content: [bytes] });
  }
  await writeTarGz(target, entries);
  await rm(directory, { recursive: true, force: true });
  return target;
}

beforeAll(async () => {
  t = await buildTestApp();
  archives = mkdtempSync(path.join(os.tmpdir(), 'qm-archives-'));
  const build = apiBuilders(t.app, t.auth);
  productId = (await build.product({ stock_quantity: 40 })).id;
  const res = await upload(t.app, t.auth, 'products', productId, {
    file: document,
    filename: 'spec.pdf',
    type: 'specification',
  });
  expect(res.statusCode, res.body).toBe(201);
  documentId = res.json().data.id;
  archive = path.join(archives, 'first.tar.gz');
  const result = await cli(t.config, ['backup', archive, '--json']);
  expect(result.stderr).toBe('');
  expect(json(result)).toMatchObject({
    file: archive,
    format: 'quartermaster-backup',
    engine: testEngine,
    migration: LATEST,
    documents: 1,
  });
});

afterAll(async () => {
  await t?.close();
  for (const location of locations) await location.drop();
  await rm(archives, { recursive: true, force: true });
});

describe('backup', () => {
  it('writes the database, every stored document and a manifest with their checksums', async () => {
    const directory = mkdtempSync(path.join(os.tmpdir(), 'qm-unpacked-'));
    const names = await extractTarGz(archive, directory);
    const manifest = JSON.parse(await readFile(path.join(directory, 'manifest.json'), 'utf8'));
    const database = testEngine === 'sqlite' ? 'database.sqlite' : 'database.pgdump';
    expect(names[0]).toBe(database);
    expect(names.at(-1)).toBe('manifest.json');
    const stored = names.filter((name) => name.startsWith('documents/'));
    expect(stored).toEqual([`documents/${t.tenant.tenantId}/product/${documentId}`]);
    expect(await readFile(path.join(directory, ...stored[0]!.split('/')))).toEqual(document);
    expect(manifest).toMatchObject({ engine: testEngine, migration: LATEST, database, document_storage: 'local' });
    expect(manifest.files.map((f: { name: string }) => f.name)).toEqual(names.slice(0, -1));
    await rm(directory, { recursive: true, force: true });
  });

  it('refuses to write over an existing file', async () => {
    const result = await cli(t.config, ['backup', archive]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/already exists/);
  });
});

describe('restore', () => {
  it('brings back the records, the stock and the document bytes into an empty database', async () => {
    const { location, config } = await freshPlace();
    const result = await cli(config, ['restore', archive, '--json']);
    expect(result.stderr).toBe('');
    expect(json(result)).toMatchObject({ engine: testEngine, migration: LATEST, migrated: [], documents: 1 });

    const database = openTestDatabase(location);
    const app = await buildApp({ config, database, logger: false });
    try {
      const product = await app.inject({
        method: 'GET',
        url: `/api/v1/operations/products/${productId}`,
        headers: t.auth,
      });
      expect(product.statusCode, product.body).toBe(200);
      expect(product.json().data.stock_quantity).toBe(40);
      expect(await reconcileFindings(app.services, t.tenant.tenantId)).toEqual({});
      const download = await app.inject({
        method: 'GET',
        url: `/api/v1/operations/products/${productId}/documents/${documentId}/download`,
        headers: t.auth,
      });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload).toEqual(document);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('refuses a database that is not empty unless --force, then replaces it', async () => {
    const { location, config } = await freshPlace({ migrated: true });
    const refused = await cli(config, ['restore', archive]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/is not empty: restore into an empty one, or pass --force/);

    const forced = await cli(config, ['restore', archive, '--force', '--json']);
    expect(forced.stderr).toBe('');
    expect(forced.code).toBe(0);
    const database = openTestDatabase(location);
    try {
      const tenants = await database.db.selectFrom('tenants').select('id').execute();
      expect(tenants.map((row) => row.id)).toContain(t.tenant.tenantId);
    } finally {
      await database.close();
    }
  });

  it('refuses an archive whose document is not the one backed up, and changes nothing', async () => {
    const damaged = await repacked(path.join(archives, 'damaged.tar.gz'), async (directory) => {
      const [tenant] = await readdir(path.join(directory, 'documents'));
      await writeFile(path.join(directory, 'documents', tenant!, 'product', documentId), 'not the pdf');
    });
    const { location, config } = await freshPlace();
    const result = await cli(config, ['restore', damaged]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/Checksum mismatch: documents\/.+ is not the file that was backed up/);
    const database = openTestDatabase(location);
    try {
      expect(await isEmptyDatabase(database.db)).toBe(true);
    } finally {
      await database.close();
    }
  });

  it('refuses an archive of a migration this release does not know, and one of the other engine', async () => {
    const newer = await repacked(path.join(archives, 'newer.tar.gz'), (_, manifest) => {
      manifest.migration = '9999_from_the_future';
      manifest.version = '9.0.0';
    });
    const { config } = await freshPlace();
    const refused = await cli(config, ['restore', newer]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/at migration 9999_from_the_future, which this release does not know: .*9\.0\.0/);

    const other = await repacked(path.join(archives, 'other-engine.tar.gz'), (_, manifest) => {
      manifest.engine = testEngine === 'sqlite' ? 'postgres' : 'sqlite';
    });
    const wrongEngine = await cli(config, ['restore', other]);
    expect(wrongEngine.code).toBe(1);
    expect(wrongEngine.stderr).toMatch(/The archive holds a (SQLite|PostgreSQL) database; this configuration uses/);
  });

  it('refuses a file that is not a backup', async () => {
    const notArchive = path.join(archives, 'notes.tar.gz');
    await writeFile(notArchive, 'plain text');
    const { config } = await freshPlace();
    const result = await cli(config, ['restore', notArchive]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^Error: /);
  });

  it('migrates an archive of the previous migration level forward to this release', async () => {
    const old = await freshPlace({ migrated: true });
    const database = openTestDatabase(old.location);
    let tenantId: string;
    try {
      const services = createServices({ db: database.db, clock: systemClock, newId, config: old.config });
      tenantId = (await makeTenant(services)).tenantId;
    } finally {
      await database.close();
    }
    await undoNewestMigration(old.location);
    const olderArchive = path.join(archives, 'previous-level.tar.gz');
    expect((await createBackup(old.config, olderArchive)).migration).toBe(PREVIOUS);

    const { location, config } = await freshPlace();
    const result = await cli(config, ['restore', olderArchive, '--json']);
    expect(result.stderr).toBe('');
    expect(json(result)).toMatchObject({ migration: PREVIOUS, migrated: [LATEST] });
    const restored = openTestDatabase(location);
    try {
      const tenant = await restored.db.selectFrom('tenants').select('id').where('id', '=', tenantId).execute();
      expect(tenant).toHaveLength(1);
    } finally {
      await restored.close();
    }
  });
});

describe('scheduled backups', () => {
  it('are a task of the worker when BACKUP_DIR is set, looked at every 15 minutes at the most', () => {
    const names = (config: Config) => workerTasks(t.services, config).map((task) => [task.name, task.intervalMs]);
    expect(names(t.config)).toEqual([['retention', 3_600_000]]);
    const backups = { directory: archives, everyMs: 5 * 60_000, keep: 3 };
    expect(names({ ...t.config, backups })).toEqual([
      ['retention', 3_600_000],
      ['backup', 5 * 60_000],
    ]);
  });

  it('takes a backup when the newest archive is BACKUP_EVERY old, and keeps the newest BACKUP_KEEP', async () => {
    const directory = path.join(archives, 'scheduled');
    const clock = new FixedClock(new Date('2026-12-01T02:00:00.000Z'));
    const hour = 3_600_000;
    const schedule = new ScheduledBackups(t.config, { directory, everyMs: 24 * hour, keep: 2 }, clock);
    expect(schedule.intervalMs).toBe(15 * 60_000);

    expect(await schedule.run()).toMatchObject({ backup: 'quartermaster-20261201T020000Z.tar.gz', removed: [] });
    clock.advance(23 * hour);
    expect(await schedule.run()).toEqual({ backup: null, next_due_at: '2026-12-02T02:00:00.000Z' });
    clock.advance(hour);
    expect(await schedule.run()).toMatchObject({ backup: 'quartermaster-20261202T020000Z.tar.gz', removed: [] });
    clock.advance(24 * hour);
    expect(await schedule.run()).toMatchObject({
      backup: 'quartermaster-20261203T020000Z.tar.gz',
      migration: LATEST,
      documents: 1,
      removed: ['quartermaster-20261201T020000Z.tar.gz'],
    });
    expect((await readdir(directory)).sort()).toEqual([
      'quartermaster-20261202T020000Z.tar.gz',
      'quartermaster-20261203T020000Z.tar.gz',
    ]);
  });
});
