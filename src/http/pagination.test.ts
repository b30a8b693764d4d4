import { describe, expect, it } from 'vitest';
import { pageMeta, paginatedUnderMeta } from './pagination.js';

describe('pagination helpers', () => {
  it('compute meta, with at least one page', () => {
    expect(pageMeta({ page: 2, per_page: 10 }, 25)).toEqual({ current_page: 2, per_page: 10, total: 25, last_page: 3 });
    expect(pageMeta({ page: 1, per_page: 10 }, 0)).toEqual({ current_page: 1, per_page: 10, total: 0, last_page: 1 });
  });

  it('say when the total is capped, with a last page that stays ahead of the current one', () => {
    expect(pageMeta({ page: 400, per_page: 25 }, 10_001, true)).toEqual({
      current_page: 400,
      per_page: 25,
      total: 10_001,
      last_page: 401,
      total_is_capped: true,
    });
  });

  it('build the master-products shape under meta.pagination', () => {
    expect(paginatedUnderMeta({ page: 1, per_page: 15 }, { items: ['a'], total: 1 })).toEqual({
      success: true,
      data: ['a'],
      meta: { pagination: { current_page: 1, per_page: 15, total: 1, last_page: 1 } },
    });
  });
});
