// The page of a list and the count of the whole list, which every paged repository list answers. The count stops
// at COUNT_LIMIT matches: past it, reading every match to count it would cost more than the page itself, and
// grow with the list (docs/pagination.md, "Totals").
import { sql, type QueryExecutorProvider, type SelectQueryBuilder } from 'kysely';
import { COUNT_LIMIT, offsetOf, type Page, type PageRequest } from '../core/pagination.js';

/**
 * The requested page of `rows`, a filtered and fully ordered select (ending with the id, so that pages are
 * stable), and the number of rows it matches: exactly up to COUNT_LIMIT, else a lower bound, said by
 * `totalIsCapped`. The count is the same query without its selections and its order, cut at COUNT_LIMIT + 1
 * rows; both statements run at once (on two pooled connections outside a transaction). A select whose rows are
 * not one per matching row (`group by`, `distinct`) is counted by its rows, which is what its pages hold.
 */
export async function paginate<D, TB extends keyof D, O>(
  db: QueryExecutorProvider,
  rows: SelectQueryBuilder<D, TB, O>,
  page: PageRequest,
): Promise<Page<O>> {
  const matches = rows
    .clearSelect()
    .clearOrderBy()
    .select(sql<number>`1`.as('one'))
    .limit(COUNT_LIMIT + 1);
  const [fetched, count] = await Promise.all([
    // One row more than the page: whether another page follows, which a capped count cannot tell.
    rows
      .limit(page.per_page + 1)
      .offset(offsetOf(page))
      .execute(),
    sql<{ n: number | string }>`select count(*) as n from ${matches} as matches`.execute(db),
  ]);
  const items = fetched.slice(0, page.per_page);
  // PostgreSQL answers count(*) as a bigint string.
  const counted = Number(count.rows[0]!.n);
  if (counted <= COUNT_LIMIT) return { items, total: counted };
  const seen = offsetOf(page) + items.length + (fetched.length > page.per_page ? 1 : 0);
  return { items, total: Math.max(COUNT_LIMIT, seen), totalIsCapped: true };
}
