// The stock ledger's reads: filtered pages, one movement, a product's history and a warehouse's recent
// activity, each movement shown with its type label, creator, product and warehouse.
import { parseEnumList, type EnumList } from '../../../core/enum-list.js';
import { NotFoundError, ValidationError } from '../../../core/errors.js';
import { keysetPage, type KeysetOrder, type KeysetPage, type KeysetRequest } from '../../../core/keyset.js';
import type { Page, PageRequest } from '../../../core/pagination.js';
import type { StockMovementType } from '../../../db/schema.js';
import type { Executor } from '../../../db/transaction.js';
import type { Clock } from '../../../lib/clock.js';
import type { UserService } from '../../tenancy/user.service.js';
import { movesOnHand } from '../stock/daily-flow.js';
import type { StockMovement } from '../stock/stock.repository.js';
import type { WarehouseService } from '../warehouses/warehouse.service.js';
import type { MovementFilters, MovementRepository } from './movement.repository.js';
import {
  ACTIVITY_MAX_MOVEMENTS,
  MOVEMENT_TYPE_LABELS,
  MOVEMENT_TYPES,
  type MovementListQuery,
  type MovementResponse,
  type ProductLevelsResponse,
  type WarehouseActivityResponse,
  type WeeklyFlowResponse,
} from './movement.schemas.js';

const DAY_MS = 86_400_000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

export type MovementListOptions = Omit<MovementListQuery, 'page' | 'per_page' | 'after'>;

/** The list's one order, newest first, as its cursors name it. */
export const MOVEMENT_ORDER: KeysetOrder = {
  name: 'stock_movements:created_at:desc',
  keys: [{ type: 'string', nullable: false }],
};

const TYPE_FILTER: EnumList<StockMovementType> = {
  field: 'movement_type',
  allowed: MOVEMENT_TYPES,
  invalid: (unknown, allowed) => `Unknown movement type: ${unknown}. Valid types: ${allowed}.`,
};

/** The types to select, or undefined for all (an empty list would select none). */
function parseTypes(value: string | undefined): StockMovementType[] | undefined {
  const types = parseEnumList(TYPE_FILTER, value);
  return types.length === 0 ? undefined : types;
}

/** A date bound as an ISO timestamp; a bare date means its whole UTC day, so `to` becomes "before the next day". */
function parseBound(value: string, field: 'from' | 'to'): { at: string; exclusive: boolean } {
  const invalid = () =>
    ValidationError.field(field, `The ${field} field must be a date (YYYY-MM-DD) or an ISO 8601 date-time.`);
  if (DATE_ONLY.test(value)) {
    const day = new Date(`${value}T00:00:00.000Z`);
    if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value) throw invalid();
    return field === 'from'
      ? { at: day.toISOString(), exclusive: false }
      : { at: new Date(day.getTime() + DAY_MS).toISOString(), exclusive: true };
  }
  const at = new Date(value);
  if (!DATE_TIME.test(value) || Number.isNaN(at.getTime())) throw invalid();
  return { at: at.toISOString(), exclusive: false };
}

export function movementResource(
  m: StockMovement,
  related: {
    creator: { id: string; name: string; email: string } | null;
    product: { id: string; name: string; sku: string } | null;
    warehouse: { id: string; name: string; code: string } | null;
  },
): MovementResponse {
  const onHand = movesOnHand(m.type);
  return {
    id: m.id,
    product_id: m.product_id,
    warehouse_id: m.warehouse_id,
    movement_type: { value: m.type, label: MOVEMENT_TYPE_LABELS[m.type] },
    is_inbound: onHand && m.quantity > 0,
    is_outbound: onHand && m.quantity < 0,
    quantity: m.quantity,
    quantity_before: m.quantity_before,
    quantity_after: m.quantity_after,
    reason: m.reason,
    notes: m.notes,
    reference_type: m.reference_type,
    reference_id: m.reference_id,
    created_by: m.created_by,
    creator: related.creator,
    created_at: m.created_at,
    product: related.product,
    warehouse: related.warehouse,
  };
}

export interface MovementServiceDeps {
  db: Executor;
  movements: MovementRepository;
  users: UserService;
  warehouses: WarehouseService;
  clock: Clock;
}

export class MovementService {
  private readonly db: Executor;
  private readonly movements: MovementRepository;
  private readonly users: UserService;
  private readonly warehouses: WarehouseService;
  private readonly clock: Clock;

  constructor(deps: MovementServiceDeps) {
    this.db = deps.db;
    this.movements = deps.movements;
    this.users = deps.users;
    this.warehouses = deps.warehouses;
    this.clock = deps.clock;
  }

