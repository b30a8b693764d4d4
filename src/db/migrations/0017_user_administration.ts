// Users managed in the API: one-time links to set a password (an invitation, an administrator's reset), the
// moment a password was last set (null for an invited user who has not set one yet), and when a user was
// deactivated.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { columnTypes, engineOf } from '../dialect.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(engineOf(db));
  await db.schema.alterTable('users').addColumn('password_set_at', t.timestamp).execute();
  await db.schema.alterTable('users').addColumn('deactivated_at', t.timestamp).execute();
  // Every user so far was made with a password (the CLI's user:create, the first admin).
  await db
    .updateTable('users' as never)
    .set({ password_set_at: sql.ref('created_at') } as never)
    .execute();

  await db.schema
    .createTable('password_links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    // invitation or reset
    .addColumn('purpose', 'text', (c) => c.notNull())
    // SHA-256 of the link's secret: a database leak gives no usable link.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('used_at', t.timestamp)
    .addColumn('created_by', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('password_links_tenant_user_idx')
    .on('password_links')
    .columns(['tenant_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('password_links').execute();
  await db.schema.alterTable('users').dropColumn('deactivated_at').execute();
  await db.schema.alterTable('users').dropColumn('password_set_at').execute();
}
