// How the catalog shows dates, amounts and ratings.
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
/** Suppliers are priced in the default currency (the API says USD). */
const moneyFormat = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD' });
const percentFormat = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 2 });

export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));
export const formatMoney = (amount: number) => moneyFormat.format(amount);
/** A rate the API answers as a percentage (83.33), or a dash when there is nothing to compute it from. */
export const formatPercent = (rate: number | null) => (rate === null ? '—' : percentFormat.format(rate / 100));

/** `https://www.makita.example/tools` -> `www.makita.example`; the address itself when it does not parse. */
export function siteName(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

const sizeFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });

/** 2048 -> `2 KB`; bytes in the binary units people read in file managers. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${sizeFormat.format(bytes / 1024)} KB`;
  return `${sizeFormat.format(bytes / (1024 * 1024))} MB`;
}