  /**
   * A page of the tenant's movements, newest first.
   * @throws ValidationError for an unknown `movement_type`, a malformed date, or `from` after `to`.
   */
  async list(tenantId: string, options: MovementListOptions, page: PageRequest): Promise<Page<MovementResponse>> {
    const result = await this.movements.list(this.db, tenantId, this.filtersOf(options), page);
    return { ...result, items: await this.present(tenantId, result.items) };
  }

  /**
   * A page of a walk through the tenant's movements, newest first, after the request's cursor.
   * @throws ValidationError as `list`.
   */
  async walk(
    tenantId: string,
    options: MovementListOptions,
    request: KeysetRequest,
  ): Promise<KeysetPage<MovementResponse>> {
    const fetched = await this.movements.listAfter(
      this.db,
      tenantId,
      this.filtersOf(options),
      request.after,
      request.per_page + 1,
    );
    const { rows, next } = keysetPage(MOVEMENT_ORDER, fetched, request.per_page, (m) => [m.created_at]);
    return { items: await this.present(tenantId, rows), next };
  }

  /** @throws ValidationError for an unknown `movement_type`, a malformed date, or `from` after `to`. */
  private filtersOf(options: MovementListOptions): MovementFilters {
    const filters: MovementFilters = {
      types: parseTypes(options.movement_type),
      product_id: options.product_id,
      warehouse_id: options.warehouse_id,
      reference_type: options.reference_type,
      reference_id: options.reference_id,
      created_by: options.created_by,
    };
    const from = options.from === undefined ? undefined : parseBound(options.from, 'from');
    const to = options.to === undefined ? undefined : parseBound(options.to, 'to');
    if (from && to && (to.exclusive ? from.at >= to.at : from.at > to.at))
      throw ValidationError.field('to', 'The to date must not be before the from date.');
    if (from) filters.from = from.at;
    if (to) filters[to.exclusive ? 'before' : 'to'] = to.at;
    return filters;
  }

  /** @throws NotFoundError('Stock movement'), also for another tenant's movement. */
  async get(tenantId: string, id: string): Promise<MovementResponse> {
    const movement = await this.movements.findById(this.db, tenantId, id);
    if (!movement) throw new NotFoundError('Stock movement');
    const [resource] = await this.present(tenantId, [movement]);
    return resource!;
  }

  /**
   * The newest `limit` movements of a product over every warehouse.
   * @throws NotFoundError('Product') for an unknown, deleted or another tenant's product.
   */
  async productHistory(tenantId: string, productId: string, limit: number): Promise<MovementResponse[]> {
    if (!(await this.movements.liveProductExists(this.db, tenantId, productId))) throw new NotFoundError('Product');
    return this.present(tenantId, await this.movements.newest(this.db, tenantId, { product_id: productId }, limit));
  }

  /**
   * A product's on-hand stock at the end of each of the last `days` UTC days (today's: now), per warehouse it
   * has moved in and in total, from the ledger: a day without an on-hand movement keeps the day before's level,
   * and the first day starts from the last movement before it (0 without one).
   * @throws NotFoundError('Product') for an unknown, deleted or another tenant's product.
   */
  async productLevels(tenantId: string, productId: string, days: number): Promise<ProductLevelsResponse> {
    if (!(await this.movements.liveProductExists(this.db, tenantId, productId))) throw new NotFoundError('Product');
    const today = this.clock.now().toISOString().slice(0, 10);
    const dates = Array.from({ length: days }, (_, i) =>
      new Date(Date.parse(`${today}T00:00:00.000Z`) - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10),
    );
    const { opening, closes } = await this.movements.dailyOnHand(
      this.db,
      tenantId,
      productId,
      `${dates[0]}T00:00:00.000Z`,
    );
    const warehouseIds = [...new Set([...opening, ...closes].map((row) => row.warehouse_id))];
    const warehouses = (await this.movements.warehouseSummaries(this.db, tenantId, warehouseIds)).sort((a, b) =>
      a.code < b.code ? -1 : a.code > b.code ? 1 : 0,
    );
    const closing = new Map(closes.map((row) => [`${row.warehouse_id}/${row.day}`, row.quantity]));
    const series = warehouses.map((warehouse) => {
      let level = opening.find((row) => row.warehouse_id === warehouse.id)?.quantity ?? 0;
      const points = dates.map((date) => {
        level = closing.get(`${warehouse.id}/${date}`) ?? level;
        return { date, quantity_on_hand: level };
      });
      return { warehouse, points };
    });
    const total = dates.map((date, i) => ({
      date,
      quantity_on_hand: series.reduce((sum, s) => sum + s.points[i]!.quantity_on_hand, 0),
    }));
    return { product_id: productId, from: dates[0]!, to: today, warehouses: series, total };
  }

