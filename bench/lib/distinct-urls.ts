// Query strings that are never asked twice, for reads measured from the database: the server keeps an answer only
// from a URL's second read (docs/decisions/performance-caches.md), so a load whose every URL is new reads every
// answer from the database. What varies, fastest first, so that each stretch of the load holds the same mix of work:
// the read's own variant (a search term, a category, a feed cursor), per_page, page, how page and per_page are
// spelled (0 to 15 leading zeros each: `page=002` is page 2), and the order of the parameters. Only the first three
// change what the database does; the last two only make the URL new once those are used up.

export interface QueryFamily {
  /** Parameters of every query of the family. */
  fixed?: Readonly<Record<string, string>>;
  /** How many variants there are, and the parameters of the i-th (all different). */
  variants?: { count: number; at: (index: number) => Readonly<Record<string, string>> };
  /** Pages `firstPage` (default 1) to `firstPage + pages - 1`; 0 sends no `page` (an endpoint without one). */
  pages: number;
  firstPage?: number;
  /** per_page from the first to the second, both included. */
  perPage: readonly [number, number];
}

/** Leading zeros each of page and per_page is spelled with: none up to this less one. */
const SPELLINGS = 16;

function factorial(n: number): number {
  let value = 1;
  for (let i = 2; i <= n; i++) value *= i;
  return value;
}

/** The `rank`-th ordering of `items` (0 ≤ rank < items.length!), every rank a different one. */
export function permutation<T>(items: readonly T[], rank: number): T[] {
  const pool = [...items];
  const ordered: T[] = [];
  let rest = rank;
  for (let left = pool.length; left > 0; left--) {
    const block = factorial(left - 1);
    const index = Math.floor(rest / block);
    rest %= block;
    ordered.push(pool.splice(index, 1)[0]!);
  }
  return ordered;
}

/** How many different query strings the family can spell. */
export function familySize(family: QueryFamily): number {
  const names = parameterNames(family);
  const numbers = family.pages > 0 ? 2 : 1;
  return (
    (family.variants?.count ?? 1) *
    (family.perPage[1] - family.perPage[0] + 1) *
    Math.max(1, family.pages) *
    SPELLINGS ** numbers *
    factorial(names.length)
  );
}

function parameterNames(family: QueryFamily): string[] {
  const variant = family.variants ? Object.keys(family.variants.at(0)) : [];
  return [...Object.keys(family.fixed ?? {}), ...variant, ...(family.pages > 0 ? ['page'] : []), 'per_page'];
}

/** The first `limit` query strings of the family (fewer when it has fewer), all different, without the `?`. */
export function distinctQueries(family: QueryFamily, limit: number): string[] {
  const names = parameterNames(family);
  const count = Math.min(limit, familySize(family));
  const variants = family.variants?.count ?? 1;
  const perPages = family.perPage[1] - family.perPage[0] + 1;
  const pages = Math.max(1, family.pages);
  const spellings = SPELLINGS ** (family.pages > 0 ? 2 : 1);
  const orders = new Map<number, string[]>();
  const queries: string[] = [];
  for (let i = 0; i < count; i++) {
    let rest = i;
    const digit = (radix: number) => {
      const value = rest % radix;
      rest = Math.floor(rest / radix);
      return value;
    };
    const variant = digit(variants);
    const perPage = family.perPage[0] + digit(perPages);
    const page = (family.firstPage ?? 1) + digit(pages);
    const spelling = digit(spellings);
    const rank = rest;
    const zeros = (n: number) => '0'.repeat(n);
    const values: Record<string, string> = {
      ...family.fixed,
      ...family.variants?.at(variant),
      per_page: `${zeros(spelling % SPELLINGS)}${perPage}`,
      ...(family.pages > 0 ? { page: `${zeros(Math.floor(spelling / SPELLINGS))}${page}` } : {}),
    };
    let order = orders.get(rank);
    if (!order) orders.set(rank, (order = permutation(names, rank)));
    queries.push(order.map((name) => `${encodeURIComponent(name)}=${encodeURIComponent(values[name]!)}`).join('&'));
  }
  return queries;
}

/** A fixed pseudo-random order of `items` (the same on every run), so that reads do not walk a table in key order. */
export function shuffled<T>(items: readonly T[], seed = 1): T[] {
  const out = [...items];
  let state = seed >>> 0;
  for (let i = out.length - 1; i > 0; i--) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    const j = Math.floor((state / 4294967296) * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
