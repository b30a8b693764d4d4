// Reorder points: per-record settings, the low-stock list with urgency bands, and the reorder report with
// suggested quantities, usage and the summary by warehouse and supplier.
import { NotFoundError, ValidationError } from '../../../core/errors.js';
import type { Precondition } from '../../../core/precondition.js';
import { offsetOf, pageTotal, type Page, type PageRequest } from '../../../core/pagination.js';
import { inTransaction, type Executor } from '../../../db/transaction.js';
import { addDays, type Clock } from '../../../lib/clock.js';
import { DEFAULT_CURRENCY, fromMinorUnits } from '../../../lib/money.js';
import { noBackorders, PRODUCTS_LOW_ON_STOCK, type BackorderedDemand } from '../availability/stock-demand.js';
import type { StockLedger } from '../stock/stock-ledger.js';
import { usageDay } from '../stock/usage.js';
import type { InventoryResource } from '../stock/stock.presenter.js';
import type { WarehouseService } from '../warehouses/warehouse.service.js';
import type { ReorderCandidate, ReorderReportFilters, ReorderRepository } from './reorder.repository.js';
import type { ReorderSettingsBody } from './reorder.schemas.js';
import { backorderShares } from './backorder-share.js';

export type Urgency = 'critical' | 'high' | 'medium' | 'low';
/** Days of movements the average daily usage is taken over. */
export const USAGE_WINDOW_DAYS = 30;

export const quantityNotAbovePoint = (quantity: number, point: number) =>
  `The reorder quantity (${quantity}) is not above the reorder point (${point}): one order may not lift stock above the reorder point.`;

/** Band of available stock against the reorder point: <= 25% critical, <= 50% high, <= 75% medium, else low. */
export function urgencyOf(available: number, reorderPoint: number): Urgency {
  if (available <= reorderPoint * 0.25) return 'critical';
  if (available <= reorderPoint * 0.5) return 'high';
  if (available <= reorderPoint * 0.75) return 'medium';
  return 'low';
}

const round2 = (n: number) => (Math.sign(n) * Math.round(Math.abs(n) * 100 + Number.EPSILON)) / 100;

/** What to order: the reorder quantity, raised to the deficit when that is larger; at least 1 without a reorder quantity. */
export function suggestedOrderQuantity(reorderQuantity: number | null, deficit: number): number {
  return reorderQuantity === null ? Math.max(deficit, 1) : Math.max(reorderQuantity, deficit);
}

/** A line of the low-stock list. */
export interface LowStockLine {
  product_id: string;
  sku: string;
  name: string;
  warehouse_id: string;
  quantity_available: number;
  reorder_point: number;
  status: 'low_stock';
  urgency: Urgency;
}

export interface ReorderServiceDeps {
  db: Executor;
  repository: ReorderRepository;
  stock: StockLedger;
  warehouses: WarehouseService;
  clock: Clock;
  /** Sales orders' backordered demand, counted in what the report says is needed; none when absent. */
  backorders?: BackorderedDemand;
}

export class ReorderService {
  private readonly db: Executor;
  private readonly repository: ReorderRepository;
  private readonly stock: StockLedger;
  private readonly warehouses: WarehouseService;
  private readonly clock: Clock;
  private readonly backorders: BackorderedDemand;

  constructor(deps: ReorderServiceDeps) {
    this.db = deps.db;
    this.repository = deps.repository;
    this.stock = deps.stock;
    this.warehouses = deps.warehouses;
    this.clock = deps.clock;
    this.backorders = deps.backorders ?? noBackorders;
  }

  /**
   * For purchasing's auto-reorder: records of tracked, live products at or below their reorder point (the
   * record's, else the product's), with their supplier.
   */
  candidates(tenantId: string, db: Executor = this.db): Promise<ReorderCandidate[]> {
    return this.repository.candidates(db, tenantId);
  }

