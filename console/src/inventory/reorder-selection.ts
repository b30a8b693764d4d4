// The reorder report's rows a buyer ticked, with the quantities they will order, as the API's generate-reorders
// takes them; and its refusals (`lines.<n>` and `lines.<n>.product_id`) put back on the rows they name.

export interface ChosenLine {
  product_id: string;
  warehouse_id: string;
  product_name: string;
  warehouse_name: string;
  /** What the buyer will order: the report's suggestion until edited; '' while the field is empty. */
  quantity: number | string;
}

/** One row of the report: a product in a warehouse. */
export const lineKey = (productId: string, warehouseId: string) => `${productId}/${warehouseId}`;

/** The body of `POST …/purchase-orders/generate-reorders` for the chosen lines, in the order chosen. */
export function reorderBody(chosen: readonly ChosenLine[]) {
  return {
    lines: chosen.map((line) => ({
      product_id: line.product_id,
      warehouse_id: line.warehouse_id,
      quantity: Number(line.quantity),
    })),
  };
}

/** The API's errors of the lines sent (`lines.<n>…`, n the position in `chosen`), by the row's key. */
export function errorsByLine(errors: Record<string, string[]>, chosen: readonly ChosenLine[]): Map<string, string> {
  const byLine = new Map<string, string>();
  for (const [name, messages] of Object.entries(errors)) {
    const match = /^lines\.(\d+)(\.|$)/.exec(name);
    const line = match ? chosen[Number(match[1])] : undefined;
    if (line) byLine.set(lineKey(line.product_id, line.warehouse_id), messages.join(' '));
  }
  return byLine;
}
