// A receipt as the receive dialog holds it (a row per order line still pending) and as the API takes it (only the
// lines with a quantity, by order line id). The API names its 422s by the position in what was sent
// (`items.0.quantity_received`); they are renamed to the dialog's row (`lines.2.quantity_received`).
import type { PurchaseOrderItem } from './api';

export interface ReceiveLine {
  purchase_order_item_id: string;
  product_id: string;
  product_name: string;
  product_sku: string | null;
  outstanding: number;
  quantity_received: number | string;
  quality_check_passed: boolean;
  quality_notes: string;
}

export interface ReceiveValues extends Record<string, unknown> {
  received_date: string;
  notes: string;
  /** Overall: the API applies them to failed lines that carry none. */
  quality_notes: string;
  lines: ReceiveLine[];
}

/**
 * A row per line with something still to come, starting at what is outstanding: a delivery usually matches
 * the order, so the receiver corrects the short lines instead of typing every one.
 */
export function receiveLines(items: readonly PurchaseOrderItem[]): ReceiveLine[] {
  return items
    .filter((item) => item.quantity_remaining > 0)
    .map((item) => ({
      purchase_order_item_id: item.id,
      product_id: item.product_id,
      product_name: item.product_name,
      product_sku: item.product_sku,
      outstanding: item.quantity_remaining,
      quantity_received: item.quantity_remaining,
      quality_check_passed: true,
      quality_notes: '',
    }));
}

/** Every row set to what is outstanding (`all`) or to nothing received. */
export function setAllReceived(lines: readonly ReceiveLine[], all: boolean): ReceiveLine[] {
  return lines.map((line) => ({ ...line, quantity_received: all ? line.outstanding : 0 }));
}

/** What a scan did to the receipt: the lines with one more unit, or why it was refused. */
export type ReceiveScan = { lines: ReceiveLine[]; refusal: null } | { lines: null; refusal: string };

/**
 * One scanned unit of `product` received: its line (the first of its lines with room left) counts one more.
 * The first scan of a receipt starts every line at 0, as the lines start at what is outstanding for a delivery
 * received without scanning; from then on the scans count what arrived. A product the order is not waiting
 * for is refused, and so is a unit beyond what is outstanding.
 */
export function receiveScanned(
  lines: readonly ReceiveLine[],
  product: { id: string; name: string },
  firstScan: boolean,
): ReceiveScan {
  const start = firstScan ? setAllReceived(lines, false) : lines;
  const own = start.filter((line) => line.product_id === product.id);
  if (own.length === 0)
    return { lines: null, refusal: `${product.name} is not on this order, or nothing of it is outstanding.` };
  const received = (line: ReceiveLine) => Number(line.quantity_received) || 0;
  const target = own.find((line) => received(line) < line.outstanding);
  if (!target) {
    const outstanding = own.reduce((sum, line) => sum + line.outstanding, 0);
    return { lines: null, refusal: `All ${outstanding} outstanding of ${product.name} are counted already.` };
  }
  return {
    lines: start.map((line) => (line === target ? { ...line, quantity_received: received(line) + 1 } : line)),
    refusal: null,
  };
}

export function buildReceiveBody(values: ReceiveValues) {
  const sentRows: number[] = [];
  const items = values.lines.flatMap((line, row) => {
    const quantity = Number(line.quantity_received);
    // An empty or zero row is a line not delivered this time; anything else (negative, fractional) goes to the API to judge.
    if (line.quantity_received === '' || quantity === 0) return [];
    sentRows.push(row);
    return [
      {
        purchase_order_item_id: line.purchase_order_item_id,
        quantity_received: quantity,
        quality_check_passed: line.quality_check_passed,
        quality_notes: line.quality_notes.trim() || null,
      },
    ];
  });
  return {
    body: {
      items,
      received_date: values.received_date || undefined,
      notes: values.notes.trim() || null,
      quality_notes: values.quality_notes.trim() || null,
    },
    /** sentRows[i] is the dialog row of the i-th line sent. */
    sentRows,
  };
}

/** The API's `items.N.field` errors renamed to the dialog's `lines.<row>.field`; the others kept as they are. */
export function remapLineErrors(
  errors: Record<string, string[]>,
  sentRows: readonly number[],
): Record<string, string[]> {
  const renamed: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(errors)) {
    const match = /^items\.(\d+)\.(.+)$/.exec(name);
    const row = match ? sentRows[Number(match[1])] : undefined;
    renamed[match && row !== undefined ? `lines.${row}.${match[2]}` : name] = messages;
  }
  return renamed;
}
