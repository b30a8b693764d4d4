// Pieces every list of the area uses: a header cell that sorts, the pager under the table, and the empty state
// with its way out.
import { Button, Group, Pagination, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { sortParts } from '../lib/url-state';
import { count } from './plural';

interface SortableThProps {
  column: string;
  sort: string;
  onSort: (sort: string) => void;
  children: ReactNode;
}

/** Clicking a column: ascending first, then descending, then ascending again. */
export function nextSort(sort: string, column: string): string {
  const current = sortParts(sort);
  return current.column === column && current.direction === 'asc' ? `-${column}` : column;
}

/** A column header that sorts by `column`, ascending first, and says how the list is sorted now. */
export function SortableTh({ column, sort, onSort, children }: SortableThProps) {
  const current = sortParts(sort);
  const active = current.column === column;
  const Icon = !active ? IconArrowsSort : current.direction === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th aria-sort={active ? (current.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => onSort(nextSort(sort, column))} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          {children}
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

interface PagerProps {
  meta: { current_page: number; last_page: number; total: number } | undefined;
  onPage: (page: number) => void;
  /** What the list holds, singular and plural. */
  noun: [one: string, many: string];
}

export function Pager({ meta, onPage, noun }: PagerProps) {
  if (!meta || meta.total === 0) return null;
  return (
    <Group justify="space-between" mt="md" wrap="wrap">
      <Text size="sm" c="dimmed">
        {count(meta.total, noun[0], noun[1])}
      </Text>
      {meta.last_page > 1 && <Pagination total={meta.last_page} value={meta.current_page} onChange={onPage} aria-label={`Pages of ${noun[1]}`} />}
    </Group>
  );
}

export function EmptyState({ message, onClear }: { message: string; onClear?: () => void }) {
  return (
    <Stack align="flex-start" gap="xs" py="lg">
      <Text c="dimmed">{message}</Text>
      {onClear && (
        <Button variant="light" size="xs" onClick={onClear}>
          Clear the filters
        </Button>
      )}
    </Stack>
  );
}
