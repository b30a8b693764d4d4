// The few differences between the two engines, kept in one place so that queries stay one code path.
import {
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PostgresDialectConfig,
  type PluginTransformResultArgs,
  type QueryCompiler,
  type QueryResult,
  type RootOperationNode,
  type SqliteDialectConfig,
  type TransactionSettings,
  type UnknownRow,
} from 'kysely';
import pg from 'pg';
import { LocalCommits, type ConfirmCommit } from './change-watch.js';
import { statementObservation, type ConnectionUse } from './connection-use.js';
import { BOOLEAN_COLUMNS, JSON_COLUMNS } from './schema.js';
import { withStatementCache } from './statement-cache.js';

export type Engine = 'sqlite' | 'postgres';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema: migrations run untyped
export function engineOf(db: Kysely<any>): Engine {
  return db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';
}

/** Column types per engine for migrations: each engine's native type where it has one. */
export function columnTypes(engine: Engine) {
  return engine === 'postgres'
    ? ({ timestamp: 'timestamptz', json: 'jsonb', money: 'bigint', date: 'date', float: 'double precision' } as const)
    : ({ timestamp: 'text', json: 'text', money: 'integer', date: 'text', float: 'real' } as const);
}

/**
 * The engine's functions that build JSON in a query: `object` from key/value pairs, `arrayOf` a group's values
 * as an array (both engines take `order by` inside its parentheses), and `column`, which turns the value of a
 * JSON column into JSON inside them (SQLite keeps JSON as text, which would be embedded as a string).
 */
export function jsonFunctions(engine: Engine) {
  return engine === 'postgres'
    ? ({ object: 'json_build_object', arrayOf: 'json_agg', column: '' } as const)
    : ({ object: 'json_object', arrayOf: 'json_group_array', column: 'json' } as const);
}

/** A JSON value read from the database: SQLite answers JSON as text, pg parses json and jsonb itself. */
export function parsedJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

