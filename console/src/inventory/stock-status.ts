// How a stock status reads and looks. The status itself is the API's (`stock_status` of an inventory record or
// a product, by the server's one low-stock rule); the console only labels and colours it.
import type { components } from '../../../clients/typescript/src/openapi';

export type StockStatus = components['schemas']['InventoryRecord']['stock_status'];

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
