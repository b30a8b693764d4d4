// Available to promise: what a product's stock and its goods due can still be promised to new orders once the
// orders already waiting for it (backordered demand) are served. Plain numbers, no storage.

export interface WarehouseSupply {
  warehouse_id: string;
  quantity_on_hand: number;
  quantity_reserved: number;
  quantity_incoming: number;
}

export interface WarehouseAvailability extends WarehouseSupply {
  quantity_available: number;
  /** The part of the product's backordered demand this warehouse's supply is counted against. */
  quantity_backordered: number;
  available_to_promise: number;
}

export interface AvailabilityTotals {
  quantity_on_hand: number;
  quantity_reserved: number;
  quantity_available: number;
  quantity_backordered: number;
  quantity_incoming: number;
  /** available + incoming - backordered: negative when the waiting orders need more than stock and goods due. */
  available_to_promise: number;
}

/**
 * Per warehouse and in total. Backordered demand belongs to no warehouse (a line takes stock wherever
 * allocation finds it): it is counted against the warehouses' supply (available + incoming) in the order given,
 * the allocation order, each up to its supply; what none covers shows only in the total's negative
 * available_to_promise.
 */
export function availableToPromise(
  warehouses: readonly WarehouseSupply[],
  backordered: number,
): { warehouses: WarehouseAvailability[]; totals: AvailabilityTotals } {
  let waiting = Math.max(backordered, 0);
  const rows = warehouses.map((w) => {
    const available = w.quantity_on_hand - w.quantity_reserved;
    const supply = Math.max(available, 0) + w.quantity_incoming;
    const charged = Math.min(waiting, supply);
    waiting -= charged;
    return {
      ...w,
      quantity_available: available,
      quantity_backordered: charged,
      available_to_promise: supply - charged,
    };
  });
  const sum = (pick: (w: WarehouseAvailability) => number) => rows.reduce((total, w) => total + pick(w), 0);
  const available = sum((w) => w.quantity_available);
  const incoming = sum((w) => w.quantity_incoming);
  return {
    warehouses: rows,
    totals: {
      quantity_on_hand: sum((w) => w.quantity_on_hand),
      quantity_reserved: sum((w) => w.quantity_reserved),
      quantity_available: available,
      quantity_backordered: Math.max(backordered, 0),
      quantity_incoming: incoming,
      available_to_promise: sum((w) => Math.max(w.quantity_available, 0)) + incoming - Math.max(backordered, 0),
    },
  };
}
