// Read queries over the append-only stock ledger, with the small product and warehouse summaries it embeds.
import { sql } from 'kysely';
import type { Page, PageRequest } from '../../../core/pagination.js';
import type { StockMovementType } from '../../../db/schema.js';
import type { Executor } from '../../../db/transaction.js';
import type { KeysetCursor } from '../../../core/keyset.js';
import { keysetAfter } from '../../../db/keyset.js';
import { engineOf } from '../../../db/dialect.js';
import { paginate } from '../../../db/paginate.js';
import type { StockMovement } from '../stock/stock.repository.js';

export interface MovementFilters {
  types?: StockMovementType[];
  product_id?: string;
  warehouse_id?: string;
  reference_type?: string;
  reference_id?: string;
  created_by?: string;
  /** ISO timestamps: created_at >= from, created_at <= to, created_at < before. */
  from?: string;
  to?: string;
  before?: string;
}

/** A warehouse's on-hand quantity of a product at some point of the ledger. */
export interface OnHandAt {
  warehouse_id: string;
  quantity: number;
}

export interface TypeTotals {
  type: StockMovementType;
  count: number;
  added: number;
  removed: number;
}

export class MovementRepository {
  private filtered(db: Executor, tenantId: string, f: MovementFilters) {
    let query = db.selectFrom('stock_movements').where('tenant_id', '=', tenantId);
    if (f.types) query = query.where('type', 'in', f.types);
    if (f.product_id !== undefined) query = query.where('product_id', '=', f.product_id);
    if (f.warehouse_id !== undefined) query = query.where('warehouse_id', '=', f.warehouse_id);
    if (f.reference_type !== undefined) query = query.where('reference_type', '=', f.reference_type);
    if (f.reference_id !== undefined) query = query.where('reference_id', '=', f.reference_id);
    if (f.created_by !== undefined) query = query.where('created_by', '=', f.created_by);
    if (f.from !== undefined) query = query.where('created_at', '>=', f.from);
    if (f.to !== undefined) query = query.where('created_at', '<=', f.to);
    if (f.before !== undefined) query = query.where('created_at', '<', f.before);
    return query;
  }

  /** Newest first; ids break ties between movements of the same instant (a transfer's pair). */
  async list(
    db: Executor,
    tenantId: string,
    filters: MovementFilters,
    page: PageRequest,
  ): Promise<Page<StockMovement>> {
    return paginate(
      db,
      this.filtered(db, tenantId, filters).selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
      page,
    );
  }

  /**
   * Up to `limit` movements after `after` (from the newest without it) in the list's order, newest first: one
   * range of the (tenant_id, created_at, id) index, which a movement written meanwhile, the newest, never enters.
   */
  async listAfter(
    db: Executor,
    tenantId: string,
    filters: MovementFilters,
    after: KeysetCursor | null,
    limit: number,
  ): Promise<StockMovement[]> {
    return this.listAfterQuery(db, tenantId, filters, after, limit).execute();
  }

