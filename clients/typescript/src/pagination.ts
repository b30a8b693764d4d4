// Every page of a list, whichever of the API's three list shapes it answers:
//   `meta` {current_page, last_page…} + `links`   most lists (`page`, `per_page`)
//   `meta.pagination` {current_page, last_page…}  master products (`page`, `per_page`)
//   `meta` {has_more, cursor} + `links.next`      the event feed (`after`), the audit log (`before`), and the
//                                                 lists walked by `after` (products, stock movements, sales orders)
import { unwrap, type CallResult } from './errors.js';

/**
 * What to add to the list's query for the next page: nothing for the first one, then `page` for a numbered
 * list or the cursor parameter (`after` or `before`) for a cursor-paged one. Spread it into the query.
 */
export interface PageParams {
  page?: number;
  after?: string;
  before?: string;
}

/** The body of any list answer: the envelope's `data` with whatever `meta` and `links` it carries. */
export interface ListBody<Item> {
  data: Item[];
  meta?: unknown;
  links?: unknown;
}

/** How to walk a list. */
export interface WalkOptions {
  /**
   * The list takes `after` (products, stock movements, sales orders): walk it by cursor from an empty `after`,
   * which neither skips nor repeats rows written during the walk, and reads no count. Default false: by `page`.
   */
  keyset?: boolean;
}

/** Fetches one page of a list with the parameters the iterator hands it. */
export type PageFetcher<Body extends ListBody<unknown>> = (next: PageParams) => Promise<CallResult<Body>>;

/**
 * Each page's body in turn, from the first to the last. A refusal is thrown as a QuartermasterError.
 *
 * ```ts
 * for await (const page of pages((next) => api.GET('/api/v1/webhooks/events', { params: { query: { per_page: 100, ...next } } }))) …
 * ```
 */
export async function* pages<Body extends ListBody<unknown>>(
  fetchPage: PageFetcher<Body>,
  options: WalkOptions = {},
): AsyncGenerator<Body> {
  let next: PageParams | null = options.keyset ? { after: '' } : {};
  while (next !== null) {
    const body: Body = await unwrap(fetchPage(next));
    yield body;
    next = nextPageParams(body, next);
  }
}

/**
 * Each item of every page in turn, fetching the next page only when the items of the last one are used up.
 *
 * ```ts
 * for await (const product of paginate((next) => api.GET('/api/v1/operations/products', { params: { query: { search: 'drill', ...next } } }), { keyset: true })) …
 * ```
 */
export async function* paginate<Item>(
  fetchPage: PageFetcher<ListBody<Item>>,
  options: WalkOptions = {},
): AsyncGenerator<Item> {
  for await (const body of pages(fetchPage, options)) yield* body.data;
}

/** The parameters of the page after `body`, or null when `body` is the last one. */
export function nextPageParams(body: ListBody<unknown>, current: PageParams): PageParams | null {
  const meta = asRecord(body.meta);
  const numbered = pageNumbers(asRecord(meta.pagination)) ?? pageNumbers(meta);
  if (numbered) return numbered.current < numbered.last ? { page: numbered.current + 1 } : null;

  if (meta.has_more !== true || typeof meta.cursor !== 'string') return null;
  const parameter = cursorParameter(asRecord(body.links).next, meta.cursor);
  if (current[parameter] === meta.cursor) throw new Error(`The list answered the same cursor twice (${meta.cursor}).`);
  return { [parameter]: meta.cursor };
}

function pageNumbers(meta: Record<string, unknown>): { current: number; last: number } | null {
  const { current_page: current, last_page: last } = meta;
  return typeof current === 'number' && typeof last === 'number' ? { current, last } : null;
}

/**
 * The query parameter that carries the cursor: the one of `links.next` holding it (the audit log pages with
 * `before`), else `after`, the event feed's.
 */
function cursorParameter(nextLink: unknown, cursor: string): 'after' | 'before' {
  if (typeof nextLink === 'string') {
    const query = new URL(nextLink, 'http://link.invalid').searchParams;
    if (query.get('before') === cursor) return 'before';
  }
  return 'after';
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/**
 * The page-numbered answer of a list that also walks by `after` (its type is either shape): a call without
 * `after` always gets this one. Throws on a keyset answer.
 */
export function numberedPage<Body extends ListBody<unknown>>(
  body: Body,
): Extract<Body, { meta: { current_page: number } }> {
  if (pageNumbers(asRecord(body.meta)) === null)
    throw new Error('The list answered a keyset page, not a numbered one.');
  return body as Extract<Body, { meta: { current_page: number } }>;
}
