// The plain rules of shipping reserved stock, apart from the statements that apply them: the quantities a
// shipment takes per product (one conditional update each, in product order) and per order line (the
// reservations it consumes), and the on-hand quantity each of its movements leaves.

/** One line of a shipment: a quantity of an order line's product. */
export interface ShipLine {
  orderLineId: string;
  productId: string;
  quantity: number;
}

/** Code-unit order, the same on every machine (localeCompare is not). */
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The total quantity per product, products in id order: the order in which their records are locked. */
export function quantitiesPerProduct(lines: readonly ShipLine[]): Array<{ productId: string; quantity: number }> {
  const totals = new Map<string, number>();
  for (const line of lines) totals.set(line.productId, (totals.get(line.productId) ?? 0) + line.quantity);
  return [...totals].sort(([a], [b]) => compare(a, b)).map(([productId, quantity]) => ({ productId, quantity }));
}

/** The total quantity per order line (a line named twice counts once, with both quantities), in first-seen order. */
export function quantitiesPerLine(
  lines: readonly ShipLine[],
): Array<{ orderLineId: string; productId: string; quantity: number }> {
  const totals = new Map<string, { orderLineId: string; productId: string; quantity: number }>();
  for (const line of lines) {
    const seen = totals.get(line.orderLineId);
    if (seen) seen.quantity += line.quantity;
    else totals.set(line.orderLineId, { ...line });
  }
  return [...totals.values()];
}

/**
 * The on-hand quantity after each line's movement, in the order of `lines`, given what each product holds
 * on hand after the whole shipment: the movements of one product count down from what it held before.
 */
export function onHandAfterEach(lines: readonly ShipLine[], onHandAfter: ReadonlyMap<string, number>): number[] {
  const left = new Map<string, number>();
  for (const { productId, quantity } of quantitiesPerProduct(lines))
    left.set(productId, (onHandAfter.get(productId) ?? 0) + quantity);
  return lines.map(({ productId, quantity }) => {
    const after = left.get(productId)! - quantity;
    left.set(productId, after);
    return after;
  });
}

/** Whether every quantity is a positive integer. */
export function validShipLines(lines: readonly ShipLine[]): boolean {
  return lines.length > 0 && lines.every((l) => Number.isInteger(l.quantity) && l.quantity > 0);
}