function isPlainObjectOrArray(value: unknown): value is object {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * A query parameter as the engine takes it: objects and arrays as JSON text on both engines (pg would turn
 * arrays into PostgreSQL arrays), and booleans as 1/0 on SQLite.
 */
export function parameterFor(engine: Engine): (value: unknown) => unknown {
  const sqlite = engine === 'sqlite';
  return (value) => {
    if (isPlainObjectOrArray(value)) return JSON.stringify(value);
    if (sqlite && typeof value === 'boolean') return value ? 1 : 0;
    return value;
  };
}

/**
 * Converts every query's parameters on their way to the database (`parameterFor`). Done on the compiled
 * query, one pass over its parameters, rather than by a plugin: a plugin's `transformQuery` rebuilds the
 * whole operation tree of every query, which was the largest single cost of a point read in the profile.
 * Being where statements and commits pass, it also tells `commits` what this process has written, and runs the
 * confirmations a commit asks for (confirmed-commits.ts): the request on the committing connection, then the wait
 * for the answers once the connection is back in the pool, so that a slow answer holds no connection.
 */
class ParameterNormalisingDriver implements Driver {
  private readonly wrappers = new WeakMap<DatabaseConnection, DatabaseConnection>();
  private readonly unwrapped = new WeakMap<DatabaseConnection, DatabaseConnection>();
  /** Per connection, the answers its last commit waits for, awaited when it is released. */
  private readonly unanswered = new WeakMap<DatabaseConnection, Promise<void>[]>();

  constructor(
    private readonly inner: Driver,
    private readonly engine: Engine,
    private readonly commits: LocalCommits,
    private readonly use: ConnectionUse,
  ) {
    this.parameter = parameterFor(engine);
  }

  private readonly parameter: (value: unknown) => unknown;

  private normalised(query: CompiledQuery): CompiledQuery {
    return { ...query, parameters: query.parameters.map(this.parameter) };
  }

  /** One wrapper per connection: Kysely keeps per-connection state keyed by the object it was given. */
  private wrap(connection: DatabaseConnection): DatabaseConnection {
    let wrapper = this.wrappers.get(connection);
    if (!wrapper) {
      const self: DatabaseConnection = {
        executeQuery: <R>(query: CompiledQuery) => {
          const observer = statementObservation.observer;
          if (observer) return observer(this.engine, query, () => this.execute<R>(self, connection, query));
          return this.execute<R>(self, connection, query);
        },
        streamQuery: (query, chunkSize) => connection.streamQuery(this.normalised(query), chunkSize),
      };
      wrapper = self;
      this.wrappers.set(connection, wrapper);
      this.unwrapped.set(wrapper, connection);
    }
    return wrapper;
  }

  private execute<R>(
    wrapper: DatabaseConnection,
    connection: DatabaseConnection,
    query: CompiledQuery,
  ): Promise<QueryResult<R>> {
    const running = connection.executeQuery<R>(this.normalised(query));
    if (!LocalCommits.isWrite(query.query)) return running;
    return running.then(async (result) => {
      await this.requestConfirmations(wrapper, this.commits.executed(wrapper, query.query));
      return result;
    });
  }

  private innerOf(connection: DatabaseConnection): DatabaseConnection {
    return this.unwrapped.get(connection) ?? connection;
  }

  private async requestConfirmations(connection: DatabaseConnection, confirmations: ConfirmCommit[]): Promise<void> {
    if (confirmations.length === 0) return;
    const sent = await Promise.all(confirmations.map((confirm) => confirm(this.innerOf(connection))));
    this.unanswered.set(connection, [
      ...(this.unanswered.get(connection) ?? []),
      ...sent.map((request) => request.heard),
    ]);
  }

  init(): Promise<void> {
    return this.inner.init();
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    this.use.waiting += 1;
    let connection: DatabaseConnection;
    try {
      connection = await this.inner.acquireConnection();
    } finally {
      this.use.waiting -= 1;
    }
    this.use.inUse += 1;
    return this.wrap(connection);
  }
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await this.inner.beginTransaction(this.innerOf(connection), settings);
    this.commits.began(connection);
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await this.inner.commitTransaction(this.innerOf(connection));
    } catch (error) {
      // Telling of a change that did not happen costs a cache reload, nothing more; nobody needs to confirm it.
      this.commits.ended(connection, true);
      throw error;
    }
    await this.requestConfirmations(connection, this.commits.ended(connection, true));
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    this.commits.ended(connection, false);
    await this.inner.rollbackTransaction(this.innerOf(connection));
  }
  savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return this.inner.savepoint!(this.innerOf(connection), name, compile);
  }
  rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    return this.inner.rollbackToSavepoint!(this.innerOf(connection), name, compile);
  }
  releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    return this.inner.releaseSavepoint!(this.innerOf(connection), name, compile);
  }
  releaseConnection(connection: DatabaseConnection): Promise<void> {
    this.use.inUse -= 1;
    const released = this.inner.releaseConnection(this.innerOf(connection));
    const unanswered = this.unanswered.get(connection);
    if (!unanswered) return released;
    this.unanswered.delete(connection);
    return released.then(async () => {
      await Promise.all(unanswered);
    });
  }
  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/**
 * Makes both engines answer the same JavaScript values: booleans are booleans and JSON columns are parsed
 * values on SQLite too. (Parameters go the other way in the dialects' driver, `ParameterNormalisingDriver`.)
 */
export class ValueNormalisationPlugin implements KyselyPlugin {
  constructor(private readonly engine: Engine) {}

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.engine !== 'sqlite' || args.result.rows.length === 0) return args.result;
    for (const row of args.result.rows) {
      for (const key in row) {
        const value = row[key];
        if (value === null || value === undefined) continue;
        if (BOOLEAN_COLUMNS.has(key)) row[key] = value === 1 || value === 1n || value === true;
        else if (JSON_COLUMNS.has(key) && typeof value === 'string') row[key] = JSON.parse(value);
      }
    }
    return args.result;
  }
}

