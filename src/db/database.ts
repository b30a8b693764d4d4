// Kysely on the embedded SQLite file by default, or on PostgreSQL when a connection string is given.
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, sql, type DatabaseConnection, type KyselyConfig } from 'kysely';
import pg from 'pg';
import { LocalCommits, type ChangeWatch, type WatchedTables } from './change-watch.js';
import { ConnectionUse } from './connection-use.js';
import { CONFIRMATION_TIMEOUT_MS, CommitConfirmations, type UnconfirmedCommit } from './confirmed-commits.js';
import {
  listenForNotifications,
  type ConfirmingListener,
  type NotificationHandlers,
  type NotificationListener,
} from './notifications.js';
import {
  ImmediateSqliteDialect,
  NormalisedPostgresDialect,
  ValueNormalisationPlugin,
  pgTypes,
  type Engine,
} from './dialect.js';
import { PreparingClient } from './prepared-statements.js';
import { FOLD_CASE } from './search.js';
import type { DB } from './schema.js';
import { BACKSTOP_PAGES, startCheckpointer, type Checkpointer } from './sqlite-checkpointer.js';
import { takeTurnsForTransactions } from './transaction.js';

export type Db = Kysely<DB>;

/** One round trip to the database; throws when it does not answer. */
export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

export interface Database {
  readonly db: Db;
  readonly engine: Engine;
  /**
   * Runs start-up work (migrations, first-start bootstrap) willing to wait up to `ms` for SQLite's write
   * lock, since another process may be migrating the same file. Serving keeps the short wait: a busy wait
   * in better-sqlite3 blocks the event loop. PostgreSQL waits on its own locks.
   */
  withStartupLockWait<T>(ms: number, work: () => Promise<T>): Promise<T>;
  /** Runs a trivial query. @throws DatabaseUnavailableError naming where the database is and why it failed. */
  checkConnection(): Promise<void>;
  /**
   * Listens to a notification channel on a connection of its own (PostgreSQL LISTEN), reconnecting when it is
   * lost. Null on SQLite, which has no way to tell another process anything.
   */
  listen(channel: string, handlers: NotificationHandlers): NotificationListener | null;
  /**
   * Watches commits that change `watched`, by this process (seen by the driver) and by others: on SQLite through
   * `PRAGMA data_version` (any other connection's commit, read on the raw handle: no query through Kysely, and at
   * most once per turn of the event loop, so another connection's commit shows from the next turn on), on
   * PostgreSQL through notifications on `watched.channel`, listened to from the first `changed()` on; until the
   * listener is in place, and whenever it is lost, `changed()` answers true. Closed with the database.
   */
  watchChanges(watched: WatchedTables): ChangeWatch;
  /**
   * For a process that serves or works for long (`serve`, `worker`, `import`), once migrated: SQLite's WAL
   * checkpoints move to a thread of their own (`sqlite-checkpointer.ts`), off the event loop; the serving
   * connection checkpoints itself only as a backstop. Nothing on PostgreSQL or an in-memory SQLite database.
   * Short CLI commands keep SQLite's default, so that two of them opening a fresh file at once never meet a
   * third connection.
   */
  checkpointInBackground(): void;
  /** The connections this process may hold, those lent out now and the callers waiting for one (/metrics). */
  connections(): { size: number; inUse: number; waiting: number };
  close(): Promise<void>;
}

/** The database cannot be reached or opened; the message says where it is (never with credentials) and why. */
export class DatabaseUnavailableError extends Error {}

/** `host:port` of a PostgreSQL URL (a socket directory given as `?host=` counts as the host). */
export function databaseAddress(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    const host = url.searchParams.get('host') ?? (url.hostname || 'localhost');
    return `${host}:${url.searchParams.get('port') ?? (url.port || '5432')}`;
  } catch {
    return 'the configured DATABASE_URL';
  }
}

/** The driver's reason: a failed connection to every address of a name is an AggregateError with no message. */
function reasonOf(error: unknown): string {
  if (error instanceof AggregateError && error.message === '') return error.errors.map(reasonOf).join('; ');
  if (error instanceof Error) return error.message || String((error as { code?: string }).code ?? error.name);
  return String(error);
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; null opens SQLite. */
  databaseUrl: string | null;
  /** SQLite file path, or `:memory:`. */
  sqliteFile: string;
  poolSize?: number;
  /** Told about connection errors that no query is waiting for (a server restart, a dropped link). */
  onConnectionError?: (error: Error) => void;
  /**
   * Told when a commit of tables watched with `confirmed` went on without every other process's confirmation
   * (confirmed-commits.ts).
   */
  onUnconfirmedCommit?: (report: UnconfirmedCommit) => void;
  /** Kysely's query log (the benchmark's tracing tools). */
  log?: KyselyConfig['log'];
}

const SQLITE_BUSY_TIMEOUT_MS = 5000;
/**
 * SQLite's page cache per connection, in KiB: better-sqlite3 builds SQLite with 16 MB, which a server fills and
 * keeps. Pages past it are read again from the operating system's file cache. See docs/decisions/performance-sqlite.md.
 */
