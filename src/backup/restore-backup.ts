// `restore`: a backup archive back into the configured database and document storage. Everything is checked
// before anything is changed (the manifest, every checksum, the engine, the migration level, an empty target
// unless forced); then the database is put back, the documents stored, and the database migrated forward to this
// release's level when the archive is older.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../config.js';
import { emptyPostgresSchema, restorePostgres } from '../db/backup/postgres-dump.js';
import { replaceSqliteFile } from '../db/backup/sqlite-copy.js';
import { createDatabase } from '../db/database.js';
import { isEmptyDatabase, KNOWN_MIGRATIONS, migrateAtStartup } from '../db/migrate.js';
import { extractTarGz } from '../lib/tar.js';
import { createDocumentStorage } from '../modules/documents/storage/document-storage.js';
import { BackupArchiveError, DOCUMENTS_PREFIX, verifiedManifest, type BackupManifest } from './backup-manifest.js';

export type RestoreTarget = Pick<Config, 'databaseUrl' | 'sqliteFile' | 'documentStorage'>;

export interface RestoreResult {
  manifest: BackupManifest;
  /** Migrations applied after the restore, to bring the archive's level up to this release's. */
  migrated: string[];
  documents: number;
}

/** The target database must be empty unless forced; forced, a PostgreSQL schema is emptied first. */
async function prepareTarget(config: RestoreTarget, force: boolean): Promise<void> {
  const database = createDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile, poolSize: 1 });
  try {
    await database.checkConnection();
    if (await isEmptyDatabase(database.db)) return;
    const where = config.databaseUrl ? 'The database' : `The database ${config.sqliteFile}`;
    if (!force) throw new Error(`${where} is not empty: restore into an empty one, or pass --force to replace it.`);
    if (config.databaseUrl) await emptyPostgresSchema(database.db);
  } finally {
    await database.close();
  }
}

function checkFits(manifest: BackupManifest, config: RestoreTarget): void {
  const engine = config.databaseUrl ? 'postgres' : 'sqlite';
  if (manifest.engine !== engine)
    throw new BackupArchiveError(
      `The archive holds a ${manifest.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'} database; this configuration uses ${engine === 'sqlite' ? 'SQLite (DATABASE_URL is unset)' : 'PostgreSQL'}.`,
    );
  if (!KNOWN_MIGRATIONS.includes(manifest.migration))
    throw new BackupArchiveError(
      `The archive's database is at migration ${manifest.migration}, which this release does not know: restore it with release ${manifest.version} or later.`,
    );
}

export async function restoreBackup(
  config: RestoreTarget,
  file: string,
  { force = false }: { force?: boolean } = {},
): Promise<RestoreResult> {
  if (!existsSync(file)) throw new Error(`There is no archive at ${path.resolve(file)}.`);
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'quartermaster-restore-'));
  try {
    const names = await extractTarGz(file, scratch);
    const manifest = await verifiedManifest(scratch, names);
    checkFits(manifest, config);
    await prepareTarget(config, force);

    const databaseFile = path.join(scratch, manifest.database);
    if (config.databaseUrl) await restorePostgres(config.databaseUrl, databaseFile);
    else await replaceSqliteFile(databaseFile, config.sqliteFile);

    const storage = createDocumentStorage(config.documentStorage);
    const documents = manifest.files.filter((f) => f.name.startsWith(DOCUMENTS_PREFIX));
    for (const document of documents) {
      const key = document.name.slice(DOCUMENTS_PREFIX.length);
      await storage.put(key, path.join(scratch, ...document.name.split('/')), {
        size: document.bytes,
        contentType: 'application/octet-stream',
      });
    }

    const database = createDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile, poolSize: 1 });
    try {
      const migrated = (await migrateAtStartup(database)).map((r) => r.migrationName);
      return { manifest, migrated, documents: documents.length };
    } finally {
      await database.close();
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
