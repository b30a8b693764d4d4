// A column header that sorts its list: a button sorting by the column, ascending first, then flipping the
// direction; aria-sort tells screen readers the current order. One component for every list whose sort lives in
// the URL (useListState's `name` / `-name`), so that all tables sort and announce their order alike.
import { Group, Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { sortParts } from '../lib/url-state';

/** Clicking a column: ascending first, then descending, then ascending again. */
export function nextSort(sort: string, column: string): string {
  const current = sortParts(sort);
  return current.column === column && current.direction === 'asc' ? `-${column}` : column;
}

interface Props {
  column: string;
  /** The list's sort, `name` or `-name`. */
  sort: string;
  onSort: (sort: string) => void;
  /** A column of amounts: the header is aligned right, like its cells. */
  numeric?: boolean;
  children: ReactNode;
}

export function SortHeader({ column, sort, onSort, numeric = false, children }: Props) {
  const current = sortParts(sort);
  const active = current.column === column;
  const Icon = !active ? IconArrowsSort : current.direction === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th
      aria-sort={active ? (current.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
      ta={numeric ? 'right' : undefined}
    >
      <UnstyledButton onClick={() => onSort(nextSort(sort, column))} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap" justify={numeric ? 'flex-end' : undefined}>
          {children}
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
