// Sales orders in SQL: the order rows (with the customer's name for display and search), conditional status
// updates, the list with its filters, the lookup by channel and external reference, and the count of a
// customer's open orders that refuses the customer's deletion.
import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Insertable,
  type Selectable,
  type SqlBool,
  type Updateable,
} from 'kysely';
import type { KeysetCursor } from '../../../core/keyset.js';
import type { Page, PageRequest } from '../../../core/pagination.js';
import { engineOf, type Engine } from '../../../db/dialect.js';
import { keysetAfter, type SortKey } from '../../../db/keyset.js';
import { paginate } from '../../../db/paginate.js';
import type { DB, SalesOrdersTable, SalesOrderStatus } from '../../../db/schema.js';
import { matchesSearch, type SearchIndex } from '../../../db/search.js';
import type { Executor } from '../../../db/transaction.js';
import { allocatedOfLine, openOfLine } from './order-line-quantities.repository.js';
import { COMMITTED_STATUSES, OPEN_STATUSES, UNSHIPPED_STATUSES } from './order.states.js';

export type Order = Selectable<SalesOrdersTable>;
export type NewOrder = Insertable<SalesOrdersTable>;
export type OrderUpdate = Updateable<SalesOrdersTable>;

/** An order with the name of its customer and the count of its lines. */
export type OrderRow = Order & { customer_name: string | null; lines_count: number };

/** The unique index of (channel, external_ref) in a tenant. */
export const CHANNEL_REF_INDEX = 'sales_orders_tenant_channel_ref_unique';

export interface OrderFilters {
  statuses?: SalesOrderStatus[];
  customer_id?: string;
  channel?: string;
  external_ref?: string;
  /** Inclusive bounds on created_at, in stored form. */
  created_from?: string;
  created_to?: string;
  search?: string;
  /** Orders with a backordered line (true) or without one (false). */
  backordered?: boolean;
  /** Orders not shipped whose requested ship date is before `today` (true), or the others (false). */
  overdue?: { is: boolean; today: string };
  /** An inclusive bound on updated_at, in stored form. */
  updated_since?: string;
  sort_by: 'created_at' | 'updated_at' | 'order_number' | 'total_amount' | 'requested_ship_date' | 'priority';
  sort_direction: 'asc' | 'desc';
}

/** The list's sort key: only requested_ship_date may be null. */
function orderSortKey(sortBy: OrderFilters['sort_by']): SortKey {
  return { expression: sql.ref(`o.${sortBy}`), nullable: sortBy === 'requested_ship_date' };
}

/** The order list's query: orders as `o`, each with its customer as `c`. */
type OrderListDb = DB & { o: DB['sales_orders']; c: DB['customers'] };
/** The customers a search of the list finds by name, as `named`. */
type NamedCustomerDb = OrderListDb & { named: DB['customers'] };

/**
 * `search`: a substring of the order number or external reference, or a prefix of either (db/search.ts,
 * migration 0031); or the name of the order's customer (CUSTOMER_NAME_SEARCH).
 */
export const ORDER_SEARCH: SearchIndex<OrderListDb, 'o' | 'c'> = {
  columns: ['o.order_number', 'o.external_ref'],
  prefixColumns: ['o.order_number', 'o.external_ref'],
  sqlite: { table: 'sales_orders', alias: 'o', fts: 'sales_orders_search' },
};

/**
 * The order's live customer whose name holds the term (a prefix of it, for one or two characters): the
 * customers' own index (migration 0031) searched in its name column alone.
 */
export const CUSTOMER_NAME_SEARCH: SearchIndex<NamedCustomerDb, 'named' | 'o' | 'c'> = {
  columns: ['named.name'],
  prefixColumns: ['named.name'],
  sqlite: { table: 'customers', alias: 'named', fts: 'customers_search', ftsColumns: ['name'] },
};

