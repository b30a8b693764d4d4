// A read drawn in its states: a placeholder while it loads, its failure with a way to try again (or, for the read
// of one record, the not-found page when the API answers 404), and its data, or what to say when it holds nothing. One component for every screen and section that shows one read,
// so that they all wait, fail and come up empty alike.
import type { ReactNode } from 'react';
import { ApiError } from '../api/errors';
import { NotFoundPage } from './NotFoundPage';
import { PageLoader } from './PageLoader';
import { QueryError } from './QueryError';

/** What a read (useQuery, useInfiniteQuery) tells about itself. */
export interface Read<T> {
  data: T | undefined;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

interface Props<T> {
  query: Read<T>;
  /** The failure's title; QueryError's own by default. */
  errorTitle?: string;
  /** The record a detail page reads (`sales order`): a 404 shows the not-found page naming it. */
  notFound?: string;
  loading?: ReactNode;
  /** Whether the data holds nothing to show; `empty` is shown instead. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

export function QueryView<T>({
  query,
  errorTitle,
  notFound,
  loading = <PageLoader />,
  isEmpty,
  empty,
  children,
}: Props<T>) {
  if (notFound !== undefined && query.error instanceof ApiError && query.error.status === 404)
    return <NotFoundPage what={notFound} />;
  // A failed read shows its failure even over data read before: the retry is what the user needs.
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} title={errorTitle} />;
  if (query.data === undefined) return loading;
  if (isEmpty?.(query.data)) return empty;
  return children(query.data);
}
