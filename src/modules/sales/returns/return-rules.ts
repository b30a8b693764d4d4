// The plain rules of a return (docs/sales.md, Returns): which order statuses take one, and how much of each
// order line may come back: never more than was shipped and is not returned yet, whatever the number of the
// request's entries naming the line.
import type { FieldErrors } from '../../../core/errors.js';
import type { SalesOrderStatus } from '../../../db/schema.js';

/** An order has goods with the customer once something shipped: only then can anything come back. */
export const RETURNABLE_STATUSES: readonly SalesOrderStatus[] = ['partially_shipped', 'shipped', 'completed'];

export const notReturnable = (status: SalesOrderStatus) =>
  `Cannot return goods of a sales order whose status is ${status}; only ${RETURNABLE_STATUSES.join(', ')} sales orders can have returns.`;

/** A line of the order, with what shipped and what came back of it. */
export interface ReturnableLine {
  id: string;
  position: number;
  product_sku: string | null;
  product_name: string;
  shipped: number;
  returned: number;
}

export interface RequestedLine {
  order_line_id: string;
  quantity: number;
}

/**
 * The field errors of the requested lines: an order line not on the order, and for each line whose entries
 * together ask for more than shipped - returned, each of its entries' quantity, naming the line.
 */
export function returnLineErrors(
  requested: readonly RequestedLine[],
  lines: ReadonlyMap<string, ReturnableLine>,
): FieldErrors {
  const errors: FieldErrors = {};
  const asked = new Map<string, number>();
  requested.forEach((entry, index) => {
    if (!lines.has(entry.order_line_id))
      errors[`lines.${index}.order_line_id`] = ['The selected order line id is not a line of this order.'];
    else asked.set(entry.order_line_id, (asked.get(entry.order_line_id) ?? 0) + entry.quantity);
  });
  requested.forEach((entry, index) => {
    const line = lines.get(entry.order_line_id);
    if (!line) return;
    const returnable = Math.max(line.shipped - line.returned, 0);
    const total = asked.get(line.id)!;
    if (total > returnable)
      errors[`lines.${index}.quantity`] = [
        `Cannot return ${total} of line ${line.position} (${line.product_sku ?? line.product_name}): ${line.shipped} shipped, ${line.returned} returned, ${returnable} returnable.`,
      ];
  });
  return errors;
}
