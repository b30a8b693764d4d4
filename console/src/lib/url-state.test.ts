import { describe, expect, it } from 'vitest';
import {
  changeListState,
  clearedFilters,
  isFiltered,
  parseListState,
  serializeListState,
  sortParts,
  type ListState,
} from './url-state';

const shape = { filters: ['search', 'status'] as const, defaultSort: '-created_at' };

describe('list state in the URL', () => {
  it('reads page, sort and the known filters, ignoring blanks, unknown names and bad pages', () => {
    const params = new URLSearchParams('page=3&sort=name&search=bolt&status=&other=x');
    expect(parseListState(params, shape)).toEqual({ page: 3, sort: 'name', filters: { search: 'bolt' } });
    expect(parseListState(new URLSearchParams('page=-2'), shape)).toEqual({
      page: 1,
      sort: '-created_at',
      filters: {},
    });
    expect(parseListState(new URLSearchParams('page=abc'), shape).page).toBe(1);
  });

  it('writes only what differs from the defaults, and reads back the same state', () => {
    const state = { page: 2, sort: 'sku', filters: { status: 'active' } };
    const params = serializeListState(state, shape);
    expect(params.toString()).toBe('status=active&sort=sku&page=2');
    expect(parseListState(params, shape)).toEqual(state);
    expect(serializeListState({ page: 1, sort: '-created_at', filters: {} }, shape).toString()).toBe('');
  });

  it('returns to page 1 when a filter or the sort changes, not when only the page does', () => {
    const state = { page: 4, sort: '-created_at', filters: { search: 'bolt' } };
    expect(changeListState(state, { filters: { status: 'draft' } })).toEqual({
      page: 1,
      sort: '-created_at',
      filters: { search: 'bolt', status: 'draft' },
    });
    expect(changeListState(state, { filters: { search: null } }).filters).toEqual({});
    expect(changeListState(state, { sort: 'name' }).page).toBe(1);
    expect(changeListState(state, { page: 5 })).toEqual({ ...state, page: 5 });
  });

  it('keeps an offered page size in the URL, the default left out, and starts again at page 1 when it changes', () => {
    const sized = { ...shape, pageSizes: [25, 50, 100] };
    expect(parseListState(new URLSearchParams('per_page=50&page=2'), sized)).toEqual({
      page: 2,
      sort: '-created_at',
      filters: {},
      perPage: 50,
    });
    expect(parseListState(new URLSearchParams(''), sized).perPage).toBe(25);
    expect(parseListState(new URLSearchParams('per_page=5000'), sized).perPage).toBe(25);
    expect(parseListState(new URLSearchParams('per_page=50'), shape).perPage).toBeUndefined();
    expect(serializeListState({ page: 1, sort: '-created_at', filters: {}, perPage: 100 }, sized).toString()).toBe(
      'per_page=100',
    );
    expect(serializeListState({ page: 1, sort: '-created_at', filters: {}, perPage: 25 }, sized).toString()).toBe('');
    const state = { page: 3, sort: '-created_at', filters: {}, perPage: 25 };
    expect(changeListState(state, { perPage: 100 })).toEqual({ ...state, page: 1, perPage: 100 });
    expect(changeListState(state, { page: 4 }).perPage).toBe(25);
  });

  it('splits the sort into the column and direction the API takes', () => {
    expect(sortParts('-created_at')).toEqual({ column: 'created_at', direction: 'desc' });
    expect(sortParts('name')).toEqual({ column: 'name', direction: 'asc' });
  });

  it('tells whether the named filters narrow the list, and clears exactly those', () => {
    const state: ListState<'search' | 'status'> = { page: 2, sort: 'name', filters: { search: 'bolt' } };
    expect(isFiltered(state, ['search', 'status'])).toBe(true);
    expect(isFiltered(state, ['status'])).toBe(false);
    expect(isFiltered({ ...state, filters: {} }, ['search', 'status'])).toBe(false);
    expect(clearedFilters(['search', 'status'])).toEqual({ search: null, status: null });
    expect(changeListState(state, { filters: clearedFilters(['search', 'status']) })).toEqual({
      page: 1,
      sort: 'name',
      filters: {},
    });
  });
});
