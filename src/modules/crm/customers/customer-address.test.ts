import { describe, expect, it } from 'vitest';
import { customerAddressErrors, storedAddress } from './customer-address.js';

describe('customerAddressErrors', () => {
  it('passes an address without a country, and no address at all', () => {
    expect(customerAddressErrors('billing_address', { street: '1 Quay', country: null })).toEqual({});
    expect(customerAddressErrors('billing_address', { city: 'Hull' })).toEqual({});
    expect(customerAddressErrors('billing_address', null)).toEqual({});
    expect(customerAddressErrors('billing_address', undefined)).toEqual({});
  });

  it('passes an assigned code in capitals', () => {
    expect(customerAddressErrors('shipping_address', { country: 'GB' })).toEqual({});
    expect(customerAddressErrors('shipping_address', { country: 'DE' })).toEqual({});
  });

  it('refuses lower case, reserved and unassigned codes under the field of the country', () => {
    for (const country of ['gb', 'UK', 'EU', 'ZZ']) {
      expect(customerAddressErrors('shipping_address', { country })).toEqual({
        'shipping_address.country': [
          `The country ${country} is not an ISO 3166-1 alpha-2 code in capitals (such as GB or DE).`,
        ],
      });
    }
  });
});

describe('storedAddress', () => {
  it('keeps every part, in one order, absent ones null', () => {
    const stored = storedAddress({ country: 'GB', city: 'Hull' });
    expect(stored).toEqual({ street: null, city: 'Hull', state: null, postal_code: null, country: 'GB' });
    expect(Object.keys(stored!)).toEqual(['street', 'city', 'state', 'postal_code', 'country']);
    expect(JSON.stringify(storedAddress({ city: 'Hull', street: '1 Quay' }))).toBe(
      JSON.stringify(storedAddress({ street: '1 Quay', city: 'Hull' })),
    );
  });

  it('keeps no address as none', () => {
    expect(storedAddress(null)).toBeNull();
  });
});
