// A return as the dialog asks for it (per order line: how many go back to stock, how many do not) and as the
// API takes it (an entry per line and restock choice), with the API's refusals of an entry put back at the
// dialog's field it came from.

export interface ReturnableLine {
  id: string;
  product_name: string;
  product_sku: string | null;
  quantity_shipped: number;
  quantity_returned: number;
}

/** The units of a line the customer may still send back: shipped less returned before. */
export const returnable = (line: ReturnableLine): number => Math.max(0, line.quantity_shipped - line.quantity_returned);

export interface ReturnLineValues {
  order_line_id: string;
  /** Back on the shelf in the return's warehouse. */
  restock: number | string;
  /** Recorded as returned, kept out of stock (damaged, kept for inspection). */
  discard: number | string;
}

export interface ReturnEntry {
  order_line_id: string;
  quantity: number;
  restock: boolean;
}

/** The API's lines and, for each, the dialog's field it came from (`lines.2.discard`). */
export function returnEntries(lines: readonly ReturnLineValues[]): { entries: ReturnEntry[]; fields: string[] } {
  const entries: ReturnEntry[] = [];
  const fields: string[] = [];
  lines.forEach((line, index) => {
    for (const restock of [true, false]) {
      const quantity = Number(restock ? line.restock : line.discard) || 0;
      if (quantity <= 0) continue;
      entries.push({ order_line_id: line.order_line_id, quantity, restock });
      fields.push(`lines.${index}.${restock ? 'restock' : 'discard'}`);
    }
  });
  return { entries, fields };
}

/** The API's field errors with each `lines.<n>.…` renamed to the dialog's field of entry n. */
export function errorsAtDialogFields(
  errors: Readonly<Record<string, string[]>>,
  fields: readonly string[],
): Record<string, string[]> {
  const placed: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(errors)) {
    const entry = /^lines\.(\d+)\.(?:quantity|order_line_id|restock)$/.exec(name);
    const target = entry ? (fields[Number(entry[1])] ?? name) : name;
    placed[target] = [...(placed[target] ?? []), ...messages];
  }
  return placed;
}
