// Idempotency keys belong to the caller that sent them (a token, or a signed-in user), not to the whole
// tenant: another caller reusing a key must neither see the first caller's answer nor be refused because of
// it. Stored answers live a day at most, so the existing ones are dropped rather than assigned a caller.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.deleteFrom('idempotency_keys' as never).execute();
  await db.schema.dropIndex('idempotency_keys_tenant_key_unique').execute();
  await db.schema
    .alterTable('idempotency_keys')
    .addColumn('caller', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('idempotency_keys_tenant_caller_key_unique')
    .on('idempotency_keys')
    .columns(['tenant_id', 'caller', 'idempotency_key'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.deleteFrom('idempotency_keys' as never).execute();
  await db.schema.dropIndex('idempotency_keys_tenant_caller_key_unique').execute();
  await db.schema.alterTable('idempotency_keys').dropColumn('caller').execute();
  await db.schema
    .createIndex('idempotency_keys_tenant_key_unique')
    .on('idempotency_keys')
    .columns(['tenant_id', 'idempotency_key'])
    .unique()
    .execute();
}
