// An address (customers' and an order's ship-to shape) on one line, its empty parts left out.
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
