// Tells an in-memory cache whether the rows it keeps may have changed since it last asked, at no cost of a round
// trip: commits of this process are seen by the driver, which knows every statement Kysely sends and when its
// transaction commits; other processes' commits by SQLite's data_version or a PostgreSQL NOTIFY (see database.ts).
import type {
  AliasNode,
  ColumnNode,
  ColumnUpdateNode,
  DatabaseConnection,
  OperationNode,
  RootOperationNode,
  TableNode,
} from 'kysely';
import type { SentRequest } from './confirmed-commits.js';

export interface WatchedTables {
  tables: readonly string[];
  /** An UPDATE that sets only these columns changes nothing the cache keeps (bookkeeping such as last_used_at). */
  ignoredColumns: readonly string[];
  /**
   * The PostgreSQL channel on which writes to `tables` are announced to other processes (by triggers, so that
   * every writer announces them). SQLite cannot say which tables another process wrote: any commit counts.
   */
  channel: string;
  /**
   * A commit that writes `tables` returns to its caller only once every other process listening on `channel`
   * has heard of it (confirmed-commits.ts): for tables whose stale copies must not outlive the call that changed
   * them, such as revoked tokens. Only PostgreSQL needs it: SQLite's data_version is read at every lookup.
   */
  confirmed?: boolean;
}

export interface ChangeWatch {
  /**
   * True when the watched rows may have changed since the previous call: a commit of this process wrote them,
   * another process's commit may have, or that cannot be known at present (no PostgreSQL listener).
   */
  changed(): boolean;
  close(): Promise<void>;
}

/** A watch that never vouches for anything: a cache behind it never serves (services built without a database). */
export const UNWATCHED: ChangeWatch = { changed: () => true, close: async () => undefined };

function tableName(node: OperationNode | undefined): string | undefined {
  if (node?.kind === 'TableNode') return (node as TableNode).table.identifier.name;
  if (node?.kind === 'AliasNode') return tableName((node as AliasNode).node);
  return undefined;
}

function columnName(update: ColumnUpdateNode): string | undefined {
  return update.column.kind === 'ColumnNode' ? (update.column as ColumnNode).column.name : undefined;
}

/**
 * Whether a statement changes rows of `watched`. Writes written as raw SQL (`sql\`update …\``) are not seen:
 * the application writes these tables through the query builder.
 */
export function changesWatchedRows(node: RootOperationNode, watched: WatchedTables): boolean {
  switch (node.kind) {
    case 'InsertQueryNode':
      return watched.tables.includes(tableName(node.into) ?? '');
    case 'DeleteQueryNode':
      return node.from.froms.some((from) => watched.tables.includes(tableName(from) ?? ''));
    case 'UpdateQueryNode':
      return (
        watched.tables.includes(tableName(node.table) ?? '') &&
        (node.updates ?? []).some((update) => !watched.ignoredColumns.includes(columnName(update) ?? ''))
      );
    default:
      return false;
  }
}

/** Asks the other processes to confirm a commit, on the connection that made it. */
export type ConfirmCommit = (connection: DatabaseConnection) => Promise<SentRequest>;

interface Subscriber {
  watched: WatchedTables;
  committed(): void;
  confirm?: ConfirmCommit;
}

/**
 * This process's commits, as the driver reports them: a write outside a transaction counts once it has run, a
 * write inside one once the transaction commits (a rollback forgets it). Told before the committing caller
 * resumes, so that the next request of any caller already sees the change.
 */
export class LocalCommits {
  private readonly subscribers = new Set<Subscriber>();
  /** Per connection in a transaction, the subscribers whose tables it wrote. */
  private readonly open = new WeakMap<DatabaseConnection, Set<Subscriber>>();

  /** `confirm`, when given, is returned for each commit that wrote `watched`, for the driver to run. */
  subscribe(watched: WatchedTables, committed: () => void, confirm?: ConfirmCommit): () => void {
    const subscriber = { watched, committed, confirm };
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  /** Whether a statement of this kind can change rows at all; reads skip all further bookkeeping. */
  static isWrite(node: RootOperationNode): boolean {
    return node.kind === 'InsertQueryNode' || node.kind === 'UpdateQueryNode' || node.kind === 'DeleteQueryNode';
  }

  began(connection: DatabaseConnection): void {
    this.open.set(connection, new Set());
  }

  /** Returns the confirmations that a write outside a transaction, now committed, asks for. */
  executed(connection: DatabaseConnection, node: RootOperationNode): ConfirmCommit[] {
    const pending = this.open.get(connection);
    const committed: Subscriber[] = [];
    for (const subscriber of this.subscribers) {
      if (!changesWatchedRows(node, subscriber.watched)) continue;
      if (pending) pending.add(subscriber);
      else committed.push(subscriber);
    }
    return LocalCommits.told(committed);
  }

  /** Returns the confirmations that the transaction, if it committed, asks for. */
  ended(connection: DatabaseConnection, committed: boolean): ConfirmCommit[] {
    const pending = this.open.get(connection);
    this.open.delete(connection);
    return committed ? LocalCommits.told([...(pending ?? [])]) : [];
  }

  private static told(subscribers: Subscriber[]): ConfirmCommit[] {
    const confirmations: ConfirmCommit[] = [];
    for (const subscriber of subscribers) {
      subscriber.committed();
      if (subscriber.confirm) confirmations.push(subscriber.confirm);
    }
    return confirmations;
  }
}
