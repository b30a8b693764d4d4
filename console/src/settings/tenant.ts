// The organisation form's values: every setting as text (blank for none), and only what changed sent back
// (the API stores text trimmed and clears a setting sent blank).
import type { components } from '../../../clients/typescript/src/openapi';

type Tenant = components['schemas']['Tenant'];

const FIELDS = [
  'name',
  'default_currency',
  'time_zone',
  'address_line1',
  'address_line2',
  'city',
  'region',
  'postal_code',
  'country',
  'tax_id',
  'purchase_order_footer',
] as const;

export type TenantField = (typeof FIELDS)[number];
export type TenantFormValues = Record<TenantField, string>;
export type TenantChanges = Partial<TenantFormValues>;

export function tenantFormValues(tenant: Pick<Tenant, TenantField>): TenantFormValues {
  return Object.fromEntries(FIELDS.map((field) => [field, tenant[field] ?? ''])) as TenantFormValues;
}

export function tenantChanges(before: TenantFormValues, after: TenantFormValues): TenantChanges {
  const changes: TenantChanges = {};
  for (const field of FIELDS) if (after[field] !== before[field]) changes[field] = after[field];
  return changes;
}
