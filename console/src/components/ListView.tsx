// A paged list's rows as its read stands: the failure with a retry, a placeholder while the first page loads,
// the empty state (with a way out when filters emptied the list), the rows, and under them the footer with the
// count and the pages. `ListView` replaces the table while it has no rows; `ListCard` keeps a bordered table
// drawn, with placeholder rows while it loads and the empty state under its header.
import { Paper, Skeleton, Stack, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ListPage } from '../lib/useListPage';
import { EmptyState } from './EmptyState';
import { ListFooter } from './ListFooter';
import { QueryError } from './QueryError';
import { QueryView, type Read } from './QueryView';

interface Page<T> {
  data: T[];
  meta: { current_page: number; last_page: number; total: number };
}

/** What an empty list says: `none` when nothing narrows it, `noMatch` when filters do, with a way to clear them. */
interface EmptyMessages {
  none: string;
  noMatch: string;
  clearLabel?: string;
}

interface Common<T> {
  list: ListPage;
  query: Read<Page<T>>;
  /** What the list holds, singular and plural, for the footer. */
  noun: [one: string, many: string];
  errorTitle?: string;
  /** The pages without the count, for a list that shows none. */
  pagerOnly?: boolean;
}

type ListViewProps<T> = Common<T> &
  (EmptyMessages | { /** The page's own empty state, in place of the messages. */ empty: ReactNode }) & {
    loading?: ReactNode;
    children: (rows: T[]) => ReactNode;
  };

export function ListView<T>({
  list,
  query,
  noun,
  errorTitle,
  pagerOnly,
  loading,
  children,
  ...empty
}: ListViewProps<T>) {
  return (
    <>
      <QueryView
        query={query}
        errorTitle={errorTitle}
        loading={loading ?? <Skeleton height={240} aria-label="Loading" />}
        isEmpty={(page) => page.data.length === 0}
        empty={'empty' in empty ? empty.empty : <ListEmpty list={list} {...empty} />}
      >
        {(page) => children(page.data)}
      </QueryView>
      <ListFooter meta={query.data?.meta} noun={noun} onPage={list.onPage} pagerOnly={pagerOnly} />
    </>
  );
}

type ListCardProps<T> = Common<T> &
  EmptyMessages & {
    /** The table; `rows` is undefined while the first page loads. */
    children: (rows: T[] | undefined) => ReactNode;
  };

export function ListCard<T>({ list, query, noun, errorTitle, pagerOnly, children, ...empty }: ListCardProps<T>) {
  return (
    <>
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} title={errorTitle} />
      ) : (
        <Paper withBorder>
          {children(query.data?.data)}
          {query.data?.data.length === 0 && <ListEmpty list={list} inset {...empty} />}
        </Paper>
      )}
      <ListFooter meta={query.data?.meta} noun={noun} onPage={list.onPage} pagerOnly={pagerOnly} />
    </>
  );
}

function ListEmpty({ list, none, noMatch, clearLabel, inset }: EmptyMessages & { list: ListPage; inset?: boolean }) {
  return (
    <EmptyState
      inset={inset}
      message={list.filtered ? noMatch : none}
      onClear={list.filtered ? list.clearFilters : undefined}
      clearLabel={clearLabel}
    />
  );
}

/** A bordered table's rows while its first page loads. */
export function SkeletonRows({ columns, rows = 5 }: { columns: number; rows?: number }) {
  return Array.from({ length: rows }, (_, row) => (
    <Table.Tr key={row}>
      <Table.Td colSpan={columns}>
        <Skeleton height={20} />
      </Table.Td>
    </Table.Tr>
  ));
}

/** Lines of placeholder while a list's first page loads. */
export function SkeletonLines({ count, height, label }: { count: number; height: number; label?: string }) {
  return (
    <Stack gap="xs" aria-label={label}>
      {Array.from({ length: count }, (_, line) => (
        <Skeleton key={line} height={height} />
      ))}
    </Stack>
  );
}
