// The signed-in part of the console: without a session, the sign-in page, which comes back here afterwards.
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ScreenLoader } from '../components/PageLoader';
import { QueryError } from '../components/QueryError';
import { useMe } from './session';

export function RequireSession({ children }: { children: ReactNode }) {
  const me = useMe();
  const location = useLocation();
  if (me.isPending) return <ScreenLoader />;
  if (me.isError) return <QueryError error={me.error} onRetry={() => void me.refetch()} />;
  if (me.data === null) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={next === '/' ? '/sign-in' : `/sign-in?next=${encodeURIComponent(next)}`} replace />;
  }
  return children;
}