export const SQLITE_CACHE_KIB = 4096;
const SQLITE_OPTIMIZE_INTERVAL_MS = 60 * 60 * 1000;

function openSqlite(file: string): BetterSqlite3.Database {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new BetterSqlite3(file, { timeout: SQLITE_BUSY_TIMEOUT_MS });
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`cache_size = -${SQLITE_CACHE_KIB}`);
  registerFoldCase(sqlite);
  refreshStatistics(sqlite, 'on open');
  return sqlite;
}

/**
 * `fold_case(text)`: the text in lower case beyond ASCII too, as PostgreSQL's `lower()` folds it (SQLite's own
 * `lower()` folds ASCII only). The search's ranking compares names with it on SQLite (db/search.ts).
 */
function registerFoldCase(sqlite: BetterSqlite3.Database): void {
  sqlite.function(FOLD_CASE, { deterministic: true }, (text: unknown) =>
    typeof text === 'string' ? text.toLowerCase() : text,
  );
}

/**
 * Keeps the query planner's statistics current, as SQLite recommends for long-lived connections:
 * `optimize=0x10002` when the connection opens (every table checked), plain `optimize` hourly (tables this
 * connection used). Each analyses only tables whose size changed a lot since their last analysis, with a
 * bounded sample. Without statistics SQLite guesses that `tenant_id = ?` is selective, and walks a whole
 * tenant's index instead of reading 25 rows by primary key (30 ms instead of 1 ms at 100k products).
 * Skipped when another process holds the write lock: the next run catches up.
 */
function refreshStatistics(sqlite: BetterSqlite3.Database, when: 'on open' | 'periodic'): void {
  try {
    sqlite.pragma(when === 'on open' ? 'optimize = 0x10002' : 'optimize');
  } catch (error) {
    if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
  }
}

/**
 * `PRAGMA data_version` of one connection, read at most once per turn of the event loop. Each read takes and
 * releases the WAL's read lock (system calls: about 2.5 µs under load, with two caches asking on every request),
 * while a turn under load handles tens of requests, every one of which had reached the server before the read:
 * a commit after it is answered from the next turn on. See docs/decisions/performance-caches.md.
 */
function dataVersionPerTurn(sqlite: BetterSqlite3.Database): () => unknown {
  const statement = sqlite.prepare('pragma data_version').pluck();
  let version = statement.get();
  let fresh = false;
  const expire = () => (fresh = false);
  return () => {
    if (!fresh) {
      version = statement.get();
      fresh = true;
      setImmediate(expire);
    }
    return version;
  };
}

/** Another SQLite connection's commits, told by its data_version: a read of the connection's own state. */
function otherConnectionsCommits(dataVersion: () => unknown): () => boolean {
  let seen = dataVersion();
  return () => {
    const now = dataVersion();
    const changed = now !== seen;
    seen = now;
    return changed;
  };
}

/**
 * How long the event loop may go without running its timers before a watch whose commits are confirmed stops
 * trusting what it heard: stuck that long, the process may have left a committer's request unanswered past
 * CONFIRMATION_TIMEOUT_MS, and the committer has gone on without it.
 */
const STALL_MS = CONFIRMATION_TIMEOUT_MS / 2;
const TURN_CHECK_MS = 100;

/** The time since the event loop last ran its timers, as far as it can be known from a check every TURN_CHECK_MS. */
function eventLoopStall() {
  let lastTurn = performance.now();
  const timer = setInterval(() => (lastTurn = performance.now()), TURN_CHECK_MS).unref();
  return { stalledFor: () => performance.now() - lastTurn, stop: () => clearInterval(timer) };
}

interface NotifiedCommitsOptions {
  databaseUrl: string;
  watched: WatchedTables;
  onError: (error: Error) => void;
  onUnconfirmed: (report: UnconfirmedCommit) => void;
}

/**
 * Other processes' commits, told by NOTIFY on the watched channel; anything may have changed while nobody
 * listened. With `watched.confirmed`, the listener also answers other processes' requests for confirmation and
 * hears the answers to this one's (`confirm`, run by the driver after each commit that wrote the tables).
 */
function notifiedCommits({ databaseUrl, watched, onError, onUnconfirmed }: NotifiedCommitsOptions) {
  let listener: ConfirmingListener | null = null;
  let listening = false;
  let notified = false;
  const startedListening = new Set<() => void>();
  const confirmations = watched.confirmed
    ? new CommitConfirmations(watched.channel, { listeningPid }, onUnconfirmed)
    : null;
  const stall = watched.confirmed ? eventLoopStall() : null;

  function listen(): ConfirmingListener {
    listener ??= listenForNotifications(databaseUrl, watched.channel, {
      notification: () => (notified = true),
      // Commits in the gap went unheard.
      listening: () => {
        listening = true;
        notified = true;
        for (const resume of startedListening) resume();
      },
      error: (error) => {
        listening = false;
        onError(error);
      },
      ...(confirmations
        ? { confirmed: (requestId: string, pid: number) => confirmations.answered(requestId, pid) }
        : {}),
    });
    return listener;
  }

  async function listeningPid(deadline: number): Promise<number | null> {
    const current = listen();
    while (!listening || current.pid === null) {
      const left = deadline - performance.now();
      if (left <= 0) return null;
      await new Promise<void>((resume) => {
        const timer = setTimeout(resume, left);
        startedListening.add(() => {
          clearTimeout(timer);
          resume();
        });
      });
      startedListening.clear();
    }
    return current.pid;
  }

  return {
    changed(): boolean {
      listen();
      const changed = notified || !listening || (stall !== null && stall.stalledFor() > STALL_MS);
      notified = false;
      return changed;
    },
    confirm: confirmations ? (connection: DatabaseConnection) => confirmations.request(connection) : undefined,
    close: async () => {
      stall?.stop();
      await listener?.close();
    },
  };
}

