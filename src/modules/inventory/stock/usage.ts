// What counts as usage of stock, for the reorder report's average daily usage and the daily aggregate the stock
// ledger keeps of it (stock_daily_usage): units taken out by a negative `adjustment` or by a `shipment` (stock sent
// out on sales orders). Transfers and count corrections move or correct stock, they do not use it; returns are
// not subtracted.
import type { StockMovementType } from '../../../db/schema.js';

/** The movements whose units taken out count as usage. */
export const USAGE_MOVEMENT_TYPES = ['adjustment', 'shipment'] as const satisfies readonly StockMovementType[];

const USAGE_TYPES: ReadonlySet<StockMovementType> = new Set(USAGE_MOVEMENT_TYPES);

/** The UTC day (YYYY-MM-DD) a timestamp falls on, as the daily aggregate keys it. */
export function usageDay(at: string): string {
  return new Date(at).toISOString().slice(0, 10);
}

/** What the daily aggregates read of a movement. */
export interface DayMovement {
  product_id: string;
  warehouse_id: string;
  type: StockMovementType;
  quantity: number;
  created_at: string;
}

/** A batch of movements grouped per product, warehouse and UTC day, in the order each group first appears. */
export function perDay<M extends DayMovement>(
  movements: readonly M[],
): Array<{ product_id: string; warehouse_id: string; day: string; movements: M[] }> {
  const groups = new Map<string, { product_id: string; warehouse_id: string; day: string; movements: M[] }>();
  for (const m of movements) {
    const day = usageDay(m.created_at);
    const key = `${m.product_id}:${m.warehouse_id}:${day}`;
    const group = groups.get(key) ?? { product_id: m.product_id, warehouse_id: m.warehouse_id, day, movements: [] };
    group.movements.push(m);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** The usage of a batch of movements, summed per product, warehouse and UTC day; movements that are not usage left out. */
export function dailyUsageOf(
  movements: readonly DayMovement[],
): Array<{ product_id: string; warehouse_id: string; day: string; quantity: number }> {
  return perDay(movements.filter((m) => USAGE_TYPES.has(m.type) && m.quantity < 0)).map(
    ({ movements: used, ...day }) => ({ ...day, quantity: -used.reduce((sum, m) => sum + m.quantity, 0) }),
  );
}
