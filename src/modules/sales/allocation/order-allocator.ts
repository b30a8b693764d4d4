// The allocator (docs/sales.md, Allocation): reserves an order's open demand across warehouses by the tenant's
// strategy, releases what its lines hold, and hands stock that arrives to lines waiting for it. Every call runs in
// its caller's transaction; reservations and releases go through the stock ledger.
import type { Transaction } from 'kysely';
import { BusinessRuleError, NotFoundError } from '../../../core/errors.js';
import type { DB } from '../../../db/schema.js';
import type { LineReservation, StockArrival, StockArrivalHook, StockLedger } from '../../inventory/stock/index.js';
import { planAllocation, type LineDemand, type PlannedReservation } from './allocation-strategies.js';
import type { AllocationRepository, OpenLine } from './allocation.repository.js';
import type {
  AllocationOutcome,
  AllocationRequest,
  LineAllocation,
  LineBackorder,
  OrderAllocation,
  ReleaseRequest,
} from './order-allocation.js';

/** Plans applied before what is still missing is backordered: a refusal (stock taken meanwhile) plans again. */
const PLAN_ATTEMPTS = 4;

/** Orders locked and served per step when stock arrives for many waiting lines. */
const WAITING_BATCH = 100;

export const SALES_ORDER_REFERENCE = 'sales_order';

export interface OrderAllocatorDeps {
  repository: AllocationRepository;
  stock: StockLedger;
}

/** Code-unit order, the same on every machine (localeCompare is not). */
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Reservations in the order every transaction takes the records: warehouse, then product. */
const byRecord = (a: PlannedReservation, b: PlannedReservation) =>
  compare(a.warehouseId, b.warehouseId) || compare(a.productId, b.productId) || compare(a.lineId, b.lineId);

const isRefusal = (error: unknown) => error instanceof BusinessRuleError && error.code === 'insufficient_stock';

export class OrderAllocator implements OrderAllocation {
  private readonly repository: AllocationRepository;
  private readonly stock: StockLedger;

  constructor(deps: OrderAllocatorDeps) {
    this.repository = deps.repository;
    this.stock = deps.stock;
  }

  /**
   * Locks the order, reads what its lines still need (open - allocated), plans by the tenant's strategy from the
   * stock of active warehouses (records locked in (warehouse, product) order) and reserves it in that order. A
   * reservation refused because the stock went meanwhile plans again for what remains; what no plan can serve
   * is backordered. Never reserves more than a line's open quantity, and a line that holds more than is open
   * (its quantity cut without a release) gives the excess back, so that after it no line holds more than it
   * has to ship.
   * @throws NotFoundError('Sales order') for an unknown, deleted or other tenant's order.
   */
  async allocate(trx: Transaction<DB>, request: AllocationRequest): Promise<AllocationOutcome> {
    const { tenantId, orderId } = request;
    if (!(await this.repository.lockOrder(trx, tenantId, orderId))) throw new NotFoundError('Sales order');
    const lines = await this.repository.lines(trx, tenantId, orderId, request.lineIds);
    // A line that holds more than is open (its quantity was cut) gives the excess back first, newest first.
    for (const line of lines.filter((l) => l.allocated > l.open)) {
      const { quantity } = await this.stock.releaseOrderLine(trx, {
        tenantId,
        orderLineId: line.id,
        quantity: line.allocated - Math.max(line.open, 0),
        referenceType: SALES_ORDER_REFERENCE,
        referenceId: orderId,
        userId: request.userId,
      });
      line.allocated -= quantity;
    }
    const demand: LineDemand[] = lines
      .map((l) => ({ lineId: l.id, productId: l.product_id, quantity: l.open - l.allocated }))
      .filter((d) => d.quantity > 0);
    const allocations = await this.reserveDemand(trx, tenantId, orderId, request.userId, demand);
    return { allocations, backordered: backorders(lines, allocations) };
  }

  /**
   * Releases the active reservations of the order's lines (or of one line, up to a quantity, newest first)
   * through the stock ledger; answers the quantity released.
   * @throws NotFoundError('Sales order').
   */
  async release(trx: Transaction<DB>, request: ReleaseRequest): Promise<number> {
    const { tenantId, orderId } = request;
    if (!(await this.repository.lockOrder(trx, tenantId, orderId))) throw new NotFoundError('Sales order');
    const lineIds = request.lineId ? [request.lineId] : undefined;
    const lines = await this.repository.lines(trx, tenantId, orderId, lineIds);
    let released = 0;
    for (const line of lines) {
      if (line.allocated === 0) continue;
      const { quantity } = await this.stock.releaseOrderLine(trx, {
        tenantId,
        orderLineId: line.id,
        quantity: request.quantity,
        referenceType: SALES_ORDER_REFERENCE,
        referenceId: orderId,
        userId: request.userId,
      });
      released += quantity;
    }
    return released;
  }

