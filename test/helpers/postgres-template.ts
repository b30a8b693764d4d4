// Global setup for the PostgreSQL project: migrate one template database per run; each test file then
// clones it (CREATE DATABASE … TEMPLATE), which takes milliseconds instead of a full migration.
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { databaseUrlFor } from './postgres-admin.js';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const template = `qm_template_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${template}"`);
  const database = createDatabase({ databaseUrl: databaseUrlFor(adminUrl, template), sqliteFile: '', poolSize: 1 });
  await migrateToLatest(database.db);
  await database.close();
  project.provide('postgresTemplate', template);

  return async () => {
    await admin.query(`drop database if exists "${template}" with (force)`);
    await admin.end();
  };
}
