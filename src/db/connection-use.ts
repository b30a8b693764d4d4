// What /metrics and tracing see of the database driver: how many connections are lent out and how many callers
// wait for one (counted where every connection is acquired and released, the same on both engines), and the
// observer tracing installs around each statement. Neither costs a request more than a counter when unread.
import type { CompiledQuery, QueryResult } from 'kysely';

export class ConnectionUse {
  /** Connections acquired and not yet released: a transaction or a statement running on each. */
  inUse = 0;
  /** Callers waiting for a connection: the pool is exhausted (PostgreSQL), or the one connection is busy (SQLite). */
  waiting = 0;
}

/** Runs a statement inside whatever it records (a span); `run` executes it. */
export type StatementObserver = <R>(
  engine: 'sqlite' | 'postgres',
  query: CompiledQuery,
  run: () => Promise<QueryResult<R>>,
) => Promise<QueryResult<R>>;

/** Set by tracing when it starts (src/tracing/), for every database of the process; null while tracing is off. */
export const statementObservation: { observer: StatementObserver | null } = { observer: null };