/**
 * SQLite transactions start with BEGIN IMMEDIATE: a deferred transaction that reads and then writes
 * fails at once with SQLITE_BUSY when another process (the CLI, a worker) wrote in between.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/**
 * SQLite has transactional DDL, but Kysely's adapter says it has not, so its migrator would run without
 * a transaction or a lock and two processes starting on one new file would both apply a migration.
 * Saying so makes every migration run inside BEGIN IMMEDIATE: one process at a time, all or nothing.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

export class ImmediateSqliteDialect extends SqliteDialect {
  private readonly sqliteConfig: SqliteDialectConfig;

  constructor(
    config: SqliteDialectConfig,
    private readonly commits: LocalCommits,
    private readonly use: ConnectionUse,
  ) {
    const { database } = config;
    const cached: SqliteDialectConfig = {
      ...config,
      database:
        typeof database === 'function'
          ? async () => withStatementCache(await database())
          : withStatementCache(database),
    };
    super(cached);
    this.sqliteConfig = cached;
  }

  override createDriver(): Driver {
    return new ParameterNormalisingDriver(
      new ImmediateSqliteDriver(this.sqliteConfig),
      'sqlite',
      this.commits,
      this.use,
    );
  }

  override createAdapter(): SqliteAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

/** PostgreSQL through pg, with parameters as `parameterFor` writes them. */
export class NormalisedPostgresDialect extends PostgresDialect {
  constructor(
    config: PostgresDialectConfig,
    private readonly commits: LocalCommits,
    private readonly use: ConnectionUse,
  ) {
    super(config);
  }

  override createDriver(): Driver {
    return new ParameterNormalisingDriver(super.createDriver(), 'postgres', this.commits, this.use);
  }
}

const PG_INT8 = 20;
const PG_NUMERIC = 1700;
const PG_TIMESTAMPTZ = 1184;
const PG_TIMESTAMP = 1114;
const PG_DATE = 1082;

/** PostgreSQL's text form of a timestamp (ISO DateStyle): `2026-11-21 14:40:02.608123`, then `+00` for UTC. */
const PG_TIMESTAMP_TEXT = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?(\+00)?$/;

/**
 * A timestamp's text as `toISOString` writes it (milliseconds, the rest cut off as `Date` does), `offset` being
 * `+00` for `timestamptz` and empty for `timestamp` (UTC by convention). A UTC timestamp, the form every session
 * in UTC reads, is rewritten without a Date: parsing PostgreSQL's form is the legacy, slow path of `Date`, and
 * a page of 100 events holds 200 timestamps. Any other form (another session time zone, a year beyond 9999)
 * goes through `Date`.
 */
export function isoTimestamp(value: string, offset: '+00' | ''): string {
  const match = PG_TIMESTAMP_TEXT.exec(value);
  if (match && (match[4] ?? '') === offset) return `${match[1]}T${match[2]}.${`${match[3] ?? ''}000`.slice(0, 3)}Z`;
  return new Date(offset === '' ? `${value}Z` : value).toISOString();
}

/**
 * pg type parsers so that PostgreSQL answers the same JavaScript values as SQLite: 64-bit integers
 * as numbers (counts and money stay far below 2^53), timestamps as ISO strings, dates as `YYYY-MM-DD`.
 */
export const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    switch (oid) {
      case PG_INT8:
      case PG_NUMERIC:
        return (value: string) => Number(value);
      case PG_TIMESTAMPTZ:
        return (value: string) => isoTimestamp(value, '+00');
      case PG_TIMESTAMP:
        return (value: string) => isoTimestamp(value, '');
      case PG_DATE:
        return (value: string) => value;
      default:
        return pg.types.getTypeParser(oid, format);
    }
  },
} as pg.CustomTypesConfig;
