// What a supplier's status allows the console to offer, and how a status is shown. The API decides (it refuses
// a transition with 422 naming the status); these rules only keep impossible actions off the screen.
import type { SupplierStatus, SupplierType } from './types';

export type SupplierAction = 'activate' | 'deactivate' | 'suspend';

/** The status changes offered for a supplier in this status. */
export function supplierActions(status: SupplierStatus): SupplierAction[] {
  const actions: SupplierAction[] = [];
  if (status === 'inactive' || status === 'suspended') actions.push('activate');
  if (status === 'active') actions.push('deactivate');
  // Blacklisted is final; a suspended supplier is activated, not suspended again.
  if (status !== 'blacklisted' && status !== 'suspended') actions.push('suspend');
  return actions;
}

export const SUPPLIER_STATUSES: readonly SupplierStatus[] = [
  'prospective',
  'active',
  'approved',
  'preferred',
  'inactive',
  'suspended',
  'blacklisted',
  'under_review',
];

export const SUPPLIER_TYPES: readonly SupplierType[] = [
  'manufacturer',
  'distributor',
  'wholesaler',
  'retailer',
  'service_provider',
  'consultant',
  'individual',
];

const STATUS_COLORS: Record<SupplierStatus, string> = {
  prospective: 'blue',
  active: 'teal',
  approved: 'teal',
  preferred: 'grape',
  inactive: 'gray',
  suspended: 'orange',
  blacklisted: 'red',
  under_review: 'yellow',
};

export function statusColor(status: SupplierStatus): string {
  return STATUS_COLORS[status];
}

/** `under_review` -> `Under review`, `service_provider` -> `Service provider`. */
export function label(value: string): string {
  const words = value.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
