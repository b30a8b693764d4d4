// Announces every change to users and API tokens on the `quartermaster_auth` channel, so that the bearer-token
// cache of every process drops what it keeps (see docs/decisions/performance-caches.md). Triggers rather than the
// application: every writer announces, the CLI, a migration or an operator's SQL included, and the NOTIFY is
// delivered at commit, never for a rollback. SQLite needs nothing: its data_version tells of other processes'
// commits.
import { sql, type Kysely } from 'kysely';
import { engineOf } from '../dialect.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  // Identical notifications of one transaction are delivered once: a bulk change costs one.
  await sql`create function quartermaster_auth_changed() returns trigger language plpgsql as $$
    begin perform pg_notify('quartermaster_auth', ''); return null; end $$`.execute(db);
  await sql`create trigger users_auth_changed after insert or update or delete or truncate on users
    for each statement execute function quartermaster_auth_changed()`.execute(db);
  await sql`create trigger api_tokens_auth_created_or_deleted after insert or delete or truncate on api_tokens
    for each statement execute function quartermaster_auth_changed()`.execute(db);
  // Recording when a token was last used (at most once a minute per token) changes nothing a cache keeps.
  await sql`create trigger api_tokens_auth_updated after update on api_tokens for each row
    when ((to_jsonb(old) - 'last_used_at') is distinct from (to_jsonb(new) - 'last_used_at'))
    execute function quartermaster_auth_changed()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  await sql`drop trigger api_tokens_auth_updated on api_tokens`.execute(db);
  await sql`drop trigger api_tokens_auth_created_or_deleted on api_tokens`.execute(db);
  await sql`drop trigger users_auth_changed on users`.execute(db);
  await sql`drop function quartermaster_auth_changed()`.execute(db);
}
