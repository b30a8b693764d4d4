// The catalog lists' columns as an export writes them: what each table shows, numbers as numbers.
import type { CsvColumn } from '../lib/csv';
import { label } from './supplier-status';
import type { Brand, Supplier, Tag } from './types';

const active = (record: { is_active: boolean }) => (record.is_active ? 'Active' : 'Inactive');

export const SUPPLIER_COLUMNS: ReadonlyArray<CsvColumn<Supplier>> = [
  { header: 'Name', value: (supplier) => supplier.name },
  { header: 'Code', value: (supplier) => supplier.code },
  { header: 'Status', value: (supplier) => label(supplier.status) },
  { header: 'Type', value: (supplier) => (supplier.type ? label(supplier.type) : null) },
  { header: 'E-mail', value: (supplier) => supplier.email },
  { header: 'Rating', value: (supplier) => supplier.rating },
  { header: 'Ratings', value: (supplier) => supplier.rating_count },
  { header: 'Lead time (days)', value: (supplier) => supplier.lead_time_days },
];

export const BRAND_COLUMNS: ReadonlyArray<CsvColumn<Brand>> = [
  { header: 'Name', value: (brand) => brand.name },
  { header: 'Slug', value: (brand) => brand.slug },
  { header: 'Products', value: (brand) => brand.products_count },
  { header: 'Status', value: active },
  { header: 'Website', value: (brand) => brand.website_url },
  { header: 'Created', value: (brand) => brand.created_at },
];

export const TAG_COLUMNS: ReadonlyArray<CsvColumn<Tag>> = [
  { header: 'Name', value: (tag) => tag.name },
  { header: 'Slug', value: (tag) => tag.slug },
  { header: 'Products', value: (tag) => tag.products_count },
  { header: 'Status', value: active },
  { header: 'Created', value: (tag) => tag.created_at },
];
