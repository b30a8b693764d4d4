// What every list page does with its state in the URL (useListState): read the sort as the API spells it, tell
// whether filters narrow the list, and hand its filters, sort headers, empty state and pager their handlers.
// One hook for every list page, so that they all filter, sort, clear and page alike.
import { clearedFilters, isFiltered, sortParts, useListState, type ListStateShape } from './url-state';

interface Options<F extends string> {
  /** Values the URL keeps beside the filters (the record a page has open): they neither filter nor clear. */
  notFilters?: readonly F[];
}

export function useListPage<F extends string>(shape: ListStateShape<F>, { notFilters = [] }: Options<F> = {}) {
  const [state, update] = useListState(shape);
  const filterNames = shape.filters.filter((name) => !notFilters.includes(name));
  return {
    state,
    update,
    filters: state.filters,
    /** The sort as column and direction, as the API takes it. */
    sort: sortParts(state.sort),
    /** Some filter narrows the list: an empty list then offers to clear them. */
    filtered: isFiltered(state, filterNames),
    setFilter: (name: F, value: string | null) =>
      update({ filters: { [name]: value } as Partial<Record<F, string | null>> }),
    clearFilters: () => update({ filters: clearedFilters(filterNames) }),
    /** What a SortHeader takes. */
    sortProps: { sort: state.sort, onSort: (sort: string) => update({ sort }) },
    onPage: (page: number) => update({ page }),
  };
}

export type ListPage = Pick<ReturnType<typeof useListPage>, 'filtered' | 'clearFilters' | 'onPage'>;
