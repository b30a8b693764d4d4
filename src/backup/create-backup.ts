// `backup`: one archive of the database, copied while the service runs, and of the uploaded documents on disk,
// with a manifest of what it holds (backup-manifest.ts). The database is copied first and the documents after: a
// document's file is stored before its row is committed and stays after the row is deleted, so every document
// the copy lists has its file in the archive.
import { createReadStream, existsSync } from 'node:fs';
import { mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Config } from '../config.js';
import { dumpPostgres } from '../db/backup/postgres-dump.js';
import { snapshotSqlite } from '../db/backup/sqlite-copy.js';
import { createDatabase } from '../db/database.js';
import { migrationLevel } from '../db/migrate.js';
import { packageVersion } from '../lib/package-version.js';
import { writeTarGz, type TarEntry } from '../lib/tar.js';
import { DOCUMENTS_PREFIX, MANIFEST_NAME, type ArchivedFile, type BackupManifest } from './backup-manifest.js';

export type BackupSource = Pick<Config, 'databaseUrl' | 'sqliteFile' | 'documentStorage'>;

/** The database's level, read through a connection of its own; a database never migrated cannot be backed up. */
async function currentMigration(config: BackupSource): Promise<string> {
  if (!config.databaseUrl && !existsSync(config.sqliteFile))
    throw new Error(`There is no database at ${config.sqliteFile} to back up.`);
  const database = createDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile, poolSize: 1 });
  try {
    await database.checkConnection();
    const { applied } = await migrationLevel(database.db);
    const last = applied.at(-1);
    if (!last) throw new Error('The database has never been migrated: there is nothing to back up.');
    return last;
  } finally {
    await database.close();
  }
}

/** The stored files under the documents directory, as storage keys; a store's temp files (with a dot) left out. */
async function storedDocuments(directory: string): Promise<string[]> {
  if (!existsSync(directory)) return [];
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && !entry.name.includes('.'))
    .map((entry) => path.relative(directory, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** A file as an archive entry, its size and checksum added to `files` once it has been read to its end. */
async function fileEntry(name: string, file: string, files: ArchivedFile[]): Promise<TarEntry> {
  const { size } = await stat(file);
  async function* content() {
    const hash = createHash('sha256');
    for await (const chunk of createReadStream(file)) {
      hash.update(chunk as Buffer);
      yield chunk as Buffer;
    }
    files.push({ name, bytes: size, sha256: hash.digest('hex') });
  }
  return { name, size, content: content() };
}

/**
 * Writes the archive `file` (which must not exist; it appears only once complete) and answers its manifest.
 * Scratch space for the database's copy is taken beside it.
 */
export async function createBackup(config: BackupSource, file: string): Promise<BackupManifest> {
  const target = path.resolve(file);
  if (existsSync(target)) throw new Error(`${target} already exists: choose another file name.`);
  const migration = await currentMigration(config);
  const scratch = await mkdtemp(path.join(path.dirname(target), '.quartermaster-backup-'));
  const partial = path.join(scratch, 'archive.partial');
  try {
    const engine = config.databaseUrl ? 'postgres' : 'sqlite';
    const databaseName = engine === 'postgres' ? 'database.pgdump' : 'database.sqlite';
    const databaseFile = path.join(scratch, databaseName);
    if (config.databaseUrl) await dumpPostgres(config.databaseUrl, databaseFile);
    else await snapshotSqlite(config.sqliteFile, databaseFile);

    const storage = config.documentStorage;
    const documents = storage.kind === 'local' ? await storedDocuments(storage.directory) : [];
    const files: ArchivedFile[] = [];
    const createdAt = new Date().toISOString();
    const manifest = (): BackupManifest => ({
      format: 'quartermaster-backup',
      format_version: 1,
      version: packageVersion(),
      created_at: createdAt,
      engine,
      migration,
      database: databaseName,
      document_storage: storage.kind,
      documents: documents.length,
      files,
    });
    async function* entries(): AsyncGenerator<TarEntry> {
      yield await fileEntry(databaseName, databaseFile, files);
      if (storage.kind === 'local')
        for (const key of documents)
          yield await fileEntry(`${DOCUMENTS_PREFIX}${key}`, path.join(storage.directory, ...key.split('/')), files);
      const text = Buffer.from(`${JSON.stringify(manifest(), null, 2)}\n`);
      yield { name: MANIFEST_NAME, size: text.length, content: [text] };
    }
    await writeTarGz(partial, entries());
    await rename(partial, target);
    return manifest();
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