  /**
   * Sets (or with nulls, disables) the reorder point and quantity of a product in a warehouse, creating the
   * record when missing. Answers the record and `warnings` (reorder quantity not above the point).
   * @throws ValidationError for an unknown product or warehouse.
   */
  async updateSettings(
    tenantId: string,
    input: ReorderSettingsBody,
    precondition?: Precondition,
  ): Promise<InventoryResource & { warnings: string[] }> {
    return inTransaction(this.db, async (trx) => {
      const productId = input.product_id;
      if (!(await this.repository.productExists(trx, tenantId, productId)))
        throw ValidationError.field('product_id', 'The selected product id is invalid.');
      let warehouseId: string;
      try {
        warehouseId = (await this.warehouses.resolve(tenantId, input.warehouse_id ?? null, trx)).id;
      } catch (error) {
        if (error instanceof NotFoundError)
          throw ValidationError.field('warehouse_id', 'The selected warehouse id is invalid.');
        throw error;
      }
      await this.stock.checkRecordPrecondition(trx, tenantId, productId, warehouseId, precondition);
      const at = this.clock.now().toISOString();
      await this.stock.ensureRecord(trx, tenantId, productId, warehouseId, at);
      const { id: recordId, ...was } = (await this.repository.recordSettings(trx, tenantId, productId, warehouseId))!;
      const settings = { reorder_point: input.reorder_point ?? null, reorder_quantity: input.reorder_quantity ?? null };
      if (!(await this.repository.setSettings(trx, tenantId, recordId, settings, at)))
        throw new NotFoundError('Inventory record');
      const view = await this.stock.recordOf(trx, tenantId, productId, warehouseId);
      await this.stock.audited(trx, tenantId, 'inventory.reorder_settings_changed', view, null, was);
      const warnings =
        settings.reorder_point !== null &&
        settings.reorder_quantity !== null &&
        settings.reorder_quantity <= settings.reorder_point
          ? [quantityNotAbovePoint(settings.reorder_quantity, settings.reorder_point)]
          : [];
      return { ...view, warnings };
    });
  }

  /**
   * A page of the records whose available stock is at or below their reorder point, most urgent first (by
   * available / reorder point, which orders the urgency bands too, then record id), and how many there are, counted
   * up to the bound every list counts to (`pageTotal`).
   */
  async lowStock(tenantId: string, page: PageRequest): Promise<Page<LowStockLine>> {
    // One row more than the page: whether another page follows, which a capped count cannot tell.
    const [fetched, counted] = await Promise.all([
      this.repository.lowStockPage(this.db, tenantId, page.per_page + 1, offsetOf(page)),
      this.repository.lowStockCountUpToLimit(this.db, tenantId),
    ]);
    const rows = fetched.slice(0, page.per_page);
    const items = rows.map((c) => {
      const available = c.quantity_on_hand - c.quantity_reserved;
      return {
        product_id: c.product_id,
        sku: c.sku,
        name: c.name,
        warehouse_id: c.warehouse_id,
        quantity_available: available,
        reorder_point: c.reorder_point,
        status: 'low_stock' as const,
        urgency: urgencyOf(available, c.reorder_point),
      };
    });
    return { items, ...pageTotal(page, counted, items.length, fetched.length > page.per_page) };
  }

  /**
   * The reorder report: a page of its lines (one per record at or below its reorder point, most urgent first as
   * the low-stock list; of one warehouse, or of one supplier's products, when the filters say) and the summary
   * over every line they keep. The summary is summed in the database; backordered demand, which is derived from
   * sales order lines, is added to it for the few products that have both a low record and waiting orders.
   * Purchase dates and usage are read for the page's lines only.
   */
  async report(tenantId: string, page: PageRequest, filters: ReorderReportFilters = {}) {
    const [lines, sums, demand] = await Promise.all([
      this.repository.reportPage(this.db, tenantId, filters, page),
      this.repository.summaryGroups(this.db, tenantId, filters),
      this.backorders(this.db, tenantId, PRODUCTS_LOW_ON_STOCK),
    ]);
    // A product's backordered demand goes to one of its low records among all of them, filtered or not, so that
    // a filter never moves it onto another warehouse's line.
    const demanded = await this.repository.lowRecordsOf(this.db, tenantId, [...demand.keys()]);
    const shares = backorderShares(demanded, demand);
    const needs = lines.map((c) => this.need(c, shares.get(c.record_id) ?? 0));
    const productIds = [...new Set(lines.map((c) => c.product_id))];
    const [purchases, usage] = await Promise.all([
      this.repository.lastPurchaseDates(this.db, tenantId, productIds),
      this.repository.usageSince(this.db, tenantId, productIds, usageWindowStart(this.clock.now())),
    ]);
    const kept = (c: ReorderCandidate) =>
      (filters.warehouseId === undefined || c.warehouse_id === filters.warehouseId) &&
      (filters.supplierId === undefined || c.supplier_id === filters.supplierId);
    // What the demand adds to its line's suggestion: the sums above were taken without it.
    const extra = demanded
      .filter((c) => shares.has(c.record_id) && kept(c))
      .map((c) => {
        const without = this.need(c, 0);
        const withDemand = this.need(c, shares.get(c.record_id)!);
        return { candidate: c, quantity: withDemand.suggested - without.suggested };
      });
    return {
      items: needs.map((n) => this.line(n, purchases, usage)),
      // Every line the filters keep is in one group of the summary.
      total: sums.groups.reduce((sum, g) => sum + g.lines, 0),
      summary: summarize(sums, extra),
    };
  }

