// When an order's e-mail reached the supplier's mail server: `sent_at` and `sent_to` record the transition and the
// supplier's address whether or not any e-mail left, so without this column a history could not tell an order
// e-mailed to its supplier from one only marked as sent. Orders sent before stay null: whether they were
// e-mailed was never recorded.
import type { Kysely } from 'kysely';
import { columnTypes, engineOf } from '../dialect.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('purchase_orders')
    .addColumn('emailed_at', columnTypes(engineOf(db)).timestamp)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('purchase_orders').dropColumn('emailed_at').execute();
}
