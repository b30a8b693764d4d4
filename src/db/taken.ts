// Whether a value that must be unique among a tenant's rows is used already: the check a service makes before
// it writes, so that the caller gets a field error naming the value rather than the unique index's refusal.
import { sql, type SelectQueryBuilder } from 'kysely';

/**
 * True when `holders` (the tenant's rows that hold the value, not yet selecting anything) finds a row other than
 * `exceptId`, the record being updated. `idColumn` is the id as the query names it (`brands.id` in a join).
 */
export async function isTaken<D, TB extends keyof D, O>(
  holders: SelectQueryBuilder<D, TB, O>,
  exceptId?: string | null,
  idColumn = 'id',
): Promise<boolean> {
  const id = sql.ref<string>(idColumn);
  let query = holders.clearSelect().select(id.as('id'));
  if (exceptId) query = query.where(id, '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}
