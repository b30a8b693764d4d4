// Tenancy, users, warehouses, API tokens, idempotency keys and the event store.
import { sql, type Kysely } from 'kysely';
import { columnTypes, engineOf } from '../dialect.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(engineOf(db));

  await db.schema
    .createTable('tenants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();

  // `tenant_id` first in every index; users are the one exception: an e-mail signs in without naming a
  // tenant, so it must be unique across the installation.
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_email_unique').on('users').column('email').unique().execute();
  await db.schema.createIndex('users_tenant_idx').on('users').columns(['tenant_id', 'role']).execute();

  await db.schema
    .createTable('warehouses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('address', t.json)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addColumn('deleted_at', t.timestamp)
    .execute();
  await db.schema
    .createIndex('warehouses_tenant_code_unique')
    .on('warehouses')
    .columns(['tenant_id', 'code'])
    .unique()
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  // The database itself keeps "exactly one default warehouse per tenant" from ever having two.
  await db.schema
    .createIndex('warehouses_tenant_default_unique')
    .on('warehouses')
    .column('tenant_id')
    .unique()
    .where((eb) => eb.and([eb(sql.ref('is_default'), '=', sql.lit(true)), eb(sql.ref('deleted_at'), 'is', null)]))
    .execute();

  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('token_prefix', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('abilities', t.json, (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('ip_whitelist', t.json)
    .addColumn('expires_at', t.timestamp)
    .addColumn('last_used_at', t.timestamp)
    .addColumn('approved_by', 'text', (c) => c.references('users.id'))
    .addColumn('approved_at', t.timestamp)
    .addColumn('revoked_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  // A bearer token arrives without its tenant: it is found by its public prefix, installation-wide.
  await db.schema.createIndex('api_tokens_prefix_idx').on('api_tokens').column('token_prefix').execute();
  await db.schema
    .createIndex('api_tokens_tenant_user_idx')
    .on('api_tokens')
    .columns(['tenant_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('content_type', 'text')
    .addColumn('response_body', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('idempotency_keys_tenant_key_unique')
    .on('idempotency_keys')
    .columns(['tenant_id', 'idempotency_key'])
    .unique()
    .execute();
  await db.schema.createIndex('idempotency_keys_expires_idx').on('idempotency_keys').column('expires_at').execute();

  await db.schema
    .createTable('events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('entity_type', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('payload', t.json)
    .addColumn('occurred_at', t.timestamp, (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('events_tenant_id_idx').on('events').columns(['tenant_id', 'id']).execute();
  await db.schema.createIndex('events_occurred_idx').on('events').column('occurred_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['events', 'idempotency_keys', 'api_tokens', 'warehouses', 'users', 'tenants']) {
    await db.schema.dropTable(table).execute();
  }
}
