// The sales orders list's columns as an export writes them: what the table shows, the total as a number with its
// currency beside it.
import type { CsvColumn } from '../lib/csv';
import type { SalesOrder } from './api';
import { STATUS_LABELS } from './status';

export const SALES_ORDER_COLUMNS: ReadonlyArray<CsvColumn<SalesOrder>> = [
  { header: 'Number', value: (order) => order.order_number },
  { header: 'Customer', value: (order) => order.customer?.name },
  { header: 'Status', value: (order) => STATUS_LABELS[order.status] },
  { header: 'Requested ship date', value: (order) => order.requested_ship_date },
  { header: 'Priority', value: (order) => order.priority },
  { header: 'Total', value: (order) => order.total_amount },
  { header: 'Currency', value: (order) => order.currency },
  { header: 'Created', value: (order) => order.created_at },
];
