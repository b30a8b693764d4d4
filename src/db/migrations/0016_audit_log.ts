// The audit log: who changed what, written in the transaction of the change (docs/audit-log.md). Read newest
// first by id (ULIDs order by time), with or without a filter on the entity, the actor or the time; purged by
// time after AUDIT_RETENTION_DAYS.
import type { Kysely } from 'kysely';
import { columnTypes, engineOf } from '../dialect.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(engineOf(db));
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('occurred_at', t.timestamp, (c) => c.notNull())
    // user (a session), token, cli or system (the worker)
    .addColumn('actor_type', 'text', (c) => c.notNull())
    .addColumn('actor_user_id', 'text')
    .addColumn('actor_token_id', 'text')
    // What the actor was called then (an e-mail, a token's name, the shell user): kept when the user goes.
    .addColumn('actor_name', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity_type', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text')
    .addColumn('changes', t.json)
    .addColumn('request_id', 'text')
    .addColumn('ip', 'text')
    .execute();
  await db.schema.createIndex('audit_log_tenant_id_idx').on('audit_log').columns(['tenant_id', 'id']).execute();
  await db.schema
    .createIndex('audit_log_tenant_entity_idx')
    .on('audit_log')
    .columns(['tenant_id', 'entity_type', 'entity_id', 'id'])
    .execute();
  await db.schema
    .createIndex('audit_log_tenant_user_idx')
    .on('audit_log')
    .columns(['tenant_id', 'actor_user_id', 'id'])
    .execute();
  await db.schema.createIndex('audit_log_occurred_idx').on('audit_log').column('occurred_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
}
