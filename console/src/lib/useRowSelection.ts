// The rows a person ticked on a list, kept with what the list showed of them across pages, sorts and filters
// (what they ticked stays ticked until they clear it or an action is done with it), so that an action can name
// them and an export can write them. The header checkbox ticks or clears the page.
import { useMemo, useState } from 'react';

export interface RowSelection<Row extends { id: string }> {
  /** The ticked rows, in the order they were ticked, as the list showed them then. */
  rows: readonly Row[];
  ids: readonly string[];
  has: (id: string) => boolean;
  toggle: (row: Row) => void;
  /** Every row of the page ticked (or, when they all are, cleared). */
  togglePage: (pageRows: readonly Row[]) => void;
  /** Whether every, some or none of the page's rows are ticked: the header checkbox's state. */
  pageState: (pageRows: readonly Row[]) => 'all' | 'some' | 'none';
  /** Keeps only the rows of `ids` ticked (after an action, those it refused). */
  keepOnly: (ids: readonly string[]) => void;
  clear: () => void;
}

export function useRowSelection<Row extends { id: string }>(): RowSelection<Row> {
  const [ticked, setTicked] = useState<ReadonlyMap<string, Row>>(new Map());
  const rows = useMemo(() => [...ticked.values()], [ticked]);

  const togglePage = (pageRows: readonly Row[]) =>
    setTicked((current) => {
      const next = new Map(current);
      const all = pageRows.every((row) => current.has(row.id));
      for (const row of pageRows) {
        if (all) next.delete(row.id);
        else if (!next.has(row.id)) next.set(row.id, row);
      }
      return next;
    });

  return {
    rows,
    ids: rows.map((row) => row.id),
    has: (id) => ticked.has(id),
    toggle: (row) =>
      setTicked((current) => {
        const next = new Map(current);
        if (!next.delete(row.id)) next.set(row.id, row);
        return next;
      }),
    togglePage,
    pageState: (pageRows) => {
      const count = pageRows.filter((row) => ticked.has(row.id)).length;
      return count === 0 ? 'none' : count === pageRows.length ? 'all' : 'some';
    },
    keepOnly: (ids) => setTicked((current) => new Map([...current].filter(([id]) => ids.includes(id)))),
    clear: () => setTicked(new Map()),
  };
}
