// Reorder points: per-record settings, the low-stock list with urgency bands, and the reorder report with
// suggested quantities, usage and the summary by warehouse and supplier.
import { NotFoundError, ValidationError } from '../../../core/errors.js';
import type { Precondition } from '../../../core/precondition.js';
import { inTransaction, type Executor } from '../../../db/transaction.js';
import { addDays, type Clock } from '../../../lib/clock.js';
import { DEFAULT_CURRENCY, fromMinorUnits } from '../../../lib/money.js';
import { noBackorders, type BackorderedDemand } from '../availability/stock-demand.js';
import type { StockLedger } from '../stock/stock-ledger.js';
import type { InventoryResource } from '../stock/stock.presenter.js';
import type { WarehouseService } from '../warehouses/warehouse.service.js';
import type { ReorderCandidate, ReorderRepository } from './reorder.repository.js';
import type { ReorderSettingsBody } from './reorder.schemas.js';
import { backorderShares } from './backorder-share.js';

export type Urgency = 'critical' | 'high' | 'medium' | 'low';
const URGENCY_RANK: Record<Urgency, number> = { critical: 0, high: 1, medium: 2, low: 3 };
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

  /** Records whose available stock is at or below their reorder point, most urgent first. */
  async lowStock(tenantId: string) {
    const rows = (await this.repository.candidates(this.db, tenantId)).map((c) => {
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
    return rows.sort(
      (a, b) =>
        URGENCY_RANK[a.urgency] - URGENCY_RANK[b.urgency] ||
        a.quantity_available / Math.max(a.reorder_point, 1) - b.quantity_available / Math.max(b.reorder_point, 1) ||
        a.sku.localeCompare(b.sku),
    );
  }

  /** The reorder report: one line per record at or below its reorder point, and the summary. */
  async report(tenantId: string) {
    const candidates = await this.repository.candidates(this.db, tenantId);
    const productIds = [...new Set(candidates.map((c) => c.product_id))];
    const now = this.clock.now();
    const [purchases, consumption, demand] = await Promise.all([
      this.repository.lastPurchaseDates(this.db, tenantId, productIds),
      this.repository.consumption(this.db, tenantId, productIds, addDays(now, -USAGE_WINDOW_DAYS).toISOString()),
      this.backorders(this.db, tenantId, productIds),
    ]);
    const shares = backorderShares(candidates, demand);
    const lines = candidates.map((c) => this.line(c, purchases, consumption, shares.get(c.record_id) ?? 0));
    return { data: lines.map((l) => l.line), summary: summarize(lines) };
  }

  private line(
    c: ReorderCandidate,
    purchases: Map<string, string>,
    consumption: Map<string, number>,
    backordered: number,
  ) {
    const available = c.quantity_on_hand - c.quantity_reserved;
    const deficit = Math.max(c.reorder_point - available, 0) + backordered;
    const suggested = suggestedOrderQuantity(c.reorder_quantity, deficit);
    const usage = round2((consumption.get(`${c.product_id}:${c.warehouse_id}`) ?? 0) / USAGE_WINDOW_DAYS);
    const value = c.cost_price === null ? 0 : fromMinorUnits(c.cost_price * suggested, c.currency ?? DEFAULT_CURRENCY);
    return {
      value,
      line: {
        product_id: c.product_id,
        product_sku: c.sku,
        product_name: c.name,
        warehouse_id: c.warehouse_id,
        warehouse_name: c.warehouse_name,
        quantity_available: available,
        reorder_point: c.reorder_point,
        reorder_quantity: c.reorder_quantity,
        backordered_demand: backordered,
        deficit,
        suggested_order_quantity: suggested,
        preferred_supplier: c.supplier_id === null ? null : { id: c.supplier_id, name: c.supplier_name! },
        last_purchase_date: purchases.get(c.product_id) ?? null,
        average_daily_usage: usage,
        days_until_stockout: usage === 0 ? null : Math.floor(Math.max(available, 0) / usage),
      },
    };
  }
}

type ReportLine = ReturnType<ReorderService['line']>;

interface Group {
  products: Set<string>;
  suggested_order_quantity: number;
  suggested_order_value: number;
}

function summarize(lines: ReportLine[]) {
  const byWarehouse = new Map<string, Group & { warehouse_id: string; warehouse_name: string }>();
  const bySupplier = new Map<string | null, Group & { supplier_id: string | null; supplier_name: string | null }>();
  for (const { line, value } of lines) {
    const w = byWarehouse.get(line.warehouse_id) ?? {
      warehouse_id: line.warehouse_id,
      warehouse_name: line.warehouse_name,
      products: new Set(),
      suggested_order_quantity: 0,
      suggested_order_value: 0,
    };
    const supplierId = line.preferred_supplier?.id ?? null;
    const s = bySupplier.get(supplierId) ?? {
      supplier_id: supplierId,
      supplier_name: line.preferred_supplier?.name ?? null,
      products: new Set(),
      suggested_order_quantity: 0,
      suggested_order_value: 0,
    };
    for (const g of [w, s]) {
      g.products.add(line.product_id);
      g.suggested_order_quantity += line.suggested_order_quantity;
      g.suggested_order_value += value;
    }
    byWarehouse.set(line.warehouse_id, w);
    bySupplier.set(supplierId, s);
  }
  const out = <T extends Group>({ products, ...g }: T) => ({
    ...g,
    products_count: products.size,
    suggested_order_value: round2(g.suggested_order_value),
  });
  return {
    total_products_needing_reorder: new Set(lines.map((l) => l.line.product_id)).size,
    total_suggested_order_value: round2(lines.reduce((sum, l) => sum + l.value, 0)),
    by_warehouse: [...byWarehouse.values()].map(out),
    by_supplier: [...bySupplier.values()].map(out),
  };
}
