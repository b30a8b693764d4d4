import { describe, expect, it } from 'vitest';
import { tenantChanges, tenantFormValues } from './tenant';

const tenant = {
  name: 'Acme',
  default_currency: 'EUR',
  time_zone: null,
  address_line1: 'Hafenstraße 12',
  address_line2: null,
  city: 'Hamburg',
  region: null,
  postal_code: '20457',
  country: 'DE',
  tax_id: null,
  purchase_order_footer: null,
};

describe('tenantFormValues', () => {
  it('shows unset settings as blank text', () => {
    const values = tenantFormValues(tenant);
    expect(values.time_zone).toBe('');
    expect(values.city).toBe('Hamburg');
  });
});

describe('tenantChanges', () => {
  it('sends only what changed, a cleared setting as blank', () => {
    const before = tenantFormValues(tenant);
    expect(tenantChanges(before, { ...before, city: '', tax_id: 'DE123' })).toEqual({ city: '', tax_id: 'DE123' });
    expect(tenantChanges(before, before)).toEqual({});
  });
});
