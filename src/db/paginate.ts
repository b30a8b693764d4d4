// The page of a list and the count of the whole list, which every paged repository list answers. The count stops
// at COUNT_LIMIT matches: past it, reading every match to count it would cost more than the page itself, and
// grow with the list (README, "Totals"; docs/decisions/requests-and-responses.md).
import { sql, type QueryExecutorProvider, type SelectQueryBuilder } from 'kysely';
import { COUNT_LIMIT, offsetOf, pageTotal, type Page, type PageRequest } from '../core/pagination.js';

/**
 * The requested page of `rows`, a filtered and fully ordered select (ending with the id, so that pages are
 * stable), and the number of rows it matches: exactly up to COUNT_LIMIT, else a lower bound, said by
 * `totalIsCapped`. Both statements run at once (on two pooled connections outside a transaction). A select
 * whose rows are not one per matching row (`group by`, `distinct`) is counted by its rows, which is what its
 * pages hold.
 */
export async function paginate<D, TB extends keyof D, O>(
  db: QueryExecutorProvider,
  rows: SelectQueryBuilder<D, TB, O>,
  page: PageRequest,
): Promise<Page<O>> {
  const [fetched, counted] = await Promise.all([
    // One row more than the page: whether another page follows, which a capped count cannot tell.
    rows
      .limit(page.per_page + 1)
      .offset(offsetOf(page))
      .execute(),
    countUpToLimit(db, rows),
  ]);
  const items = fetched.slice(0, page.per_page);
  return { items, ...pageTotal(page, counted, items.length, fetched.length > page.per_page) };
}

/**
 * How many rows `rows` matches, counted up to COUNT_LIMIT + 1: the same query without its selections and order,
 * cut there. A count above COUNT_LIMIT means "more than COUNT_LIMIT".
 */
export async function countUpToLimit<D, TB extends keyof D, O>(
  db: QueryExecutorProvider,
  rows: SelectQueryBuilder<D, TB, O>,
): Promise<number> {
  const matches = rows
    .clearSelect()
    .clearOrderBy()
    .select(sql<number>`1`.as('one'))
    .limit(COUNT_LIMIT + 1);
  const result = await sql<{ n: number | string }>`select count(*) as n from ${matches} as matches`.execute(db);
  // PostgreSQL answers count(*) as a bigint string.
  return Number(result.rows[0]!.n);
}
