// Wires the allocator (docs/sales.md, Allocation) on the stock ledger: the orders call it, and the ledger calls
// its arrival hook when stock arrives.
import type { StockLedger } from '../../inventory/stock/index.js';
import { AllocationRepository } from './allocation.repository.js';
import { OrderAllocator } from './order-allocator.js';

export function createAllocation(deps: { stock: StockLedger }) {
  return new OrderAllocator({ repository: new AllocationRepository(), stock: deps.stock });
}

export { OrderAllocator } from './order-allocator.js';
export type { OrderAllocation } from './order-allocation.js';
