// The customers list's columns as an export writes them: what the table shows.
import type { CsvColumn } from '../lib/csv';
import { formatAddress } from './address';
import type { Customer } from './api';

export const CUSTOMER_COLUMNS: ReadonlyArray<CsvColumn<Customer>> = [
  { header: 'Name', value: (customer) => customer.name },
  { header: 'External id', value: (customer) => customer.external_id },
  { header: 'Company', value: (customer) => customer.company },
  { header: 'E-mail', value: (customer) => customer.email },
  { header: 'Ships to', value: (customer) => formatAddress(customer.shipping_address) },
  { header: 'Active', value: (customer) => (customer.is_active ? 'yes' : 'no') },
  { header: 'Created', value: (customer) => customer.created_at },
];
