// The plain rules of an order's amounts and of its lines' derived quantities (docs/sales.md, Sales orders), apart
// from the SQL that reads their inputs, so that each is stated and tested once.
import type { SalesOrderStatus } from '../../../db/schema.js';
import { COMMITTED_STATUSES } from './order.states.js';

/** A line's price in minor units: quantity × unit price − the line's discount. */
export function lineTotal(line: { quantity: number; unit_price: number; discount_amount: number }): number {
  return line.quantity * line.unit_price - line.discount_amount;
}

/** The order's amounts in minor units: total = subtotal − discount + shipping + tax. */
export function orderTotals(
  lineTotals: readonly number[],
  amounts: { discount_amount: number; shipping_amount: number; tax_amount: number },
) {
  const subtotal = lineTotals.reduce((sum, total) => sum + total, 0);
  return {
    subtotal,
    ...amounts,
    total_amount: subtotal - amounts.discount_amount + amounts.shipping_amount + amounts.tax_amount,
  };
}

/**
 * Whether an order in `status` (and, on hold, held from `heldFrom`) owes its open quantities: confirmed and not
 * fully shipped. Only then is what is open and not allocated backordered.
 */
export function owesGoods(status: SalesOrderStatus, heldFrom: SalesOrderStatus | null): boolean {
  const effective = status === 'on_hold' ? heldFrom : status;
  return effective !== null && COMMITTED_STATUSES.includes(effective);
}

/** What remains to ship of a line: ordered − cancelled − shipped, never below 0. */
export function openQuantity(line: { quantity: number; cancelled_quantity: number }, shipped: number): number {
  return Math.max(0, line.quantity - line.cancelled_quantity - shipped);
}

/** What the order owes and has not reserved: open − allocated while it owes goods, else 0. */
export function backorderedQuantity(open: number, allocated: number, owes: boolean): number {
  return owes ? Math.max(0, open - allocated) : 0;
}
