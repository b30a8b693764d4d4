// Pieces of the master product list: a sortable column header, the pager and the empty state.
import { Button, Group, Pagination, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { sortParts } from '../lib/url-state';

export function SortableTh({ column, sort, onSort, children }: { column: string; sort: string; onSort: (sort: string) => void; children: ReactNode }) {
  const current = sortParts(sort);
  const active = current.column === column;
  const Icon = !active ? IconSelector : current.direction === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th aria-sort={active ? (current.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => onSort(active && current.direction === 'asc' ? `-${column}` : column)} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          {children}
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

export function Pager({ page, lastPage, total, onPage }: { page: number; lastPage: number; total: number; onPage: (page: number) => void }) {
  if (total === 0) return null;
  return (
    <Group justify="space-between" mt="md">
      <Text size="sm" c="dimmed">
        {total} {total === 1 ? 'master product' : 'master products'}
      </Text>
      {lastPage > 1 && <Pagination total={lastPage} value={page} onChange={onPage} getControlProps={(control) => ({ 'aria-label': `${control} page` })} />}
    </Group>
  );
}

export function EmptyState({ message, onClear }: { message: string; onClear?: () => void }) {
  return (
    <Stack align="flex-start" py="lg" gap="xs">
      <Text c="dimmed">{message}</Text>
      {onClear && (
        <Button variant="light" size="xs" onClick={onClear}>
          Clear the filters
        </Button>
      )}
    </Stack>
  );
}