  /** What a low record needs ordered. */
  private need(c: ReorderCandidate, backordered: number) {
    const available = c.quantity_on_hand - c.quantity_reserved;
    const deficit = Math.max(c.reorder_point - available, 0) + backordered;
    const suggested = suggestedOrderQuantity(c.reorder_quantity, deficit);
    return { candidate: c, available, backordered, deficit, suggested };
  }

  private line(need: Need, purchases: Map<string, string>, usage: Map<string, number>) {
    const { candidate: c, available } = need;
    const daily = round2((usage.get(`${c.product_id}:${c.warehouse_id}`) ?? 0) / USAGE_WINDOW_DAYS);
    return {
      product_id: c.product_id,
      product_sku: c.sku,
      product_name: c.name,
      warehouse_id: c.warehouse_id,
      warehouse_name: c.warehouse_name,
      quantity_available: available,
      reorder_point: c.reorder_point,
      reorder_quantity: c.reorder_quantity,
      backordered_demand: need.backordered,
      deficit: need.deficit,
      suggested_order_quantity: need.suggested,
      preferred_supplier: c.supplier_id === null ? null : { id: c.supplier_id, name: c.supplier_name! },
      last_purchase_date: purchases.get(c.product_id) ?? null,
      average_daily_usage: daily,
      days_until_stockout: daily === 0 ? null : Math.floor(Math.max(available, 0) / daily),
    };
  }
}

type Need = ReturnType<ReorderService['need']>;

/**
 * The first UTC day of the usage window: the window is the last USAGE_WINDOW_DAYS days, today's included, as the
 * daily aggregate keeps them.
 */
export function usageWindowStart(now: Date): string {
  return usageDay(addDays(now, -(USAGE_WINDOW_DAYS - 1)).toISOString());
}

type SummarySums = Awaited<ReturnType<ReorderRepository['summaryGroups']>>;

interface Group {
  products_count: number;
  quantity: number;
  /** Value per currency, in minor units: converted once, at the end. */
  minor: Map<string, number>;
}

/**
 * The summary from the database's sums per warehouse, supplier and currency, plus what backordered demand adds
 * to the lines that count it (`extra`). Warehouses by name; suppliers by name, products without one last.
 */
function summarize(
  { groups, productsBySupplier }: SummarySums,
  extra: Array<{ candidate: ReorderCandidate; quantity: number }>,
) {
  const rows = [
    ...groups,
    ...extra.map(({ candidate: c, quantity }) => ({
      ...c,
      lines: 0,
      quantity,
      value_minor: (c.cost_price ?? 0) * quantity,
    })),
  ];
  const byWarehouse = new Map<string, Group & { warehouse_id: string; warehouse_name: string }>();
  const bySupplier = new Map<string | null, Group & { supplier_id: string | null; supplier_name: string | null }>();
  const empty = () => ({ products_count: 0, quantity: 0, minor: new Map<string, number>() });
  for (const row of rows) {
    const w = byWarehouse.get(row.warehouse_id) ?? {
      warehouse_id: row.warehouse_id,
      warehouse_name: row.warehouse_name,
      ...empty(),
    };
    const s = bySupplier.get(row.supplier_id) ?? {
      supplier_id: row.supplier_id,
      supplier_name: row.supplier_name,
      ...empty(),
      products_count: productsBySupplier.get(row.supplier_id) ?? 0,
    };
    w.products_count += row.lines;
    for (const g of [w, s]) {
      g.quantity += row.quantity;
      const currency = row.currency ?? DEFAULT_CURRENCY;
      g.minor.set(currency, (g.minor.get(currency) ?? 0) + row.value_minor);
    }
    byWarehouse.set(row.warehouse_id, w);
    bySupplier.set(row.supplier_id, s);
  }
  const value = (minor: Map<string, number>) =>
    [...minor].reduce((sum, [currency, amount]) => sum + fromMinorUnits(amount, currency), 0);
  const out = <T extends Group>({ minor, quantity, ...g }: T) => ({
    ...g,
    suggested_order_quantity: quantity,
    suggested_order_value: round2(value(minor)),
  });
  const warehouses = [...byWarehouse.values()].sort((a, b) => compareNames(a.warehouse_name, b.warehouse_name));
  const suppliers = [...bySupplier.values()].sort((a, b) => compareNames(a.supplier_name, b.supplier_name));
  return {
    total_products_needing_reorder: [...productsBySupplier.values()].reduce((sum, n) => sum + n, 0),
    total_suggested_order_value: round2(warehouses.reduce((sum, w) => sum + value(w.minor), 0)),
    by_warehouse: warehouses.map(out),
    by_supplier: suppliers.map(out),
  };
}

/** Names in order, a missing one last. */
function compareNames(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}