/** The orders `search` finds: ORDER_SEARCH, or an order of a customer CUSTOMER_NAME_SEARCH finds. */
export function orderSearchCondition(
  eb: ExpressionBuilder<OrderListDb, 'o' | 'c'>,
  engine: Engine,
  tenantId: string,
  term: string,
): Expression<SqlBool> {
  const named = eb
    .selectFrom('customers as named')
    .select('named.id')
    .where('named.tenant_id', '=', tenantId)
    .where('named.deleted_at', 'is', null)
    .where((sub) => matchesSearch(sub, engine, CUSTOMER_NAME_SEARCH, tenantId, term));
  return eb.or([matchesSearch(eb, engine, ORDER_SEARCH, tenantId, term), eb('o.customer_id', 'in', named)]);
}

/**
 * The orders with a backordered line: the order owes goods (confirmed or partially shipped, or on hold from one of
 * them; order-quantities.ts, owesGoods) and one of its lines has more open than allocated (backorderedQuantity).
 * The statuses narrow the orders through the status index; each order's lines are then read by its id.
 */
export function backorderedCondition(eb: ExpressionBuilder<OrderListDb, 'o' | 'c'>): Expression<SqlBool> {
  const owing = [...COMMITTED_STATUSES];
  const lines = eb
    .selectFrom('sales_order_lines')
    .select(sql.lit(1).as('one'))
    .whereRef('sales_order_lines.order_id', '=', 'o.id')
    .whereRef('sales_order_lines.tenant_id', '=', 'o.tenant_id')
    .where((line) => {
      const scope = line as unknown as ExpressionBuilder<DB, 'sales_order_lines'>;
      return sql<SqlBool>`${openOfLine(scope)} > (${allocatedOfLine(scope)})`;
    });
  return eb.and([
    eb.or([
      eb('o.status', 'in', owing),
      eb.and([eb('o.status', '=', 'on_hold'), eb('o.held_from_status', 'in', owing)]),
    ]),
    eb.exists(lines),
  ]);
}

/**
 * The orders not shipped whose requested ship date is before `today` (YYYY-MM-DD, UTC): a range of the ship
 * date's index (migration 0032), the column compared as stored.
 */
export function overdueCondition(eb: ExpressionBuilder<OrderListDb, 'o' | 'c'>, today: string): Expression<SqlBool> {
  // `is not null` first: the condition is then false, never null, for an order without a date, and its negation
  // (overdue=false) keeps that order.
  return eb.and([
    eb('o.requested_ship_date', 'is not', null),
    eb('o.requested_ship_date', '<', today),
    eb('o.status', 'in', [...UNSHIPPED_STATUSES]),
  ]);
}

export class OrderRepository {
  async insert(db: Executor, order: NewOrder): Promise<void> {
    await db.insertInto('sales_orders').values(order).execute();
  }

  /**
   * The orders waiting for the warehouse per requested ship date (null: none): how many are to ship (confirmed or
   * partially shipped) and how many have a backordered line (backorderedCondition, on hold included). The orders
   * in those statuses are read first through the status index, and only their lines; materialized, so that the
   * grouping by date cannot make SQLite walk the ship-date index over every order of the tenant instead.
   */
  async shippingByDate(
    db: Executor,
    tenantId: string,
  ): Promise<Array<{ requested_ship_date: string | null; to_ship: number; backordered: number }>> {
    const owing = [...COMMITTED_STATUSES];
    const flag = (condition: Expression<SqlBool>) => sql<number>`case when ${condition} then 1 else 0 end`;
    const rows = await db
      .with(
        (cte) => cte('waiting').materialized(),
        (q) =>
          q
            .selectFrom('sales_orders as o')
            .select((eb) => [
              'o.requested_ship_date',
              flag(eb('o.status', 'in', owing)).as('to_ship'),
              flag(backorderedCondition(eb as unknown as ExpressionBuilder<OrderListDb, 'o' | 'c'>)).as('backordered'),
            ])
            .where('o.tenant_id', '=', tenantId)
            .where('o.deleted_at', 'is', null)
            .where('o.status', 'in', [...owing, 'on_hold']),
      )
      .selectFrom('waiting')
      .select((eb) => [
        'waiting.requested_ship_date',
        eb.fn.sum<number>('waiting.to_ship').as('to_ship'),
        eb.fn.sum<number>('waiting.backordered').as('backordered'),
      ])
      .groupBy('waiting.requested_ship_date')
      .execute();
    return rows
      .map((r) => ({
        requested_ship_date: r.requested_ship_date === null ? null : String(r.requested_ship_date).slice(0, 10),
        to_ship: Number(r.to_ship),
        backordered: Number(r.backordered),
      }))
      .filter((r) => r.to_ship > 0 || r.backordered > 0);
  }

