// A stand-in for the allocator while none is wired: it reserves nothing, answers every open quantity of the
// requested lines as backordered, and releases nothing (there is nothing to release). It implements the
// contract in order-allocation.ts so that the order lifecycle runs end to end without stock being reserved.
import type { Transaction } from 'kysely';
import type { DB } from '../../../db/schema.js';
import type { AllocationOutcome, AllocationRequest, OrderAllocation, ReleaseRequest } from './order-allocation.js';

/** What the stand-in needs: each requested line's product and open quantity (ordered − cancelled − shipped). */
export type OpenLines = (
  trx: Transaction<DB>,
  tenantId: string,
  orderId: string,
) => Promise<Array<{ id: string; product_id: string; open: number }>>;

export class UnallocatedOrders implements OrderAllocation {
  constructor(private readonly openLines: OpenLines) {}

  async allocate(trx: Transaction<DB>, request: AllocationRequest): Promise<AllocationOutcome> {
    const lines = await this.openLines(trx, request.tenantId, request.orderId);
    const wanted = request.lineIds ? new Set(request.lineIds) : null;
    return {
      allocations: [],
      backordered: lines
        .filter((line) => line.open > 0 && (wanted === null || wanted.has(line.id)))
        .map((line) => ({ order_line_id: line.id, product_id: line.product_id, quantity: line.open })),
    };
  }

  async release(_trx: Transaction<DB>, _request: ReleaseRequest): Promise<number> {
    return 0;
  }
}
