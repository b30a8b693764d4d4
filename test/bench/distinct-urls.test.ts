// The scale run's and the "from the database" reads' URLs: never one asked twice, each a query the endpoint reads
// as the family says (its fixed parameters, one variant, a page and a per_page in their ranges).
import { describe, expect, it } from 'vitest';
import { distinctQueries, familySize, permutation, shuffled, type QueryFamily } from '../../bench/lib/distinct-urls.js';

const parsed = (query: string) => Object.fromEntries(new URLSearchParams(query));

describe('distinctQueries', () => {
  const family: QueryFamily = {
    fixed: { sort_by: 'selling_price', sort_direction: 'asc' },
    variants: { count: 3, at: (i) => ({ category_id: `cat-${i}` }) },
    firstPage: 21,
    pages: 2,
    perPage: [20, 22],
  };

  it('spells every query of the family once, and no more than it has', () => {
    const size = familySize(family);
    // 3 variants x 3 per_page x 2 pages x 256 spellings x 5! orders.
    expect(size).toBe(3 * 3 * 2 * 256 * 120);
    const all = distinctQueries(family, size + 1000);
    expect(all).toHaveLength(size);
    expect(new Set(all).size).toBe(size);
  });

  it('reads as the family says: fixed parameters, one variant, page and per_page in range', () => {
    for (const query of distinctQueries(family, 2000)) {
      const values = parsed(query);
      expect(Object.keys(values).sort()).toEqual(['category_id', 'page', 'per_page', 'sort_by', 'sort_direction']);
      expect(values.sort_by).toBe('selling_price');
      expect(values.category_id).toMatch(/^cat-[012]$/);
      expect(Number(values.page)).toBeGreaterThanOrEqual(21);
      expect(Number(values.page)).toBeLessThanOrEqual(22);
      expect(Number(values.per_page)).toBeGreaterThanOrEqual(20);
      expect(Number(values.per_page)).toBeLessThanOrEqual(22);
    }
  });

  it('goes through every variant, per_page and page before it changes only how they are spelled', () => {
    const first = distinctQueries(family, 3 * 3 * 2).map(parsed);
    const work = new Set(first.map((v) => `${v.category_id} ${Number(v.page)} ${Number(v.per_page)}`));
    expect(work.size).toBe(18);
    expect(first.every((v) => !v.page!.startsWith('0') && !v.per_page!.startsWith('0'))).toBe(true);
  });

  it('encodes terms, and sends no page to an endpoint without one', () => {
    const [query] = distinctQueries(
      { variants: { count: 1, at: () => ({ search: 'summit jacket & co' }) }, pages: 0, perPage: [10, 10] },
      1,
    );
    expect(query).toBe('search=summit%20jacket%20%26%20co&per_page=10');
    expect(parsed(query!)).toEqual({ search: 'summit jacket & co', per_page: '10' });
  });
});

describe('permutation', () => {
  it('gives each rank a different order of the same items', () => {
    const orders = Array.from({ length: 24 }, (_, rank) => permutation(['a', 'b', 'c', 'd'], rank).join(''));
    expect(new Set(orders).size).toBe(24);
    expect(orders[0]).toBe('abcd');
    expect(orders[23]).toBe('dcba');
  });
});

describe('shuffled', () => {
  it('keeps every item once, in the same order on every call', () => {
    const items = Array.from({ length: 1000 }, (_, i) => i);
    const once = shuffled(items);
    expect([...once].sort((a, b) => a - b)).toEqual(items);
    expect(once).not.toEqual(items);
    expect(shuffled(items)).toEqual(once);
  });
});
