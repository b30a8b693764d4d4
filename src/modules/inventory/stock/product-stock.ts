// The product side of the stock ledger: the catalog owns the products table and keeps each product's stock
// totals and status through its product repository, which the ledger is given as this narrow interface.
import type { ProductStatus } from '../../../db/schema.js';
import type { Executor } from '../../../db/transaction.js';

/**
 * A product's stock totals after a change, for the status automation and low-stock detection, with the name
 * and SKU that the changed record's resource shows.
 */
export interface ProductTotals {
  stock_quantity: number;
  reserved_quantity: number;
  reorder_point: number | null;
  name: string;
  sku: string;
  status: ProductStatus;
  track_inventory: boolean;
}

/**
 * The product side of every stock change, kept by the catalog's product repository: the product's totals
 * (the sums of its records) and the status they imply. Each runs in the caller's transaction.
 */
export interface ProductStock {
  /**
   * Adds to the product's on-hand and reserved totals; answers the totals after the change. A change on hand
   * also moves a tracked product between active and out_of_stock as its new total says.
   */
  changeStockTotals(
    db: Executor,
    tenantId: string,
    productId: string,
    change: { onHand: number; reserved: number },
    at: string,
  ): Promise<ProductTotals | undefined>;
  /** `changeStockTotals` of on-hand additions to many distinct products at once. */
  addStockTotals(
    db: Executor,
    tenantId: string,
    additions: ReadonlyArray<{ productId: string; onHand: number }>,
    at: string,
  ): Promise<void>;
  /** Adds `onHand` to the on-hand total of each product. */
  addStockToMany(
    db: Executor,
    tenantId: string,
    productIds: readonly string[],
    onHand: number,
    at: string,
  ): Promise<void>;
}
