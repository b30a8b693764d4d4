// The few differences between the two engines, kept in one place so that queries stay one code path.
import type {
  ValueNode} from 'kysely';
import {
  OperationNodeTransformer,
  PrimitiveValueListNode,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type SqliteDialectConfig,
  type UnknownRow,
} from 'kysely';
import pg from 'pg';
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

function isPlainObjectOrArray(value: unknown): value is object {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Serialises objects and arrays to JSON on both engines, and booleans to 1/0 on SQLite. */
class ParameterTransformer extends OperationNodeTransformer {
  constructor(private readonly sqlite: boolean) {
    super();
  }

  private convert(value: unknown): unknown {
    if (isPlainObjectOrArray(value)) return JSON.stringify(value);
    if (this.sqlite && typeof value === 'boolean') return value ? 1 : 0;
    return value;
  }

  protected override transformValue(node: ValueNode): ValueNode {
    const value = this.convert(node.value);
    return value === node.value ? super.transformValue(node) : { ...node, value };
  }

  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    return PrimitiveValueListNode.create(node.values.map((value) => this.convert(value)));
  }
}

/**
 * Makes both engines speak the same JavaScript values: booleans are booleans, JSON columns are parsed
 * values, and object parameters are written as JSON text (pg would turn arrays into PostgreSQL arrays).
 */
export class ValueNormalisationPlugin implements KyselyPlugin {
  private readonly transformer: ParameterTransformer;

  constructor(private readonly engine: Engine) {
    this.transformer = new ParameterTransformer(engine === 'sqlite');
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.transformer.transformNode(args.node);
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

  constructor(config: SqliteDialectConfig) {
    const { database } = config;
    const cached: SqliteDialectConfig = {
      ...config,
      database: typeof database === 'function' ? async () => withStatementCache(await database()) : withStatementCache(database),
    };
    super(cached);
    this.sqliteConfig = cached;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.sqliteConfig);
  }

  override createAdapter(): SqliteAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

const PG_INT8 = 20;
const PG_NUMERIC = 1700;
const PG_TIMESTAMPTZ = 1184;
const PG_TIMESTAMP = 1114;
const PG_DATE = 1082;

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
      case PG_TIMESTAMP:
        return (value: string) => new Date(oid === PG_TIMESTAMP ? `${value}Z` : value).toISOString();
      case PG_DATE:
        return (value: string) => value;
      default:
        return pg.types.getTypeParser(oid, format);
    }
  },
} as pg.CustomTypesConfig;
