// The rows of a whole list, as its screen filters and sorts them, walked through the API page by page (by `after`
// where the list takes it, else numbered pages of 100) up to a cap, so that an export never asks for more than a
// spreadsheet is meant to hold. The walk itself is the SDK's (clients/typescript/src/pagination.ts).
import {
  nextPageParams,
  pages,
  type ListBody,
  type PageFetcher,
  type PageParams,
} from '../../../clients/typescript/src/pagination';

/** The most rows one export holds; the screen says so when a list has more. */
export const EXPORT_CAP = 10_000;
/** Rows asked for per request: the API's largest page. */
export const EXPORT_PAGE_SIZE = 100;

export interface ListSource<Row> {
  /** One page of the list with the screen's filters and sort, `per_page` EXPORT_PAGE_SIZE, and `next` spread in. */
  fetchPage: PageFetcher<ListBody<Row>>;
  /** The list takes `after` (products, stock movements): walked by cursor, which neither skips nor repeats rows. */
  keyset?: boolean;
}

export interface CollectedRows<Row> {
  rows: Row[];
  /** The list had more rows than the cap: the file holds the first EXPORT_CAP. */
  capped: boolean;
}

export async function collectRows<Row>(source: ListSource<Row>, cap: number = EXPORT_CAP): Promise<CollectedRows<Row>> {
  const rows: Row[] = [];
  for await (const body of pages(source.fetchPage, { keyset: source.keyset ?? false })) {
    rows.push(...body.data);
    if (rows.length > cap) return { rows: rows.slice(0, cap), capped: true };
    // Exactly the cap: capped only if the list goes on after this page.
    if (rows.length === cap) return { rows, capped: nextPageParams(body, {}) !== null };
  }
  return { rows, capped: false };
}

/**
 * The query of one page of an export: the screen's query (its filters and sort) without its page number, the
 * largest page, and the walk's `next` (`page` or `after`).
 */
export function exportQuery<Query extends object>(query: Query, next: PageParams): Query & { per_page: number } {
  const { page: _page, ...rest } = query as Query & { page?: number };
  return { ...rest, per_page: EXPORT_PAGE_SIZE, ...next } as Query & { per_page: number };
}
