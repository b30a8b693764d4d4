import { describe, expect, it } from 'vitest';
import { changedCustomerFields, deletedCustomerPayload } from './customer.events.js';
import type { CustomerResponse } from './customer.schemas.js';

const customer: CustomerResponse = {
  id: '01jd8w4c5d6e7f8g9h0j1k2m3n',
  name: 'Ada Lovelace',
  email: 'ada@example.test',
  phone: null,
  company: null,
  external_id: 'shop-1',
  billing_address: null,
  shipping_address: { street: null, city: 'Hull', state: null, postal_code: null, country: 'GB' },
  notes: null,
  is_active: true,
  created_at: '2026-11-02T09:14:00.000Z',
  updated_at: '2026-11-02T09:14:00.000Z',
};

describe('changedCustomerFields', () => {
  it('names the fields whose values differ, in the resource order, addresses compared whole', () => {
    const after = {
      ...customer,
      is_active: false,
      email: null,
      shipping_address: { ...customer.shipping_address!, city: 'York' },
    };
    expect(changedCustomerFields(customer, after)).toEqual(['email', 'shipping_address', 'is_active']);
  });

  it('sees no change in the timestamps alone', () => {
    expect(changedCustomerFields(customer, { ...customer, updated_at: '2026-12-01T00:00:00.000Z' })).toEqual([]);
  });
});

describe('deletedCustomerPayload', () => {
  it('names the customer by id, name and external id', () => {
    expect(deletedCustomerPayload(customer, '2026-12-01T00:00:00.000Z')).toEqual({
      id: customer.id,
      name: 'Ada Lovelace',
      external_id: 'shop-1',
      deleted_at: '2026-12-01T00:00:00.000Z',
    });
  });
});
