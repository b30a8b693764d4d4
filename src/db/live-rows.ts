// The update of one row of a tenant by its id, and the soft delete of live rows: the statements every repository of
// a soft-deleted table repeats. The repository starts the statement (`db.updateTable('brands')`), adding any
// condition of its own, so that the table is named where scripts/check-layers.ts checks its owner; these finish it.
import { sql, type ExpressionBuilder, type UpdateObject, type UpdateQueryBuilder, type UpdateResult } from 'kysely';

/** The tables of `D` whose rows belong to a tenant and are found by their id. */
export type TenantTable<D> = {
  [T in keyof D]: D[T] extends { id: string; tenant_id: string } ? T : never;
}[keyof D];

/** The tenant tables of `D` whose rows are soft-deleted: a row is live while its `deleted_at` is null. */
export type LiveTable<D> = {
  [T in keyof D]: D[T] extends { id: string; tenant_id: string; deleted_at: string | null; updated_at: string }
    ? T
    : never;
}[keyof D];

// Over a generic table, Kysely cannot resolve a column named by a string: the columns are referred to with
// `sql.ref`, and the table types above ensure that they exist.
const column = (name: 'id' | 'tenant_id' | 'deleted_at' | 'updated_at') => sql.ref<string | null>(name);

/** The values a statement sets: the columns' values, or a function of the row (`eb.not(eb.ref('is_featured'))`). */
export type RowChanges<D, TB extends keyof D> =
  UpdateObject<D, TB> | ((eb: ExpressionBuilder<D, TB>) => UpdateObject<D, TB>);

function ofTenant<D, TB extends keyof D, O>(
  update: UpdateQueryBuilder<D, TB, TB, O>,
  tenantId: string,
  ids: string | readonly string[],
) {
  const scoped = update.where(column('tenant_id'), '=', tenantId);
  return typeof ids === 'string' ? scoped.where(column('id'), '=', ids) : scoped.where(column('id'), 'in', ids);
}

function updateRow<D, TB extends keyof D>(
  update: UpdateQueryBuilder<D, TB, TB, UpdateResult>,
  tenantId: string,
  id: string,
  changes: RowChanges<D, TB>,
) {
  return ofTenant(update.set(changes), tenantId, id).returningAll().executeTakeFirst();
}

/** Applies `changes` to the tenant's row `id` and answers the row as it is now; undefined when no row matched. */
export function updateTenantRow<D, TB extends TenantTable<D>>(
  update: UpdateQueryBuilder<D, TB, TB, UpdateResult>,
  tenantId: string,
  id: string,
  changes: RowChanges<D, TB>,
) {
  return updateRow(update, tenantId, id, changes);
}

/** `updateTenantRow` for a live row only: undefined when the row is soft-deleted, or missing. */
export function updateLiveRow<D, TB extends LiveTable<D>>(
  update: UpdateQueryBuilder<D, TB, TB, UpdateResult>,
  tenantId: string,
  id: string,
  changes: RowChanges<D, TB>,
) {
  return updateRow(update.where(column('deleted_at'), 'is', null), tenantId, id, changes);
}

/**
 * Soft-deletes those of the tenant's rows `ids` (one id or a non-empty list) that are live, at `at`; answers how
 * many it deleted, none when the rows are gone or another condition of `update` refused them.
 */
export async function softDeleteLiveRows<D, TB extends LiveTable<D>>(
  update: UpdateQueryBuilder<D, TB, TB, UpdateResult>,
  tenantId: string,
  ids: string | readonly string[],
  at: string,
): Promise<number> {
  const deleted = update.set(column('deleted_at'), at).set(column('updated_at'), at);
  const result = await ofTenant(deleted.where(column('deleted_at'), 'is', null), tenantId, ids).executeTakeFirst();
  return Number(result.numUpdatedRows);
}
