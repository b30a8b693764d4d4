// What a shipment's packing slip and pick list are made from: plain snapshots, free of database rows, and the
// rule of a pick list across shipments (one row per product, quantities summed, by SKU).
import type { DocumentAddress } from '../../purchasing/documents/purchase-order.document.js';

export interface DocumentLine {
  product_sku: string;
  product_name: string;
  quantity: number;
}

/** What every shipment document prints of its issuer and warehouse. */
export interface DocumentHeading {
  company_name: string;
  company_address: DocumentAddress | null;
  /** The tenant's IANA time zone (null: UTC), in which timestamps are printed. */
  time_zone: string | null;
  warehouse: { name: string; code: string; address: DocumentAddress | null };
}

/** A shipment's packing slip: what goes in the parcel, for its recipient. */
export interface PackingSlipDocument extends DocumentHeading {
  shipment_number: string;
  order_number: string;
  status: string;
  created_at: string;
  shipped_at: string | null;
  ship_to: { name: string; address: DocumentAddress | null };
  carrier: string | null;
  service: string | null;
  tracking_numbers: string[];
  notes: string | null;
  lines: DocumentLine[];
}

/** A pick list: what to take from the warehouse's shelves for one shipment or several. */
export interface PickListDocument extends DocumentHeading {
  /** The list's title number: the shipment's, or the first of several with their count. */
  reference: string;
  /** The shipments it gathers, with their orders. */
  shipments: Array<{ shipment_number: string; order_number: string }>;
  lines: DocumentLine[];
}

/** Code-unit order, the same on every machine (localeCompare is not). */
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * One row per product over the lines of every shipment, quantities summed, sorted by SKU (then name, then id):
 * the order a picker walks the shelves in.
 */
export function pickListLines(
  lines: ReadonlyArray<{ product_id: string; product_sku: string | null; product_name: string; quantity: number }>,
): DocumentLine[] {
  const byProduct = new Map<string, { id: string; product_sku: string; product_name: string; quantity: number }>();
  for (const line of lines) {
    const seen = byProduct.get(line.product_id);
    if (seen) seen.quantity += line.quantity;
    else
      byProduct.set(line.product_id, {
        id: line.product_id,
        product_sku: line.product_sku ?? '',
        product_name: line.product_name,
        quantity: line.quantity,
      });
  }
  return [...byProduct.values()]
    .sort(
      (a, b) => compare(a.product_sku, b.product_sku) || compare(a.product_name, b.product_name) || compare(a.id, b.id),
    )
    .map(({ product_sku, product_name, quantity }) => ({ product_sku, product_name, quantity }));
}
