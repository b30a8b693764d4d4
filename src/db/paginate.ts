// The page of a list and the count of the whole list, which every paged repository list answers.
import type { SelectQueryBuilder } from 'kysely';
import { offsetOf, type Page, type PageRequest } from '../core/pagination.js';

/**
 * The requested page of `rows`, a filtered and fully ordered select (ending with the id, so that pages are
 * stable), and the number of rows it matches in all. The count is the same query without its selections and
 * its order, as `count(*)`; both statements run at once (on two pooled connections outside a transaction).
 * A select whose rows are not one per matching row (`group by`, `distinct`) needs a count of its own.
 */
export async function paginate<D, TB extends keyof D, O>(
  rows: SelectQueryBuilder<D, TB, O>,
  page: PageRequest,
): Promise<Page<O>> {
  const [items, count] = await Promise.all([
    rows.limit(page.per_page).offset(offsetOf(page)).execute(),
    // Typed by hand: over a generic table set, Kysely cannot narrow the result of a select to its one column.
    rows
      .clearSelect()
      .clearOrderBy()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow() as Promise<{ n: number | string }>,
  ]);
  // PostgreSQL answers count(*) as a bigint string.
  return { items, total: Number(count.n) };
}
