// A sortable column's header: a button that sorts by the column, then flips the direction; aria-sort tells
// screen readers the current order.
import { Table, UnstyledButton, Group, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { sortParts } from '../lib/url-state';

interface Props {
  column: string;
  sort: string;
  onSort: (sort: string) => void;
  children: ReactNode;
}

export function SortHeader({ column, sort, onSort, children }: Props) {
  const current = sortParts(sort);
  const active = current.column === column;
  const Icon = !active ? IconArrowsSort : current.direction === 'asc' ? IconArrowUp : IconArrowDown;
  const next = active && current.direction === 'asc' ? `-${column}` : column;
  return (
    <Table.Th aria-sort={active ? (current.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => onSort(next)}>
        <Group gap={4} wrap="nowrap">
          <Text fw={700} size="sm">
            {children}
          </Text>
          <Icon size={14} stroke={1.5} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