  /**
   * Units in and out of on-hand stock in each of the last `weeks` weeks (Monday to Sunday, UTC; the current one up
   * to now), in one warehouse or all, from the daily aggregate the stock ledger keeps.
   * @throws NotFoundError('Warehouse') for an unknown, deleted or another tenant's warehouse.
   */
  async weeklyFlow(tenantId: string, weeks: number, warehouseId: string | null): Promise<WeeklyFlowResponse> {
    const warehouse = warehouseId === null ? null : await this.warehouses.resolve(tenantId, warehouseId, this.db);
    const today = this.clock.now().toISOString().slice(0, 10);
    const todayMs = Date.parse(`${today}T00:00:00.000Z`);
    const daysSinceMonday = (new Date(todayMs).getUTCDay() + 6) % 7;
    const firstMonday = todayMs - (daysSinceMonday + 7 * (weeks - 1)) * DAY_MS;
    const starts = Array.from({ length: weeks }, (_, i) =>
      new Date(firstMonday + i * 7 * DAY_MS).toISOString().slice(0, 10),
    );
    const days = await this.movements.flowByDay(this.db, tenantId, starts[0]!, today, warehouse?.id ?? null);
    const totals = starts.map((week_start) => ({ week_start, units_in: 0, units_out: 0 }));
    for (const day of days) {
      const week = totals[Math.floor((Date.parse(`${day.day}T00:00:00.000Z`) - firstMonday) / (7 * DAY_MS))]!;
      week.units_in += day.units_in;
      week.units_out += day.units_out;
    }
    return {
      from: starts[0]!,
      to: today,
      warehouse: warehouse && { id: warehouse.id, name: warehouse.name, code: warehouse.code },
      weeks: totals,
    };
  }

  /**
   * A warehouse's movements of the last `days` days (the newest ACTIVITY_MAX_MOVEMENTS) and a summary of
   * the whole window: counts per type, and units in and out of on-hand stock (reservations excluded).
   * @throws NotFoundError('Warehouse') for an unknown, deleted or another tenant's warehouse.
   */
  async warehouseActivity(
    tenantId: string,
    warehouseId: string | null,
    days: number,
  ): Promise<WarehouseActivityResponse> {
    const warehouse = await this.warehouses.resolve(tenantId, warehouseId, this.db);
    const now = this.clock.now();
    const from = new Date(now.getTime() - days * DAY_MS).toISOString();
    const filters: MovementFilters = { warehouse_id: warehouse.id, from };
    const [rows, totals] = await Promise.all([
      this.movements.newest(this.db, tenantId, filters, ACTIVITY_MAX_MOVEMENTS),
      this.movements.totalsByType(this.db, tenantId, filters),
    ]);
    const byType = Object.fromEntries(MOVEMENT_TYPES.map((type) => [type, 0])) as Record<StockMovementType, number>;
    let totalIn = 0;
    let totalOut = 0;
    for (const row of totals) {
      byType[row.type] = row.count;
      if (!movesOnHand(row.type)) continue;
      totalIn += row.added;
      totalOut += row.removed;
    }
    return {
      warehouse: { id: warehouse.id, name: warehouse.name, code: warehouse.code },
      days,
      from,
      to: now.toISOString(),
      summary: {
        total_movements: totals.reduce((sum, row) => sum + row.count, 0),
        by_type: byType,
        total_in: totalIn,
        total_out: totalOut,
        net_change: totalIn - totalOut,
      },
      movements: await this.present(tenantId, rows),
    };
  }

  /** Loads the creators, products and warehouses of a page in three queries, whatever its size. */
  private async present(tenantId: string, rows: readonly StockMovement[]): Promise<MovementResponse[]> {
    const distinct = (values: Array<string | null>) => [...new Set(values.filter((v): v is string => v !== null))];
    const [users, products, warehouses] = await Promise.all([
      this.users.summariesByIds(tenantId, distinct(rows.map((m) => m.created_by)), this.db),
      this.movements.productSummaries(this.db, tenantId, distinct(rows.map((m) => m.product_id))),
      this.movements.warehouseSummaries(this.db, tenantId, distinct(rows.map((m) => m.warehouse_id))),
    ]);
    const byId = <T extends { id: string }>(list: T[]) => new Map(list.map((item) => [item.id, item]));
    const [userMap, productMap, warehouseMap] = [byId(users), byId(products), byId(warehouses)];
    return rows.map((m) =>
      movementResource(m, {
        creator: (m.created_by && userMap.get(m.created_by)) || null,
        product: productMap.get(m.product_id) ?? null,
        warehouse: warehouseMap.get(m.warehouse_id) ?? null,
      }),
    );
  }
}