  /**
   * The stock ledger's arrival hook: what became available of each product in each warehouse goes to the lines
   * waiting for it (waitingLines' order), while the tenant allocates backorders. Orders another transaction holds
   * are skipped, never waited for: their own allocation reads the stock after this transaction commits.
   */
  readonly arrivals: StockArrivalHook = async (trx, tenantId, arrivals, userId) => {
    const productIds = [...new Set(arrivals.map((a) => a.productId))].sort(compare);
    const waiting = await this.repository.waitingLines(trx, tenantId, productIds);
    if (waiting.length === 0) return 0;
    const warehouseIds = [...new Set(arrivals.map((a) => a.warehouseId))].sort(compare);
    const stock = await this.repository.available(trx, tenantId, productIds, { lock: true, warehouseIds });
    const arrived = new Set(arrivals.map((a) => `${a.warehouseId}/${a.productId}`));
    const left = new Map<string, StockArrival & { available: number }>();
    for (const s of stock) {
      const key = `${s.warehouse_id}/${s.product_id}`;
      if (arrived.has(key) && s.available > 0)
        left.set(key, { productId: s.product_id, warehouseId: s.warehouse_id, available: s.available });
    }
    const orderIds = [...new Set(waiting.map((w) => w.order_id))];
    const planned: LineReservation[] = [];
    for (let start = 0; start < orderIds.length && left.size > 0; start += WAITING_BATCH) {
      const batch = orderIds.slice(start, start + WAITING_BATCH);
      const free = await this.repository.lockFreeOrders(trx, tenantId, batch);
      const fresh = new Map(
        (await this.repository.linesOfOrders(trx, tenantId, [...free], productIds)).map((l) => [l.id, l]),
      );
      for (const w of waiting) {
        if (!free.has(w.order_id)) continue;
        const line = fresh.get(w.id);
        if (!line) continue;
        let need = line.open - line.allocated;
        // Warehouses of the product in id order: the order the records are locked in.
        for (const source of [...left.values()].filter((s) => s.productId === line.product_id)) {
          if (need <= 0) break;
          const quantity = Math.min(need, source.available);
          planned.push({
            productId: line.product_id,
            warehouseId: source.warehouseId,
            orderLineId: line.id,
            quantity,
            referenceId: line.order_id,
          });
          need -= quantity;
          source.available -= quantity;
          if (source.available === 0) left.delete(`${source.warehouseId}/${source.productId}`);
        }
      }
    }
    // The plan takes no more than the locked records hold, so the ledger refuses none of it.
    await this.stock.reserveForLines(
      trx,
      { tenantId, referenceType: SALES_ORDER_REFERENCE, reason: 'Backorder allocated', userId },
      planned,
    );
    const reserved = planned.reduce((sum, p) => sum + p.quantity, 0);
    return reserved;
  };

  /** Plans and reserves `demand`, planning again after a refusal; answers the reservations made. */
  private async reserveDemand(
    trx: Transaction<DB>,
    tenantId: string,
    orderId: string,
    userId: string | null,
    demand: LineDemand[],
  ): Promise<LineAllocation[]> {
    const allocations: LineAllocation[] = [];
    if (demand.length === 0) return allocations;
    const { allocation_strategy: strategy } = await this.repository.settings(trx, tenantId);
    const productIds = [...new Set(demand.map((d) => d.productId))].sort(compare);
    let wanted = demand;
    for (let attempt = 1; attempt <= PLAN_ATTEMPTS && wanted.length > 0; attempt += 1) {
      const stock = await this.repository.available(trx, tenantId, productIds, { lock: attempt === 1 });
      const plan = planAllocation(
        strategy,
        wanted,
        stock.map((s) => ({
          warehouseId: s.warehouse_id,
          productId: s.product_id,
          available: s.available,
          rank: s.allocation_rank,
          name: s.name,
        })),
      ).sort(byRecord);
      if (plan.length === 0) break;
      let refused = false;
      for (const p of plan) {
        try {
          const { reservation } = await this.stock.applyReservation(trx, {
            tenantId,
            productId: p.productId,
            warehouseId: p.warehouseId,
            quantity: p.quantity,
            orderLineId: p.lineId,
            referenceType: SALES_ORDER_REFERENCE,
            referenceId: orderId,
            userId,
          });
          allocations.push({
            order_line_id: p.lineId,
            product_id: p.productId,
            warehouse_id: p.warehouseId,
            quantity: p.quantity,
            reservation_id: reservation.id,
          });
        } catch (error) {
          if (!isRefusal(error)) throw error;
          refused = true;
        }
      }
      if (!refused) break;
      const got = new Map<string, number>();
      for (const a of allocations) got.set(a.order_line_id, (got.get(a.order_line_id) ?? 0) + a.quantity);
      wanted = demand
        .map((d) => ({ ...d, quantity: d.quantity - (got.get(d.lineId) ?? 0) }))
        .filter((d) => d.quantity > 0);
    }
    return allocations;
  }
}

/** What each line still lacks after `allocations`: open - (allocated before + reserved now), where positive. */
function backorders(lines: readonly OpenLine[], allocations: readonly LineAllocation[]): LineBackorder[] {
  const got = new Map<string, number>();
  for (const a of allocations) got.set(a.order_line_id, (got.get(a.order_line_id) ?? 0) + a.quantity);
  return lines
    .map((l) => ({
      order_line_id: l.id,
      product_id: l.product_id,
      quantity: l.open - l.allocated - (got.get(l.id) ?? 0),
    }))
    .filter((b) => b.quantity > 0);
}
