// The order form's running totals while lines are edited, as the API computes them (docs/sales.md, Fields): a
// line's total is quantity × unit price − its discount; the total is the subtotal − the order's discount +
// shipping + tax. Each amount rounded as the API rounds money. The saved order's totals come from the API.
import { roundMoney } from '../purchasing/totals';

export interface DraftLine {
  quantity: number | string;
  unit_price: number | string;
  discount_amount: number | string;
}

export interface DraftAmounts {
  discount_amount: number | string;
  shipping_amount: number | string;
  tax_amount: number | string;
}

/** A number typed into a field, or 0 while it is empty or not a number. */
function numeric(value: number | string): number {
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number : 0;
}

export function lineTotal(line: DraftLine): number {
  return roundMoney(
    numeric(line.quantity) * roundMoney(numeric(line.unit_price)) - roundMoney(numeric(line.discount_amount)),
  );
}

export function orderTotals(lines: readonly DraftLine[], amounts: DraftAmounts) {
  const subtotal = roundMoney(lines.reduce((sum, line) => sum + lineTotal(line), 0));
  const discount = roundMoney(numeric(amounts.discount_amount));
  const shipping = roundMoney(numeric(amounts.shipping_amount));
  const tax = roundMoney(numeric(amounts.tax_amount));
  return { subtotal, discount, shipping, tax, total: roundMoney(subtotal - discount + shipping + tax) };
}
