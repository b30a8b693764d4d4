// The shipments list's columns as an export writes them: what the table shows.
import type { CsvColumn } from '../lib/csv';
import { STATUS_LABELS, type Shipment } from './status';

export const SHIPMENT_COLUMNS: ReadonlyArray<CsvColumn<Shipment>> = [
  { header: 'Shipment', value: (shipment) => shipment.shipment_number },
  { header: 'Order', value: (shipment) => shipment.order_number },
  { header: 'Warehouse', value: (shipment) => shipment.warehouse_name },
  { header: 'Status', value: (shipment) => STATUS_LABELS[shipment.status] },
  { header: 'Units', value: (shipment) => shipment.total_quantity },
  { header: 'Carrier', value: (shipment) => shipment.carrier },
  { header: 'Tracking', value: (shipment) => shipment.tracking_numbers.join(' ') },
  { header: 'Created', value: (shipment) => shipment.created_at },
];
