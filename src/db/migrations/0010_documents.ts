// Documents attached to products, suppliers and purchase orders. The bytes live in document storage under a
// generated key; this table holds what the upload said about them and what was detected from their bytes.
import type { Kysely } from 'kysely';
import { columnTypes, engineOf } from '../dialect.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(engineOf(db));
  await db.schema
    .createTable('documents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('owner_type', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('tags', t.json, (c) => c.notNull())
    .addColumn('is_public', 'boolean', (c) => c.notNull())
    .addColumn('is_sensitive', 'boolean', (c) => c.notNull())
    .addColumn('expires_at', t.timestamp)
    .addColumn('metadata', t.json, (c) => c.notNull())
    .addColumn('original_filename', 'text', (c) => c.notNull())
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('extension', 'text')
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('checksum_sha256', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('archived_at', t.timestamp)
    // A renewal points both ways: the new document names the one it renews, the archived one its successor.
    .addColumn('renews_id', 'text', (c) => c.references('documents.id'))
    .addColumn('renewed_by_id', 'text', (c) => c.references('documents.id'))
    .addColumn('uploaded_by', 'text', (c) => c.references('users.id'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addColumn('deleted_at', t.timestamp)
    .execute();
  await db.schema
    .createIndex('documents_tenant_owner_idx')
    .on('documents')
    .columns(['tenant_id', 'owner_type', 'owner_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('documents_tenant_expires_idx')
    .on('documents')
    .columns(['tenant_id', 'expires_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('documents').execute();
}
