// Where an order's stock is reserved: per warehouse, what its lines hold there (each line's `allocations`).
export interface AllocatedLine {
  allocations: readonly { warehouse_id: string; quantity: number }[];
}

/** The warehouses holding stock for the order, with the units held there, most first (ties by id). */
export function allocationWarehouses(lines: readonly AllocatedLine[]): { warehouse_id: string; quantity: number }[] {
  const held = new Map<string, number>();
  for (const line of lines)
    for (const allocation of line.allocations)
      held.set(allocation.warehouse_id, (held.get(allocation.warehouse_id) ?? 0) + allocation.quantity);
  return [...held]
    .map(([warehouse_id, quantity]) => ({ warehouse_id, quantity }))
    .filter((entry) => entry.quantity > 0)
    .sort((a, b) => b.quantity - a.quantity || a.warehouse_id.localeCompare(b.warehouse_id));
}
