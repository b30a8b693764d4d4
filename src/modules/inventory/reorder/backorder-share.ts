// Where the reorder report counts a product's backordered demand. The demand belongs to the product, not to a
// warehouse, and the report has a line per record low on stock: the demand is counted once, on the product's line
// whose warehouse allocation takes first (allocation_rank, unranked last, then warehouse name and id), so that the
// summary by warehouse does not count it twice.

export interface ReportRecord {
  record_id: string;
  product_id: string;
  warehouse_id: string;
  warehouse_name: string;
  warehouse_allocation_rank: number | null;
}

const before = (a: ReportRecord, b: ReportRecord) => {
  const ra = a.warehouse_allocation_rank ?? Number.POSITIVE_INFINITY;
  const rb = b.warehouse_allocation_rank ?? Number.POSITIVE_INFINITY;
  if (ra !== rb) return ra < rb;
  if (a.warehouse_name !== b.warehouse_name) return a.warehouse_name < b.warehouse_name;
  return a.warehouse_id < b.warehouse_id;
};

/** The backordered demand each record's line counts, by record id: the product's demand on its first record. */
export function backorderShares(records: readonly ReportRecord[], demand: ReadonlyMap<string, number>) {
  const first = new Map<string, ReportRecord>();
  for (const record of records) {
    const current = first.get(record.product_id);
    if (!current || before(record, current)) first.set(record.product_id, record);
  }
  const shares = new Map<string, number>();
  for (const [productId, record] of first) {
    const quantity = demand.get(productId) ?? 0;
    if (quantity > 0) shares.set(record.record_id, quantity);
  }
  return shares;
}
