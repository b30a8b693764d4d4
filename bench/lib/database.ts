// The benchmark's own database: a fresh SQLite file in a temporary folder, or, with BENCH_DATABASE_URL, a
// scratch PostgreSQL database created on that server (and dropped afterwards), migrated to the latest.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { createDatabase, type Database } from '../../src/db/database.js';
import type { Engine } from '../../src/db/dialect.js';
import { migrateToLatest } from '../../src/db/migrate.js';

export interface BenchDatabase {
  engine: Engine;
  database: Database;
  /** What the app's config needs to open the same database. */
  databaseUrl: string | null;
  sqliteFile: string;
  dataDir: string;
  /** Refreshes the planner's statistics after a bulk load, as autovacuum does on PostgreSQL. */
  analyse(): Promise<void>;
  drop(): Promise<void>;
}

/**
 * A database an earlier run kept (`--keep-database`): the folder it printed on SQLite, the database's name on
 * BENCH_DATABASE_URL's server on PostgreSQL. Migrated to the latest (a kept database may be older than the code);
 * closing it leaves it in place.
 */
export async function openKeptBenchDatabase(options: {
  postgresUrl: string | undefined;
  location: string;
  poolSize: number;
}): Promise<BenchDatabase> {
  const { postgresUrl, location, poolSize } = options;
  const dataDir = postgresUrl ? fs.mkdtempSync(path.join(os.tmpdir(), 'qm-bench-')) : path.resolve(location);
  const sqliteFile = path.join(dataDir, 'quartermaster.sqlite');
  if (!postgresUrl && !fs.existsSync(sqliteFile)) throw new Error(`No kept SQLite database in ${dataDir}.`);
  const databaseUrl = postgresUrl ? withDatabaseName(postgresUrl, location) : null;
  const database = createDatabase({ databaseUrl, sqliteFile, poolSize });
  await migrateToLatest(database.db);
  return {
    engine: postgresUrl ? 'postgres' : 'sqlite',
    database,
    databaseUrl,
    sqliteFile,
    dataDir,
    analyse: async () => {},
    drop: async () => {
      await database.close();
      if (postgresUrl) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export async function openBenchDatabase(options: {
  postgresUrl: string | undefined;
  keep: boolean;
  poolSize: number;
  sqliteAnalyze?: boolean;
}): Promise<BenchDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qm-bench-'));
  const sqliteFile = path.join(dataDir, 'quartermaster.sqlite');
  if (!options.postgresUrl) {
    const database = createDatabase({ databaseUrl: null, sqliteFile, poolSize: options.poolSize });
    await migrateToLatest(database.db);
    // Seeding writes a million rows into indexes in random key order; with SQLite's default 2 MB page cache
    // most of that time goes to evicting and re-reading index pages. Only this seeding connection gets more.
    await sql`pragma cache_size = -262144`.execute(database.db);
    return {
      engine: 'sqlite',
      database,
      databaseUrl: null,
      sqliteFile,
      dataDir,
      // The app never runs ANALYZE on SQLite, so the benchmark measures the plans it gets without statistics
      // (BENCH_SQLITE_ANALYZE=1 measures them with).
      analyse: async () => {
        if (options.sqliteAnalyze) await sql`analyze`.execute(database.db);
      },
      drop: async () => {
        await database.close();
        if (options.keep) console.log(`kept the database in ${dataDir}`);
        else fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }

  const name = `qm_bench_${Date.now().toString(36)}_${process.pid}`;
  const admin = new pg.Client({ connectionString: options.postgresUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const databaseUrl = withDatabaseName(options.postgresUrl, name);
  const database = createDatabase({ databaseUrl, sqliteFile, poolSize: options.poolSize });
  await migrateToLatest(database.db);
  return {
    engine: 'postgres',
    database,
    databaseUrl,
    sqliteFile,
    dataDir,
    analyse: async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query('vacuum analyze');
      await client.end();
    },
    drop: async () => {
      await database.close();
      if (options.keep) console.log(`kept database ${name}`);
      else await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