  private rows(db: Executor, tenantId: string) {
    return db
      .selectFrom('sales_orders as o')
      .leftJoin('customers as c', (j) => j.onRef('c.id', '=', 'o.customer_id').onRef('c.tenant_id', '=', 'o.tenant_id'))
      .where('o.tenant_id', '=', tenantId)
      .where('o.deleted_at', 'is', null);
  }

  private withNames<QB extends ReturnType<OrderRepository['rows']>>(query: QB) {
    return query
      .selectAll('o')
      .select('c.name as customer_name')
      .select((eb) =>
        eb
          .selectFrom('sales_order_lines as l')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('l.order_id', '=', 'o.id')
          .whereRef('l.tenant_id', '=', 'o.tenant_id')
          .as('lines_count'),
      );
  }

  async findById(db: Executor, tenantId: string, id: string): Promise<OrderRow | undefined> {
    const row = await this.withNames(this.rows(db, tenantId)).where('o.id', '=', id).executeTakeFirst();
    return row ? { ...row, lines_count: Number(row.lines_count ?? 0) } : undefined;
  }

  /**
   * The live order, locked until the transaction ends on PostgreSQL (its own row only), so that concurrent
   * changes of one order run one after the other, each reading what the previous one left. SQLite writers take
   * turns already: every write transaction begins IMMEDIATE.
   */
  async findForUpdate(db: Executor, tenantId: string, id: string): Promise<OrderRow | undefined> {
    const query = this.withNames(this.rows(db, tenantId)).where('o.id', '=', id);
    const row = await (engineOf(db) === 'postgres' ? query.forUpdate('o') : query).executeTakeFirst();
    return row ? { ...row, lines_count: Number(row.lines_count ?? 0) } : undefined;
  }

  /** The order, deleted or not, holding `external_ref` in `channel` (null: no channel). */
  async findByExternalRef(
    db: Executor,
    tenantId: string,
    channel: string | null,
    externalRef: string,
  ): Promise<Pick<Order, 'id' | 'order_number'> | undefined> {
    return db
      .selectFrom('sales_orders')
      .select(['id', 'order_number'])
      .where('tenant_id', '=', tenantId)
      .where((eb) => eb.fn.coalesce('channel', eb.val('')), '=', channel ?? '')
      .where('external_ref', '=', externalRef)
      .executeTakeFirst();
  }

  private filtered(db: Executor, tenantId: string, filters: OrderFilters) {
    let query = this.rows(db, tenantId);
    if (filters.statuses && filters.statuses.length > 0) query = query.where('o.status', 'in', filters.statuses);
    if (filters.customer_id) query = query.where('o.customer_id', '=', filters.customer_id);
    if (filters.channel !== undefined) query = query.where('o.channel', '=', filters.channel);
    if (filters.external_ref !== undefined) query = query.where('o.external_ref', '=', filters.external_ref);
    if (filters.created_from !== undefined) query = query.where('o.created_at', '>=', filters.created_from);
    if (filters.created_to !== undefined) query = query.where('o.created_at', '<=', filters.created_to);
    if (filters.updated_since !== undefined) query = query.where('o.updated_at', '>=', filters.updated_since);
    if (filters.backordered !== undefined) {
      const wanted = filters.backordered;
      query = query.where((eb) => (wanted ? backorderedCondition(eb) : eb.not(backorderedCondition(eb))));
    }
    if (filters.overdue !== undefined) {
      const { is, today } = filters.overdue;
      query = query.where((eb) => (is ? overdueCondition(eb, today) : eb.not(overdueCondition(eb, today))));
    }
    const term = filters.search?.trim();
    if (term) query = query.where((eb) => orderSearchCondition(eb, engineOf(db), tenantId, term));
    return query;
  }

