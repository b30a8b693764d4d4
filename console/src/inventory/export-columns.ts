// The inventory lists' columns as an export writes them: what each table shows, quantities as numbers.
import type { components } from '../../../clients/typescript/src/openapi';
import type { CsvColumn } from '../lib/csv';
import type { InventoryRecord, StockMovement, Warehouse } from './api';
import { STOCK_STATUS_LABELS } from './stock-status';

type ReorderSuggestion = components['schemas']['ReorderSuggestion'];
type LowStockItem = components['schemas']['LowStockItem'];

export const STOCK_COLUMNS: ReadonlyArray<CsvColumn<InventoryRecord>> = [
  { header: 'Product', value: (record) => record.product.name },
  { header: 'SKU', value: (record) => record.product.sku },
  { header: 'Warehouse', value: (record) => record.warehouse.name },
  { header: 'On hand', value: (record) => record.quantity_on_hand },
  { header: 'Reserved', value: (record) => record.quantity_reserved },
  { header: 'Available', value: (record) => record.quantity_available },
  { header: 'Reorder point', value: (record) => record.effective_reorder_point },
  { header: 'Status', value: (record) => STOCK_STATUS_LABELS[record.stock_status] },
  { header: 'Updated', value: (record) => record.updated_at },
];

export const MOVEMENT_COLUMNS: ReadonlyArray<CsvColumn<StockMovement>> = [
  { header: 'When', value: (movement) => movement.created_at },
  { header: 'Type', value: (movement) => movement.movement_type.label },
  { header: 'Product', value: (movement) => movement.product?.name },
  { header: 'SKU', value: (movement) => movement.product?.sku },
  { header: 'Warehouse', value: (movement) => movement.warehouse?.name },
  { header: 'Quantity', value: (movement) => movement.quantity },
  { header: 'Before', value: (movement) => movement.quantity_before },
  { header: 'After', value: (movement) => movement.quantity_after },
  { header: 'Reason', value: (movement) => movement.reason },
  { header: 'By', value: (movement) => movement.creator?.name },
];

export function warehouseColumns(typeLabels: Readonly<Record<string, string>>): ReadonlyArray<CsvColumn<Warehouse>> {
  return [
    { header: 'Name', value: (warehouse) => warehouse.name },
    { header: 'Code', value: (warehouse) => warehouse.code },
    { header: 'Type', value: (warehouse) => typeLabels[warehouse.type] ?? warehouse.type },
    { header: 'City', value: (warehouse) => warehouse.address?.city },
    { header: 'Status', value: (warehouse) => (warehouse.is_active ? 'Active' : 'Inactive') },
  ];
}

export const REORDER_COLUMNS: ReadonlyArray<CsvColumn<ReorderSuggestion>> = [
  { header: 'Product', value: (row) => row.product_name },
  { header: 'SKU', value: (row) => row.product_sku },
  { header: 'Warehouse', value: (row) => row.warehouse_name },
  { header: 'Available', value: (row) => row.quantity_available },
  { header: 'Reorder point', value: (row) => row.reorder_point },
  { header: 'Deficit', value: (row) => row.deficit },
  { header: 'Suggested order', value: (row) => row.suggested_order_quantity },
  { header: 'Preferred supplier', value: (row) => row.preferred_supplier?.name },
  { header: 'Daily usage', value: (row) => row.average_daily_usage },
  { header: 'Days to stockout', value: (row) => row.days_until_stockout },
  { header: 'Last purchase', value: (row) => row.last_purchase_date },
];

export function lowStockColumns(warehouseName: (id: string) => string): ReadonlyArray<CsvColumn<LowStockItem>> {
  return [
    { header: 'Urgency', value: (item) => item.urgency },
    { header: 'Product', value: (item) => item.name },
    { header: 'SKU', value: (item) => item.sku },
    { header: 'Warehouse', value: (item) => warehouseName(item.warehouse_id) },
    { header: 'Available', value: (item) => item.quantity_available },
    { header: 'Reorder point', value: (item) => item.reorder_point },
  ];
}
