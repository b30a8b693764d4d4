// The products list's columns as an export writes them: what the table shows, with the price as a number and
// its currency beside it, so that a spreadsheet can sum it.
import type { CsvColumn } from '../lib/csv';
import { availability, codeLabel, statusLabel } from './format';
import type { Product } from './model';

export const PRODUCT_COLUMNS: ReadonlyArray<CsvColumn<Product>> = [
  { header: 'Name', value: (product) => product.name },
  { header: 'SKU', value: (product) => product.sku },
  { header: 'Status', value: (product) => statusLabel(product.status) },
  { header: 'Type', value: (product) => codeLabel(product.type) },
  { header: 'Price', value: (product) => product.selling_price },
  { header: 'Currency', value: (product) => product.currency },
  { header: 'Stock', value: (product) => availability(product) },
  { header: 'Low stock', value: (product) => (product.is_low_stock ? 'yes' : 'no') },
  { header: 'Updated', value: (product) => product.updated_at },
];