  /**
   * `query` with its names, in list order: the sort key, then the id, both in the sort's direction. The one
   * nullable key, requested_ship_date, puts its nulls as the lowest values on both engines (SQLite's own order;
   * PostgreSQL is told), so that both answer one order and 0032's index serves it.
   */
  private sorted<QB extends ReturnType<OrderRepository['rows']>>(query: QB, filters: OrderFilters) {
    const direction = filters.sort_direction;
    const key = orderSortKey(filters.sort_by);
    const named = this.withNames(query);
    const ordered = key.nullable
      ? named.orderBy(
          sql`${key.expression} ${sql.raw(direction)} ${sql.raw(direction === 'asc' ? 'nulls first' : 'nulls last')}`,
        )
      : named.orderBy(`o.${filters.sort_by}`, direction);
    return ordered.orderBy('o.id', direction);
  }

  async list(db: Executor, tenantId: string, filters: OrderFilters, page: PageRequest): Promise<Page<OrderRow>> {
    const listed = await paginate(db, this.sorted(this.filtered(db, tenantId, filters), filters), page);
    return { ...listed, items: listed.items.map((row) => ({ ...row, lines_count: Number(row.lines_count ?? 0) })) };
  }

  /** Up to `limit` orders after `after` in list order (from the first without it): a range of the sort's index. */
  async listAfter(
    db: Executor,
    tenantId: string,
    filters: OrderFilters,
    after: KeysetCursor | null,
    limit: number,
  ): Promise<OrderRow[]> {
    const rows = await this.listAfterQuery(db, tenantId, filters, after, limit).execute();
    return rows.map((row) => ({ ...row, lines_count: Number(row.lines_count ?? 0) }));
  }

  /** The statement of `listAfter`, whose plan test/db/keyset-plans.test.ts reads. */
  listAfterQuery(db: Executor, tenantId: string, filters: OrderFilters, after: KeysetCursor | null, limit: number) {
    let query = this.filtered(db, tenantId, filters);
    if (after !== null)
      query = query.where(keysetAfter([orderSortKey(filters.sort_by)], sql.ref('o.id'), after, filters.sort_direction));
    return this.sorted(query, filters).limit(limit);
  }

  /**
   * Updates a live order only when its status is one of `from`, in one conditional UPDATE: two concurrent
   * transitions cannot both pass. False when nothing matched (missing, or in another status).
   */
  async transition(
    db: Executor,
    tenantId: string,
    id: string,
    from: readonly SalesOrderStatus[],
    changes: OrderUpdate,
  ): Promise<boolean> {
    const result = await db
      .updateTable('sales_orders')
      .set(changes)
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .where('status', 'in', [...from])
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The number of the customer's live orders neither completed nor cancelled. */
  async countOpenOfCustomer(db: Executor, tenantId: string, customerId: string): Promise<number> {
    const row = await db
      .selectFrom('sales_orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('customer_id', '=', customerId)
      .where('deleted_at', 'is', null)
      .where('status', 'in', [...OPEN_STATUSES])
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Up to `limit` live orders after the id `after` ('' for the first), by id: a walk over every order (the export). */
  async pageAfter(
    db: Executor,
    tenantId: string,
    filters: Pick<OrderFilters, 'statuses' | 'channel' | 'created_from' | 'created_to'>,
    after: string,
    limit: number,
  ): Promise<OrderRow[]> {
    let query = this.rows(db, tenantId).where('o.id', '>', after);
    if (filters.statuses && filters.statuses.length > 0) query = query.where('o.status', 'in', filters.statuses);
    if (filters.channel !== undefined) query = query.where('o.channel', '=', filters.channel);
    if (filters.created_from !== undefined) query = query.where('o.created_at', '>=', filters.created_from);
    if (filters.created_to !== undefined) query = query.where('o.created_at', '<=', filters.created_to);
    const rows = await this.withNames(query).orderBy('o.id').limit(limit).execute();
    return rows.map((row) => ({ ...row, lines_count: Number(row.lines_count ?? 0) }));
  }
}
