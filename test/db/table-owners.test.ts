// Every table of the migrated schema has an owning module (src/db/table-owners.ts), and each module named exists.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { SHARED_WRITERS, TABLE_OWNERS, TRIGGER_MAINTAINED_TABLES } from '../../src/db/table-owners.js';
import {
  createTestDatabaseLocation,
  openTestDatabase,
  testEngine,
  type TestDatabaseLocation,
} from '../helpers/test-database.js';

const SRC = path.resolve(import.meta.dirname, '../../src');

describe(`table owners on ${testEngine}`, () => {
  let location: TestDatabaseLocation;
  let database: Database;

  beforeAll(async () => {
    location = await createTestDatabaseLocation();
    database = openTestDatabase(location);
  });
  afterAll(async () => {
    await database.close();
    await location.drop();
  });

  // SQLite's search indexes and their shadow tables are written by triggers alone: they have no owner.
  const maintainedByTriggers = new Set(
    TRIGGER_MAINTAINED_TABLES.flatMap((name) => [
      name,
      ...['data', 'idx', 'docsize', 'config'].map((s) => `${name}_${s}`),
    ]),
  );

  it('name an owner for every table the migrations create, and for no other', async () => {
    const tables = (await database.db.introspection.getTables())
      .map((t) => t.name)
      .filter((name) => !name.startsWith('kysely_') && !maintainedByTriggers.has(name));
    expect(Object.keys(TABLE_OWNERS).sort()).toEqual(tables.sort());
  });

  it('find the search indexes maintained by triggers on SQLite alone', async () => {
    const tables = new Set((await database.db.introspection.getTables()).map((t) => t.name));
    for (const name of TRIGGER_MAINTAINED_TABLES) expect(tables.has(name), name).toBe(testEngine === 'sqlite');
  });

  it('name module folders that exist', () => {
    const modules = new Set([...Object.values(TABLE_OWNERS), ...Object.values(SHARED_WRITERS).flat()]);
    for (const module of modules)
      expect(fs.statSync(path.join(SRC, module!), { throwIfNoEntry: false })?.isDirectory(), module).toBe(true);
  });
});
