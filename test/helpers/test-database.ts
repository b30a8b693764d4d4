// A fresh database per test file on the engine under test: a temporary SQLite file, or a PostgreSQL
// database cloned from the migrated template (or created empty, for migration tests).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { createDatabase, type Database } from '../../src/db/database.js';
import type { Engine } from '../../src/db/dialect.js';
import { Migrator } from 'kysely/migration';
import { migrateToLatest } from '../../src/db/migrate.js';
import { migrations } from '../../src/db/migrations/index.js';
import { randomBase62 } from '../../src/lib/secrets.js';
import { adminQuery, databaseUrlFor } from './postgres-admin.js';

export const testEngine: Engine = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

/** Where a test database lives: what a process needs in DATABASE_URL / DATA_DIR to open it. */
export interface TestDatabaseLocation {
  engine: Engine;
  databaseUrl: string | null;
  dataDir: string;
  sqliteFile: string;
  drop(): Promise<void>;
}

export async function createTestDatabaseLocation(options: { migrated?: boolean } = {}): Promise<TestDatabaseLocation> {
  const migrated = options.migrated ?? true;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qm-test-'));
  const sqliteFile = path.join(dataDir, 'quartermaster.sqlite');
  if (testEngine === 'sqlite') {
    if (migrated) {
      const database = createDatabase({ databaseUrl: null, sqliteFile });
      await migrateToLatest(database.db);
      await database.close();
    }
    return {
      engine: 'sqlite',
      databaseUrl: null,
      dataDir,
      sqliteFile,
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `qm_test_${randomBase62(12).toLowerCase()}`;
  await adminQuery(
    migrated ? `create database "${name}" template "${inject('postgresTemplate')}"` : `create database "${name}"`,
  );
  return {
    engine: 'postgres',
    databaseUrl: databaseUrlFor(process.env.TEST_DATABASE_URL!, name),
    dataDir,
    sqliteFile,
    drop: async () => {
      await adminQuery(`drop database if exists "${name}" with (force)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function openTestDatabase(location: TestDatabaseLocation): Database {
  return createDatabase({ databaseUrl: location.databaseUrl, sqliteFile: location.sqliteFile, poolSize: 10 });
}

/**
 * Takes the database back to the previous migration level with the newest migration's `down`, keeping its rows:
 * the database of the release before, for upgrade tests (this release's code writes only the newest schema).
 */
export async function undoNewestMigration(location: TestDatabaseLocation): Promise<void> {
  const database = openTestDatabase(location);
  try {
    const migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => migrations } });
    const { error } = await migrator.migrateDown();
    if (error) throw error;
  } finally {
    await database.close();
  }
}

/**
 * Returns when a commit made through another connection (standing for another process) shows in this process's
 * caches, as it does to any request sent after that commit: on PostgreSQL once its notification can have arrived,
 * a moment after the commit; on SQLite from the next turn of the event loop, where the server reads data_version
 * once per turn (a request always reaches the server in a later turn than a commit its sender waited for).
 */
export async function afterCommitElsewhere(): Promise<void> {
  if (testEngine === 'postgres') await new Promise((resolve) => setTimeout(resolve, 100));
  else await new Promise((resolve) => setImmediate(resolve));
}
