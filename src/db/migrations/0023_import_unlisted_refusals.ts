// An import keeps the reasons of its first refused rows only (IMPORT_MAX_STORED_ERRORS): a file of bad rows
// would otherwise write many times its own size into import_errors. The rows refused beyond those are counted
// here, so that the job and its error report say how many are not listed. A job that refuses too many of its
// rows now ends as too_many_errors: `status` is text, so that needs no change.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('import_jobs')
    .addColumn('failed_unlisted_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('import_jobs').dropColumn('failed_unlisted_count').execute();
}