export function createDatabase(options: DatabaseOptions): Database {
  const engine: Engine = options.databaseUrl ? 'postgres' : 'sqlite';
  const commits = new LocalCommits();
  const use = new ConnectionUse();
  const watches = new Set<ChangeWatch>();
  let dialect;
  let sqlite: BetterSqlite3.Database | null = null;
  let dataVersion: (() => unknown) | null = null;
  let statistics: NodeJS.Timeout | undefined;
  let checkpointer: Checkpointer | null = null;
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      types: pgTypes,
      Client: PreparingClient,
    });
    // An idle connection closed by the server emits 'error' on the pool; unheard, it would crash the
    // process. The pool drops that connection and opens a new one on demand.
    pool.on('error', (error) => options.onConnectionError?.(error));
    dialect = new NormalisedPostgresDialect({ pool }, commits, use);
  } else {
    let opened: BetterSqlite3.Database;
    try {
      opened = openSqlite(options.sqliteFile);
    } catch (error) {
      throw new DatabaseUnavailableError(`Cannot open the database file ${options.sqliteFile}: ${reasonOf(error)}`, {
        cause: error,
      });
    }
    sqlite = opened;
    dataVersion = dataVersionPerTurn(opened);
    dialect = new ImmediateSqliteDialect({ database: opened }, commits, use);
    statistics = setInterval(() => refreshStatistics(opened, 'periodic'), SQLITE_OPTIMIZE_INTERVAL_MS).unref();
  }
  const db = new Kysely<DB>({ dialect, plugins: [new ValueNormalisationPlugin(engine)], log: options.log });
  const size = options.databaseUrl ? (options.poolSize ?? 10) : 1;
  return {
    db,
    engine,
    connections: () => ({ size, inUse: use.inUse, waiting: use.waiting }),
    close: async () => {
      clearInterval(statistics);
      await Promise.all([...watches].map((watch) => watch.close()));
      await checkpointer?.stop();
      await db.destroy();
    },
    checkpointInBackground() {
      if (!sqlite || options.sqliteFile === ':memory:' || checkpointer) return;
      const started = startCheckpointer(options.sqliteFile);
      checkpointer = started;
      sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
      // One at a time, in the order asked, each after the thread has caught up with a long log (transaction.ts).
      let last: Promise<unknown> = Promise.resolve();
      takeTurnsForTransactions(db, (transaction) => {
        const turn = last.then(() => started.caughtUp()).then(transaction);
        last = turn.catch(() => undefined);
        return turn;
      });
    },
    listen(channel, handlers) {
      return options.databaseUrl ? listenForNotifications(options.databaseUrl, channel, handlers) : null;
    },
    watchChanges(watched) {
      let committedHere = false;
      const elsewhere = dataVersion
        ? { changed: otherConnectionsCommits(dataVersion), confirm: undefined, close: async () => undefined }
        : notifiedCommits({
            databaseUrl: options.databaseUrl!,
            watched,
            onError: (error) => options.onConnectionError?.(error),
            onUnconfirmed: (report) => options.onUnconfirmedCommit?.(report),
          });
      const unsubscribe = commits.subscribe(watched, () => (committedHere = true), elsewhere.confirm);
      const watch: ChangeWatch = {
        changed() {
          // Both asked every time, so that neither keeps a change already answered for.
          const changedElsewhere = elsewhere.changed();
          const changed = committedHere || changedElsewhere;
          committedHere = false;
          return changed;
        },
        async close() {
          watches.delete(watch);
          unsubscribe();
          await elsewhere.close();
        },
      };
      watches.add(watch);
      return watch;
    },
    async checkConnection() {
      try {
        await ping(db);
      } catch (error) {
        const where = options.databaseUrl ? databaseAddress(options.databaseUrl) : options.sqliteFile;
        throw new DatabaseUnavailableError(`Cannot connect to the database at ${where}: ${reasonOf(error)}`, {
          cause: error,
        });
      }
    },
    async withStartupLockWait(ms, work) {
      if (!sqlite) return work();
      sqlite.pragma(`busy_timeout = ${Math.trunc(ms)}`);
      try {
        return await work();
      } finally {
        sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
      }
    },
  };
}
