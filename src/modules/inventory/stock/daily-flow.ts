// What counts as stock coming in and going out, for the daily aggregate the stock ledger keeps of it
// (stock_daily_flow) and the warehouse activity's totals: every movement of on-hand stock, its positive quantity
// in and its negative quantity out. Reservations and releases move reserved stock only, so they are neither.
import type { StockMovementType } from '../../../db/schema.js';
import { perDay, type DayMovement } from './usage.js';

/** The movements that move reserved stock only. */
export const RESERVED_ONLY_TYPES = ['reservation', 'release'] as const satisfies readonly StockMovementType[];

const RESERVED_ONLY: ReadonlySet<StockMovementType> = new Set(RESERVED_ONLY_TYPES);

/** Whether a movement of this type changes on-hand stock. */
export function movesOnHand(type: StockMovementType): boolean {
  return !RESERVED_ONLY.has(type);
}

/** One row of `stock_daily_flow`: units in and out of a product's on-hand stock in a warehouse on a UTC day. */
export interface DailyFlow {
  product_id: string;
  warehouse_id: string;
  day: string;
  units_in: number;
  units_out: number;
}

/** The flow of a batch of movements, summed per product, warehouse and UTC day; reserved-only movements left out. */
export function dailyFlowOf(movements: readonly DayMovement[]): DailyFlow[] {
  return perDay(movements.filter((m) => movesOnHand(m.type) && m.quantity !== 0)).map(
    ({ movements: moved, ...day }) => ({
      ...day,
      units_in: moved.reduce((sum, m) => sum + Math.max(m.quantity, 0), 0),
      units_out: moved.reduce((sum, m) => sum - Math.min(m.quantity, 0), 0),
    }),
  );
}
