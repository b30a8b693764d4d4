// How the products area writes statuses, types, availability and attribute values for people; money, dates and
// numbers come from lib/format.
import { formatNumber } from '../lib/format';
import type { Attribute, ProductStatus } from './model';

const STATUS_LABELS: Record<ProductStatus, string> = {
  draft: 'Draft',
  pending_approval: 'Pending approval',
  active: 'Active',
  inactive: 'Inactive',
  out_of_stock: 'Out of stock',
  rejected: 'Rejected',
  discontinued: 'Discontinued',
};

const STATUS_COLORS: Record<ProductStatus, string> = {
  draft: 'gray',
  pending_approval: 'yellow',
  active: 'teal',
  inactive: 'gray',
  out_of_stock: 'orange',
  rejected: 'red',
  discontinued: 'dark',
};

export function statusLabel(status: ProductStatus): string {
  return STATUS_LABELS[status];
}

export function statusColor(status: ProductStatus): string {
  return STATUS_COLORS[status];
}

/** `gift_card` -> `Gift card`, `pending_approval` -> `Pending approval`. */
export function codeLabel(code: string): string {
  const words = code.replace(/[_-]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A product's stock as one line: what can be sold, or why the question does not apply. */
export function availability(product: {
  track_inventory: boolean;
  available_quantity: number;
  stock_quantity: number;
  reserved_quantity: number;
}): string {
  if (!product.track_inventory) return 'Not tracked';
  const reserved = product.reserved_quantity > 0 ? ` (${formatNumber(product.reserved_quantity)} reserved)` : '';
  return `${formatNumber(product.available_quantity)} available${reserved}`;
}

/** A typed attribute value as text: Yes/No, comma-joined options, the unit after a number, JSON as written. */
export function formatAttributeValue(value: unknown, attribute: Pick<Attribute, 'type' | 'unit'> | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(String).join(', ');
  if (typeof value === 'number') return attribute?.unit ? `${value} ${attribute.unit}` : String(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
