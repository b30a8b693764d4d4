// What availability and the reorder report read from the modules built after inventory: the backordered demand
// of sales orders and the goods still due on purchase orders. Each is handed over at construction as a narrow
// function (as customers are given their open orders, crm/customers/customer.open-orders.ts); without one, a
// product has none.
import type { Executor } from '../../../db/transaction.js';

/** The products a reorder report asks about all at once: every product with a record low on stock. */
export const PRODUCTS_LOW_ON_STOCK = 'low-on-stock';

/**
 * Per product of `products` (ids, or every product with a record low on stock), the units its open sales order
 * lines still wait for and hold no reservation of (the lines' backordered quantities); products with none are
 * absent.
 */
export type BackorderedDemand = (
  db: Executor,
  tenantId: string,
  products: readonly string[] | typeof PRODUCTS_LOW_ON_STOCK,
) => Promise<Map<string, number>>;

/** One purchase order line's goods still due: ordered - received - cancelled, into one warehouse. */
export interface IncomingLine {
  purchase_order_id: string;
  po_number: string;
  status: string;
  warehouse_id: string;
  quantity: number;
  /** The supplier's confirmed delivery date, else the order's expected one; null when neither is known. */
  expected_date: string | null;
}

/** The goods due for a product on purchase orders placed with suppliers, soonest first. */
export type IncomingStock = (db: Executor, tenantId: string, productId: string) => Promise<IncomingLine[]>;

export const noBackorders: BackorderedDemand = async () => new Map();
export const nothingIncoming: IncomingStock = async () => [];
