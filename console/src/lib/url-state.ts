// A list's state (page, sort, search and filters) lives in the URL's query, so that a link, a reload or the
// back button brings back the same view. Defaults are left out of the URL; changing a filter returns to page 1.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type ListState<F extends string> = {
  page: number;
  sort: string;
  filters: Partial<Record<F, string>>;
  /** Rows per page, for a list whose shape offers a choice (`per_page` in the URL). */
  perPage?: number;
};

export interface ListStateShape<F extends string> {
  filters: readonly F[];
  defaultSort: string;
  /** The page sizes offered, the default first; a list without it has the API's fixed size. */
  pageSizes?: readonly number[];
}

export function parseListState<F extends string>(params: URLSearchParams, shape: ListStateShape<F>): ListState<F> {
  const page = Number(params.get('page'));
  const filters: Partial<Record<F, string>> = {};
  for (const name of shape.filters) {
    const value = params.get(name);
    if (value !== null && value !== '') filters[name] = value;
  }
  const state: ListState<F> = {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    sort: params.get('sort') || shape.defaultSort,
    filters,
  };
  if (shape.pageSizes) {
    // Only a size offered: a hand-edited `per_page=5000` falls back to the default rather than to a 422.
    const perPage = Number(params.get('per_page'));
    state.perPage = shape.pageSizes.includes(perPage) ? perPage : shape.pageSizes[0];
  }
  return state;
}

export function serializeListState<F extends string>(state: ListState<F>, shape: ListStateShape<F>): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of shape.filters) {
    const value = state.filters[name];
    if (value !== undefined && value !== '') params.set(name, value);
  }
  if (state.sort !== shape.defaultSort) params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  if (shape.pageSizes && state.perPage !== undefined && state.perPage !== shape.pageSizes[0])
    params.set('per_page', String(state.perPage));
  return params;
}

/** The next state after a change: a new filter, sort or page size starts again at page 1. */
export function changeListState<F extends string>(
  state: ListState<F>,
  change: { page?: number; sort?: string; filters?: Partial<Record<F, string | null>>; perPage?: number },
): ListState<F> {
  const filters = { ...state.filters };
  for (const [name, value] of Object.entries(change.filters ?? {}) as [F, string | null][]) {
    if (value === null || value === '') delete filters[name];
    else filters[name] = value;
  }
  const refiltered =
    change.filters !== undefined ||
    (change.sort !== undefined && change.sort !== state.sort) ||
    (change.perPage !== undefined && change.perPage !== state.perPage);
  const next: ListState<F> = {
    page: change.page ?? (refiltered ? 1 : state.page),
    sort: change.sort ?? state.sort,
    filters,
  };
  const perPage = change.perPage ?? state.perPage;
  if (perPage !== undefined) next.perPage = perPage;
  return next;
}

/** Whether any of these filters narrows the list. */
export function isFiltered<F extends string>(state: ListState<F>, names: readonly F[]): boolean {
  return names.some((name) => state.filters[name] !== undefined);
}

/** The change that takes these filters out of the URL. */
export function clearedFilters<F extends string>(names: readonly F[]): Record<F, null> {
  return Object.fromEntries(names.map((name) => [name, null])) as Record<F, null>;
}

/** `sort=-created_at` ⇄ column and direction, as the API spells its sort parameter. */
export function sortParts(sort: string): { column: string; direction: 'asc' | 'desc' } {
  return sort.startsWith('-') ? { column: sort.slice(1), direction: 'desc' } : { column: sort, direction: 'asc' };
}

export function useListState<F extends string>(shape: ListStateShape<F>) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseListState(params, shape), [params, shape]);
  const update = useCallback(
    (change: Parameters<typeof changeListState<F>>[1]) => {
      // From the URL as it is now, not from the last drawn state: the router draws a change after it has
      // written the URL, and a second change made in between (a click while a search is pending) would undo it.
      const latest = parseListState(new URLSearchParams(window.location.search), shape);
      setParams(serializeListState(changeListState(latest, change), shape));
    },
    [shape, setParams],
  );
  return [state, update] as const;
}
