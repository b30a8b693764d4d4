// Page-number pagination as services and repositories see it: the page asked for, and the page answered with
// the count of the whole list. The query schema and the answer's `meta` and `links` are http/pagination.ts'.

export const MAX_PER_PAGE = 100;
/**
 * The highest page number: 2^31 - 1, far past any real list, and low enough that the offset it makes
 * (at most about 2.1e11 rows) stays an exact integer in JavaScript and fits both engines' OFFSET.
 */
export const MAX_PAGE = 2_147_483_647;

export interface PageRequest {
  page: number;
  per_page: number;
}

/**
 * Matches a list counts at most: beyond, its total says "at least this many" (docs/pagination.md, "Totals").
 * Counting stops there because the count reads every match, and a page reads only its own rows.
 */
export const COUNT_LIMIT = 10_000;

export interface Page<T> {
  items: T[];
  /** The rows the list matches; with `totalIsCapped`, a lower bound that counts this page and one row past it. */
  total: number;
  /** More rows match than COUNT_LIMIT, and `total` is the least number that do. */
  totalIsCapped?: boolean;
}

export function offsetOf(page: PageRequest): number {
  return (page.page - 1) * page.per_page;
}

/**
 * The total a page answers, from the rows counted up to COUNT_LIMIT + 1: exact up to COUNT_LIMIT; past it a
 * lower bound that counts the rows up to this page and one past it when `more` follow, so that the last page
 * derived from it stays ahead of this one while rows follow.
 */
export function pageTotal(
  page: PageRequest,
  counted: number,
  itemsOnPage: number,
  more: boolean,
): Pick<Page<never>, 'total' | 'totalIsCapped'> {
  if (counted <= COUNT_LIMIT) return { total: counted };
  return { total: Math.max(COUNT_LIMIT, offsetOf(page) + itemsOnPage + (more ? 1 : 0)), totalIsCapped: true };
}
