// A customer's address beyond its schema (docs/decisions/sales.md, Customers): the country, when given, must be
// an assigned ISO 3166-1 alpha-2 code, since goods are shipped to it; and every address is kept with its five parts
// in one order, absent ones null, so that it reads and compares the same however it was sent.
import type { FieldErrors } from '../../../core/errors.js';
import type { Address } from '../../../db/schema.js';
import { isCountryCode } from '../../../lib/countries.js';

export type CustomerAddress = Required<Address>;

/** The errors of the address sent as `field` (`billing_address`), keyed `<field>.country`; none when it passes. */
export function customerAddressErrors(field: string, address: Address | null | undefined): FieldErrors {
  const country = address?.country;
  if (country === undefined || country === null || isCountryCode(country)) return {};
  return {
    [`${field}.country`]: [`The country ${country} is not an ISO 3166-1 alpha-2 code in capitals (such as GB or DE).`],
  };
}

/** The address as stored: every part present, in one order; null stays null. */
export function storedAddress(address: Address | null): CustomerAddress | null {
  if (address === null) return null;
  return {
    street: address.street ?? null,
    city: address.city ?? null,
    state: address.state ?? null,
    postal_code: address.postal_code ?? null,
    country: address.country ?? null,
  };
}
