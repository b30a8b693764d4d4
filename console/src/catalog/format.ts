// What the catalog alone needs to write for people; money, dates and sizes come from lib/format.

/** Suppliers are priced in the default currency (the API says USD). */
export const SUPPLIER_CURRENCY = 'USD';

/** `https://www.makita.example/tools` -> `www.makita.example`; the address itself when it does not parse. */
export function siteName(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}
