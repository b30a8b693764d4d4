// A record's stock status as the Stock list shows it. The list answers the record's own reorder point only (the
// API's low_stock filter also falls back to the product's), so "Low" here follows the record's point.

export type StockStatus = 'out_of_stock' | 'low_stock' | 'in_stock';

export const STOCK_STATUS_LABELS: Record<StockStatus, string> = {
  out_of_stock: 'Out of stock',
  low_stock: 'Low stock',
  in_stock: 'In stock',
};

export const STOCK_STATUS_COLORS: Record<StockStatus, string> = {
  out_of_stock: 'red',
  low_stock: 'orange',
  in_stock: 'teal',
};

export function stockStatus(record: { quantity_available: number; reorder_point: number | null }): StockStatus {
  if (record.quantity_available <= 0) return 'out_of_stock';
  if (record.reorder_point !== null && record.quantity_available <= record.reorder_point) return 'low_stock';
  return 'in_stock';
}
