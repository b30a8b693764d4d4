// The form's running totals while lines are edited: each line's quantity times its unit cost, rounded as the
// API rounds money (half away from zero to the minor unit), and their sum. The saved order's totals come
// from the API.

export interface DraftLine {
  quantity: number | string;
  unit_price: number | string;
}

/** A number typed into a field, or 0 while it is empty or not a number. */
function numeric(value: number | string): number {
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number : 0;
}

/** Rounds half away from zero to `digits` decimals (cents for most currencies). */
export function roundMoney(amount: number, digits = 2): number {
  const factor = 10 ** digits;
  const scaled = Math.abs(amount) * factor;
  // The epsilon keeps 1.005 (stored as 1.00499…) rounding up, as typed.
  const rounded = Math.round(scaled + Number.EPSILON * scaled * 4) / factor;
  return Math.sign(amount) * rounded;
}

export function lineTotal(line: DraftLine): number {
  return roundMoney(numeric(line.quantity) * roundMoney(numeric(line.unit_price)));
}

export function linesSubtotal(lines: readonly DraftLine[]): number {
  return roundMoney(lines.reduce((sum, line) => sum + lineTotal(line), 0));
}
