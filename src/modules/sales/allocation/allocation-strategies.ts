// The allocation strategies (docs/sales.md, Allocation) as plain functions: given what each line still needs and
// what each warehouse has available, the reservations to make. No database, no clock: the same input always
// gives the same plan, which the allocator then applies through the stock ledger.
import type { AllocationStrategy } from '../../../db/schema.js';

/** What one order line still needs reserved, in the order the lines are served (their position). */
export interface LineDemand {
  lineId: string;
  productId: string;
  /** Positive: open quantity not yet reserved. */
  quantity: number;
}

/** A warehouse's available quantity of one product, with what ranks the warehouse. */
export interface WarehouseStock {
  warehouseId: string;
  productId: string;
  available: number;
  /** The tenant's rank of the warehouse, lowest first; null after every ranked one. */
  rank: number | null;
  name: string;
}

/** One reservation to make: a quantity of a line in a warehouse. */
export interface PlannedReservation {
  lineId: string;
  productId: string;
  warehouseId: string;
  quantity: number;
}

/** A warehouse as the strategies rank it. */
interface RankedWarehouse {
  warehouseId: string;
  rank: number | null;
  name: string;
}

/** Code-unit order, the same on every machine (localeCompare is not). */
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The tenant's order of warehouses: by rank (null last), then name, then id. */
export function byRank(a: RankedWarehouse, b: RankedWarehouse): number {
  if (a.rank !== b.rank) {
    if (a.rank === null) return 1;
    if (b.rank === null) return -1;
    return a.rank - b.rank;
  }
  return compare(a.name, b.name) || compare(a.warehouseId, b.warehouseId);
}

/** What is left to reserve, per warehouse and product, as the plan takes from it. */
class Availability {
  private readonly left = new Map<string, number>();
  readonly warehouses: RankedWarehouse[];

  constructor(stock: readonly WarehouseStock[]) {
    const warehouses = new Map<string, RankedWarehouse>();
    for (const s of stock) {
      if (s.available <= 0) continue;
      const key = Availability.key(s.warehouseId, s.productId);
      this.left.set(key, (this.left.get(key) ?? 0) + s.available);
      warehouses.set(s.warehouseId, { warehouseId: s.warehouseId, rank: s.rank, name: s.name });
    }
    this.warehouses = [...warehouses.values()].sort(byRank);
  }

  private static key(warehouseId: string, productId: string) {
    return `${warehouseId}\u0000${productId}`;
  }

  of(warehouseId: string, productId: string): number {
    return this.left.get(Availability.key(warehouseId, productId)) ?? 0;
  }

  take(warehouseId: string, productId: string, quantity: number): void {
    const key = Availability.key(warehouseId, productId);
    this.left.set(key, this.of(warehouseId, productId) - quantity);
  }

  copy(): Availability {
    const copy = Object.create(Availability.prototype) as Availability;
    Object.assign(copy, { left: new Map(this.left), warehouses: this.warehouses });
    return copy;
  }
}

/** Serves `line` from `warehouses` in the order given, as much as each has; answers what it still lacks. */
function fill(
  plan: PlannedReservation[],
  available: Availability,
  line: LineDemand,
  needed: number,
  warehouses: readonly RankedWarehouse[],
): number {
  let left = needed;
  for (const w of warehouses) {
    if (left === 0) break;
    const take = Math.min(left, available.of(w.warehouseId, line.productId));
    if (take <= 0) continue;
    plan.push({ lineId: line.lineId, productId: line.productId, warehouseId: w.warehouseId, quantity: take });
    available.take(w.warehouseId, line.productId, take);
    left -= take;
  }
  return left;
}

/** warehouse_priority: each line, in order, from the warehouses by rank, split when the first lacks some. */
function warehousePriority(lines: readonly LineDemand[], available: Availability): PlannedReservation[] {
  const plan: PlannedReservation[] = [];
  for (const line of lines) fill(plan, available, line, line.quantity, available.warehouses);
  return plan;
}

/** most_stock: each line, in order, from the warehouse with the most of its product left, then the next. */
function mostStock(lines: readonly LineDemand[], available: Availability): PlannedReservation[] {
  const plan: PlannedReservation[] = [];
  for (const line of lines) {
    const order = [...available.warehouses].sort(
      (a, b) =>
        available.of(b.warehouseId, line.productId) - available.of(a.warehouseId, line.productId) || byRank(a, b),
    );
    fill(plan, available, line, line.quantity, order);
  }
  return plan;
}

/** The lines (of `lines`, in order) that `warehouseId` can serve whole, each taking from what the ones before left. */
function coveredBy(warehouseId: string, lines: readonly LineDemand[], available: Availability): LineDemand[] {
  const trial = available.copy();
  const covered: LineDemand[] = [];
  for (const line of lines) {
    if (trial.of(warehouseId, line.productId) >= line.quantity) {
      trial.take(warehouseId, line.productId, line.quantity);
      covered.push(line);
    }
  }
  return covered;
}

/**
 * fewest_shipments: one warehouse that can serve every line whole, by rank, when there is one; else, again and
 * again, the warehouse that serves the most remaining lines whole (ties by rank). Lines no warehouse can serve
 * whole are then split, from the warehouses already chosen first (by rank), then the others by rank.
 */
function fewestShipments(lines: readonly LineDemand[], available: Availability): PlannedReservation[] {
  const plan: PlannedReservation[] = [];
  const chosen: RankedWarehouse[] = [];
  let remaining = [...lines];
  while (remaining.length > 0) {
    let best: { warehouse: RankedWarehouse; covered: LineDemand[] } | undefined;
    for (const w of available.warehouses) {
      if (chosen.includes(w)) continue;
      const covered = coveredBy(w.warehouseId, remaining, available);
      if (covered.length > (best?.covered.length ?? 0)) best = { warehouse: w, covered };
    }
    if (!best) break;
    chosen.push(best.warehouse);
    for (const line of best.covered) fill(plan, available, line, line.quantity, [best.warehouse]);
    remaining = remaining.filter((l) => !best.covered.includes(l));
  }
  const rest = [...chosen.sort(byRank), ...available.warehouses.filter((w) => !chosen.includes(w))];
  for (const line of remaining) fill(plan, available, line, line.quantity, rest);
  return plan;
}

/**
 * The reservations that serve `lines` (in their order) from `stock` by `strategy`. A line gets at most its
 * quantity, a warehouse gives at most what it has available of a product (shared by the lines of that product);
 * what the plan leaves short of a line's quantity is backordered. Reservations of one line in one warehouse are
 * one entry.
 */
export function planAllocation(
  strategy: AllocationStrategy,
  lines: readonly LineDemand[],
  stock: readonly WarehouseStock[],
): PlannedReservation[] {
  const available = new Availability(stock);
  const wanted = lines.filter((l) => l.quantity > 0);
  switch (strategy) {
    case 'warehouse_priority':
      return warehousePriority(wanted, available);
    case 'most_stock':
      return mostStock(wanted, available);
    case 'fewest_shipments':
      return fewestShipments(wanted, available);
  }
}

/** What of each line a plan leaves unserved: line id → quantity, lines served whole left out. */
export function shortfall(lines: readonly LineDemand[], plan: readonly PlannedReservation[]): Map<string, number> {
  const planned = new Map<string, number>();
  for (const p of plan) planned.set(p.lineId, (planned.get(p.lineId) ?? 0) + p.quantity);
  const short = new Map<string, number>();
  for (const l of lines) {
    const left = l.quantity - (planned.get(l.lineId) ?? 0);
    if (left > 0) short.set(l.lineId, (short.get(l.lineId) ?? 0) + left);
  }
  return short;
}
