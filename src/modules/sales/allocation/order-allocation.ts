// What the order lifecycle asks of allocation (docs/sales.md, Allocation): reserve stock for an order's open
// demand, release what its lines hold, and hand stock that arrives to lines waiting for it. Every call runs in the
// caller's transaction, so that a confirm, a cancel or a receipt commits with its reservations or not at all.
import type { Transaction } from 'kysely';
import type { DB } from '../../../db/schema.js';

/** A quantity of one order line reserved in one warehouse. */
export interface LineAllocation {
  order_line_id: string;
  product_id: string;
  warehouse_id: string;
  quantity: number;
  reservation_id: string;
}

/** What of one order line could not be reserved. */
export interface LineBackorder {
  order_line_id: string;
  product_id: string;
  quantity: number;
}

export interface AllocationOutcome {
  allocations: LineAllocation[];
  backordered: LineBackorder[];
}

export interface AllocationRequest {
  tenantId: string;
  orderId: string;
  userId: string | null;
  /** Only these lines; every line of the order when absent. */
  lineIds?: readonly string[];
}

export interface ReleaseRequest {
  tenantId: string;
  orderId: string;
  userId: string | null;
  /** Only this line; every line of the order when absent. */
  lineId?: string;
  /** At most this much of the line, newest reservation first; all it holds when absent. */
  quantity?: number;
}

export interface OrderAllocation {
  /**
   * Reserves, for each line, its open quantity (ordered - cancelled - shipped) not yet reserved, across
   * warehouses by the tenant's strategy; answers what was reserved where and what remains backordered.
   */
  allocate(trx: Transaction<DB>, request: AllocationRequest): Promise<AllocationOutcome>;
  /** Releases the active reservations of the order (or of one line, up to a quantity); answers the quantity released. */
  release(trx: Transaction<DB>, request: ReleaseRequest): Promise<number>;
}