  /** The statement of `listAfter`, whose plan test/db/keyset-plans.test.ts reads. */
  listAfterQuery(db: Executor, tenantId: string, filters: MovementFilters, after: KeysetCursor | null, limit: number) {
    let query = this.filtered(db, tenantId, filters);
    if (after !== null)
      query = query.where(
        keysetAfter([{ expression: sql.ref('created_at'), nullable: false }], sql.ref('id'), after, 'desc'),
      );
    return query.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit);
  }

  async newest(db: Executor, tenantId: string, filters: MovementFilters, limit: number): Promise<StockMovement[]> {
    return this.filtered(db, tenantId, filters)
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  async findById(db: Executor, tenantId: string, id: string): Promise<StockMovement | undefined> {
    return db
      .selectFrom('stock_movements')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Per type: how many movements, and the units added and removed (positive numbers). */
  async totalsByType(db: Executor, tenantId: string, filters: MovementFilters): Promise<TypeTotals[]> {
    const rows = await this.filtered(db, tenantId, filters)
      .select((eb) => [
        'type',
        eb.fn.countAll<number>().as('count'),
        eb.fn.sum<number>(eb.case().when('quantity', '>', 0).then(eb.ref('quantity')).else(0).end()).as('added'),
        eb.fn
          .sum<number>(
            eb
              .case()
              .when('quantity', '<', 0)
              .then(eb.neg(eb.ref('quantity')))
              .else(0)
              .end(),
          )
          .as('removed'),
      ])
      .groupBy('type')
      .execute();
    // PostgreSQL answers count and sum as strings.
    return rows.map((r) => ({
      type: r.type,
      count: Number(r.count),
      added: Number(r.added ?? 0),
      removed: Number(r.removed ?? 0),
    }));
  }

  /**
   * A product's on-hand quantity in each warehouse from its ledger: before `from` (the last on-hand movement of
   * each warehouse: `opening`) and at the end of each UTC day from `from` on that has an on-hand movement
   * (`closes`). Reservations and releases move reserved stock, not on hand, and are left out. Each is the
   * `quantity_after` of one movement picked by a window over the product's ledger index (tenant, product, time):
   * the database reads the product's movements once and answers a row per warehouse and day.
   */
  async dailyOnHand(
    db: Executor,
    tenantId: string,
    productId: string,
    from: string,
  ): Promise<{ opening: OnHandAt[]; closes: Array<OnHandAt & { day: string }> }> {
    const day =
      engineOf(db) === 'postgres'
        ? sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD')`
        : sql<string>`substr(created_at, 1, 10)`;
    const onHand = sql`tenant_id = ${tenantId} and product_id = ${productId} and type not in ('reservation', 'release')`;
    const [opening, closes] = await Promise.all([
      sql<OnHandAt>`
        select warehouse_id, quantity_after as quantity from (
          select warehouse_id, quantity_after,
            row_number() over (partition by warehouse_id order by created_at desc, id desc) as n
          from stock_movements where ${onHand} and created_at < ${from}
        ) latest where n = 1`.execute(db),
      sql<OnHandAt & { day: string }>`
        select warehouse_id, day, quantity_after as quantity from (
          select warehouse_id, ${day} as day, quantity_after,
            row_number() over (partition by warehouse_id, ${day} order by created_at desc, id desc) as n
          from stock_movements where ${onHand} and created_at >= ${from}
        ) closing where n = 1`.execute(db),
    ]);
    const quantity = <T extends OnHandAt>(row: T) => ({ ...row, quantity: Number(row.quantity) });
    return { opening: opening.rows.map(quantity), closes: closes.rows.map(quantity) };
  }

  /**
   * Units in and out of on-hand stock per UTC day from `fromDay` to `toDay` (YYYY-MM-DD, inclusive), in one
   * warehouse or all: sums of the daily aggregate the stock ledger keeps (stock_daily_flow), read along its index
   * by (tenant, day) without touching the ledger. Days without movements are absent.
   */
  async flowByDay(
    db: Executor,
    tenantId: string,
    fromDay: string,
    toDay: string,
    warehouseId: string | null,
  ): Promise<Array<{ day: string; units_in: number; units_out: number }>> {
    let query = db
      .selectFrom('stock_daily_flow')
      .select((eb) => [
        'day',
        eb.fn.sum<number>('units_in').as('units_in'),
        eb.fn.sum<number>('units_out').as('units_out'),
      ])
      .where('tenant_id', '=', tenantId)
      .where('day', '>=', fromDay)
      .where('day', '<=', toDay);
    if (warehouseId !== null) query = query.where('warehouse_id', '=', warehouseId);
    const rows = await query.groupBy('day').execute();
    return rows.map((r) => ({
      day: String(r.day).slice(0, 10),
      units_in: Number(r.units_in),
      units_out: Number(r.units_out),
    }));
  }

  /** Products as the ledger names them, deleted ones included: their movements outlive them. */
  async productSummaries(db: Executor, tenantId: string, ids: readonly string[]) {
    if (ids.length === 0) return [];
    return db
      .selectFrom('products')
      .select(['id', 'name', 'sku'])
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', [...ids])
      .execute();
  }

  /** Warehouses as the ledger names them, deleted ones included. */
  async warehouseSummaries(db: Executor, tenantId: string, ids: readonly string[]) {
    if (ids.length === 0) return [];
    return db
      .selectFrom('warehouses')
      .select(['id', 'name', 'code'])
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', [...ids])
      .execute();
  }

  async liveProductExists(db: Executor, tenantId: string, id: string): Promise<boolean> {
    const row = await db
      .selectFrom('products')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row !== undefined;
  }
}
