// CSV imports run as jobs (docs/import.md): the job with its progress and counts, the ranges of rows its
// committed batches imported, and the refused rows of its error report. A batch writes its range, its refusals
// and its counts in the same transaction as its rows, so a worker that dies mid-import resumes with exactly the
// rows no batch committed.
import type { Kysely } from 'kysely';
import { columnTypes, engineOf } from '../dialect.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(engineOf(db));
  await db.schema
    .createTable('import_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    // products, stock_levels, suppliers or categories
    .addColumn('type', 'text', (c) => c.notNull())
    // create, update or upsert
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('dry_run', 'boolean', (c) => c.notNull())
    // queued, validating, running, completed, failed or cancelled
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('file_size', 'integer', (c) => c.notNull())
    // Where the uploaded file is kept (the document storage) until the job ends.
    .addColumn('file_key', 'text', (c) => c.notNull())
    .addColumn('rows_total', 'integer')
    .addColumn('rows_done', 'integer', (c) => c.notNull())
    .addColumn('created_count', 'integer', (c) => c.notNull())
    .addColumn('updated_count', 'integer', (c) => c.notNull())
    .addColumn('unchanged_count', 'integer', (c) => c.notNull())
    .addColumn('failed_count', 'integer', (c) => c.notNull())
    // Why a failed job failed (the file as a whole); refused rows are in import_errors.
    .addColumn('error', 'text')
    // Who started it: the import's writes are recorded in the audit log as theirs.
    .addColumn('actor_type', 'text', (c) => c.notNull())
    .addColumn('actor_user_id', 'text')
    .addColumn('actor_token_id', 'text')
    .addColumn('actor_name', 'text')
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('started_at', t.timestamp)
    .addColumn('finished_at', t.timestamp)
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('import_jobs_tenant_created_idx')
    .on('import_jobs')
    .columns(['tenant_id', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('import_jobs_status_idx').on('import_jobs').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('import_batches')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('import_id', 'text', (c) => c.notNull().references('import_jobs.id'))
    // Rows first_row to last_row (the header is row 1) were imported or refused by one committed batch.
    .addColumn('first_row', 'integer', (c) => c.notNull())
    .addColumn('last_row', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_batches_pkey', ['import_id', 'first_row'])
    .execute();

  await db.schema
    .createTable('import_errors')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('import_id', 'text', (c) => c.notNull().references('import_jobs.id'))
    // The row as a spreadsheet numbers it: the header is row 1.
    .addColumn('row_number', 'integer', (c) => c.notNull())
    .addColumn('column_name', 'text')
    .addColumn('value', 'text')
    .addColumn('message', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('import_errors_import_row_idx')
    .on('import_errors')
    .columns(['import_id', 'row_number', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('import_errors').execute();
  await db.schema.dropTable('import_batches').execute();
  await db.schema.dropTable('import_jobs').execute();
}
