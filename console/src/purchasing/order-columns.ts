// The purchase orders list's columns as an export writes them: what the table shows, the total as a number with
// its currency beside it.
import type { CsvColumn } from '../lib/csv';
import type { PurchaseOrder } from './api';
import { STATUS_LABELS } from './status';

export const ORDER_COLUMNS: ReadonlyArray<CsvColumn<PurchaseOrder>> = [
  { header: 'Number', value: (order) => order.po_number },
  { header: 'Supplier', value: (order) => order.supplier?.name },
  { header: 'Warehouse', value: (order) => order.warehouse?.name },
  { header: 'Status', value: (order) => STATUS_LABELS[order.status] },
  { header: 'Total', value: (order) => order.total_amount },
  { header: 'Currency', value: (order) => order.currency },
  { header: 'Expected', value: (order) => order.expected_delivery_date },
  { header: 'Created', value: (order) => order.created_at },
];
