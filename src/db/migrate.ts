// Applies migrations inside one transaction that holds a lock: an advisory lock on PostgreSQL, SQLite's
// write lock (BEGIN IMMEDIATE, see dialect.ts) on SQLite. Two processes starting at once apply each
// migration exactly once; the loser waits, then finds nothing left to do.
import type { Kysely } from 'kysely';
import { Migrator, type MigrationResult } from 'kysely/migration';
import type { Database } from './database.js';
import { migrations } from './migrations/index.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works on any schema
type AnyDb = Kysely<any>;

function migrator(db: AnyDb): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => migrations } });
}

export class MigrationFailedError extends Error {}

export async function migrateToLatest(db: AnyDb): Promise<MigrationResult[]> {
  const { error, results } = await migrator(db).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new MigrationFailedError(
      `Migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`,
      {
        cause: error,
      },
    );
  }
  return results ?? [];
}

/** True when every known migration has been applied (used by the readiness probe). */
export async function migrationsAreCurrent(db: AnyDb): Promise<boolean> {
  const list = await migrator(db).getMigrations();
  return list.every((m) => m.executedAt !== undefined);
}

/** How long a starting process waits for another process's migrations on the same SQLite file. */
export const STARTUP_LOCK_WAIT_MS = 60_000;

/**
 * Migrates as a process starts: willing to wait for another process migrating the same database. A database
 * that cannot be reached fails first, with DatabaseUnavailableError saying where and why.
 */
export async function migrateAtStartup(
  database: Pick<Database, 'db' | 'withStartupLockWait' | 'checkConnection'>,
): Promise<MigrationResult[]> {
  await database.checkConnection();
  return database.withStartupLockWait(STARTUP_LOCK_WAIT_MS, () => migrateToLatest(database.db));
}

/** Every migration this release knows, oldest first. */
export const KNOWN_MIGRATIONS: readonly string[] = Object.keys(migrations);

export interface MigrationLevel {
  /** Applied migrations, oldest first; the last is the database's level. */
  applied: string[];
  /** Migrations this release would apply, in order. */
  pending: string[];
}

/** Where the database stands, read without changing anything (not even creating the migration tables). */
export async function migrationLevel(db: AnyDb): Promise<MigrationLevel> {
  const list = await migrator(db).getMigrations();
  return {
    applied: list.filter((m) => m.executedAt !== undefined).map((m) => m.name),
    pending: list.filter((m) => m.executedAt === undefined).map((m) => m.name),
  };
}

/** True when the database holds no table of its own (the migrator's bookkeeping aside). */
export async function isEmptyDatabase(db: AnyDb): Promise<boolean> {
  return (await db.introspection.getTables()).length === 0;
}
