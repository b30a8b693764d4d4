// A column header that sorts the list by its column: a button toggling ascending and descending, with the
// current order announced through aria-sort. Reusable by any list whose sort lives in the URL (useListState).
import { Group, Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { sortParts } from '../lib/url-state';

interface Props {
  column: string;
  /** The list's sort, `name` or `-name`. */
  sort: string;
  onSort: (sort: string) => void;
  children: ReactNode;
}

export function SortableHeader({ column, sort, onSort, children }: Props) {
  const current = sortParts(sort);
  const active = current.column === column;
  const Icon = !active ? IconArrowsSort : current.direction === 'asc' ? IconArrowUp : IconArrowDown;
  const next = active && current.direction === 'asc' ? `-${column}` : column;
  return (
    <Table.Th aria-sort={active ? (current.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => onSort(next)} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          {children}
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
