// Webhook subscriptions, their deliveries and every attempt of each. Deliveries are claimed by workers with a
// lease (`lease_owner`, `lease_expires_at`), so a crashed worker's deliveries are taken again when it expires.
import { sql, type Kysely } from 'kysely';
import { columnTypes, engineOf } from '../dialect.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(engineOf(db));

  await db.schema
    .createTable('webhook_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('event_types', t.json, (c) => c.notNull())
    .addColumn('payload_mode', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('headers', t.json, (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('disabled_reason', 'text')
    .addColumn('disabled_at', t.timestamp)
    // Events that occurred before this (creation or the last activation) are never delivered to it.
    .addColumn('active_since', t.timestamp, (c) => c.notNull())
    // What the creating token could view: a subscription never receives more than its creator could read.
    .addColumn('visible_entity_types', t.json, (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.id'))
    .addColumn('token_id', 'text', (c) => c.references('api_tokens.id'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addColumn('deleted_at', t.timestamp)
    .execute();
  await db.schema
    .createIndex('webhook_subscriptions_tenant_status_idx')
    .on('webhook_subscriptions')
    .columns(['tenant_id', 'status', 'created_at'])
    .execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('subscription_id', 'text', (c) => c.notNull().references('webhook_subscriptions.id'))
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id'))
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('entity_type', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', t.timestamp, (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', t.timestamp)
    .addColumn('last_attempt_at', t.timestamp)
    .addColumn('last_response_code', 'integer')
    .addColumn('last_response_time_ms', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  // The workers' queue: due pending deliveries, and deliveries whose lease ran out.
  await db.schema
    .createIndex('webhook_deliveries_queue_idx')
    .on('webhook_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_subscription_idx')
    .on('webhook_deliveries')
    .columns(['tenant_id', 'subscription_id', 'created_at'])
    .execute();
  await db.schema.createIndex('webhook_deliveries_event_idx').on('webhook_deliveries').column('event_id').execute();
  // One open delivery per event and subscription: a replay or a manual retry never doubles one in flight.
  await db.schema
    .createIndex('webhook_deliveries_open_unique')
    .unique()
    .on('webhook_deliveries')
    .columns(['tenant_id', 'subscription_id', 'event_id'])
    .where(sql.ref('status'), 'in', sql`('pending', 'delivering')`)
    .execute();

  await db.schema
    .createTable('webhook_delivery_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('delivery_id', 'text', (c) => c.notNull().references('webhook_deliveries.id'))
    .addColumn('subscription_id', 'text', (c) => c.notNull().references('webhook_subscriptions.id'))
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('attempted_at', t.timestamp, (c) => c.notNull())
    .addColumn('succeeded', 'boolean', (c) => c.notNull())
    .addColumn('response_code', 'integer')
    .addColumn('response_time_ms', 'integer')
    .addColumn('error', 'text')
    .execute();
  await db.schema
    .createIndex('webhook_delivery_attempts_delivery_idx')
    .on('webhook_delivery_attempts')
    .columns(['delivery_id', 'attempt'])
    .execute();
  // Auto-disable counts a subscription's attempts of the last 24 hours.
  await db.schema
    .createIndex('webhook_delivery_attempts_subscription_idx')
    .on('webhook_delivery_attempts')
    .columns(['subscription_id', 'attempted_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['webhook_delivery_attempts', 'webhook_deliveries', 'webhook_subscriptions'])
    await db.schema.dropTable(table).execute();
}
