// Sessions for the first-party web app, the login throttle, and two-factor columns on users.
import type { Kysely } from 'kysely';
import { columnTypes, engineOf } from '../dialect.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(engineOf(db));

  // SQLite adds one column per ALTER TABLE statement.
  await db.schema.alterTable('users').addColumn('two_factor_secret', 'text').execute();
  await db.schema.alterTable('users').addColumn('two_factor_confirmed_at', t.timestamp).execute();
  await db.schema.alterTable('users').addColumn('two_factor_recovery_codes', t.json).execute();
  await db.schema.alterTable('users').addColumn('two_factor_last_step', 'bigint').execute();

  // A session starts before anyone signs in (the CSRF cookie), so its tenant is null until login.
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.references('tenants.id'))
    .addColumn('user_id', 'text', (c) => c.references('users.id'))
    .addColumn('csrf_token', 'text', (c) => c.notNull())
    .addColumn('two_factor_user_id', 'text', (c) => c.references('users.id'))
    .addColumn('two_factor_expires_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('last_seen_at', t.timestamp, (c) => c.notNull())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_tenant_user_idx').on('sessions').columns(['tenant_id', 'user_id']).execute();
  await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute();

  // Failed sign-in attempts by (e-mail, IP) key: shared by every process, read for the throttle.
  await db.schema
    .createTable('login_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('throttle_key', 'text', (c) => c.notNull())
    .addColumn('attempted_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_attempts_key_idx')
    .on('login_attempts')
    .columns(['throttle_key', 'attempted_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('login_attempts').execute();
  await db.schema.dropTable('sessions').execute();
  for (const column of [
    'two_factor_last_step',
    'two_factor_recovery_codes',
    'two_factor_confirmed_at',
    'two_factor_secret',
  ]) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
