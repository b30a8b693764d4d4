// A console token belongs to the session that asked for it: `session_id` names that session (null for every other
// token), so that the session's end revokes it and the API-token lists leave it out. Console tokens issued before
// named no session: they are revoked, and marked with a session id no session has, so that they leave the lists too.
import type { Kysely } from 'kysely';
import { chunks } from '../../lib/chunks.js';

/** What this migration reads and writes of api_tokens. */
interface Tables {
  api_tokens: {
    id: string;
    name: string;
    type: string;
    status: string;
    session_id: string | null;
    expires_at: string | Date | null;
    revoked_at: string | null;
    created_at: string | Date;
    updated_at: string;
  };
}

/** The session of a console token issued before sessions were recorded: no session id (a SHA-256) looks like this. */
const UNRECORDED_SESSION = 'unrecorded';
/** Only the console issued tokens of exactly this lifetime; the API and the CLI give whole days. */
const CONSOLE_TOKEN_LIFETIME_MS = 15 * 60_000;
const BATCH = 500;

const time = (value: string | Date): number => new Date(value).getTime();

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_tokens').addColumn('session_id', 'text').execute();
  await db.schema.createIndex('api_tokens_session_idx').on('api_tokens').column('session_id').execute();

  const tokens = db as Kysely<Tables>;
  const named = await tokens
    .selectFrom('api_tokens')
    .select(['id', 'status', 'created_at', 'expires_at'])
    .where('name', '=', 'Console session')
    .where('type', '=', 'application')
    .execute();
  const issuedByConsole = named.filter(
    (t) => t.expires_at !== null && time(t.expires_at) - time(t.created_at) === CONSOLE_TOKEN_LIFETIME_MS,
  );
  const now = new Date().toISOString();
  for (const ids of chunks(
    issuedByConsole.map((t) => t.id),
    BATCH,
  )) {
    await tokens.updateTable('api_tokens').set({ session_id: UNRECORDED_SESSION }).where('id', 'in', ids).execute();
    await tokens
      .updateTable('api_tokens')
      .set({ status: 'revoked', revoked_at: now, updated_at: now })
      .where('id', 'in', ids)
      .where('status', '!=', 'revoked')
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('api_tokens_session_idx').execute();
  await db.schema.alterTable('api_tokens').dropColumn('session_id').execute();
}
