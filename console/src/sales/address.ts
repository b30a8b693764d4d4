// An address (customers' and an order's ship-to shape): on one line, its empty parts left out; and a form's values
// of it, to the API's body and back.
export interface Address {
  street?: string | null;
  city?: string | null;
  state?: string | null;
  postal_code?: string | null;
  country?: string | null;
}

export function formatAddress(address: Address | null | undefined): string {
  if (!address) return '';
  const town = [address.postal_code, address.city].filter(Boolean).join(' ');
  return [address.street, town, address.state, address.country].filter(Boolean).join(', ');
}

export const ADDRESS_PARTS = ['street', 'city', 'state', 'postal_code', 'country'] as const;
export type AddressPart = (typeof ADDRESS_PARTS)[number];

/** An address as a form edits it: every part a string, empty when absent. */
export type AddressValues = Record<AddressPart, string>;

const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());

export function addressValues(address: Address | null | undefined): AddressValues {
  return Object.fromEntries(ADDRESS_PARTS.map((part) => [part, address?.[part] ?? ''])) as AddressValues;
}

/** The address as the API takes it: null when every part is empty, the country in capitals. */
export function addressBody(values: AddressValues): Address | null {
  const address = Object.fromEntries(ADDRESS_PARTS.map((part) => [part, blankToNull(values[part])])) as Address;
  if (address.country) address.country = address.country.toUpperCase();
  return Object.values(address).some((value) => value !== null) ? address : null;
}
