// How the console writes money, dates, numbers, percentages and file sizes for people: in the browser's language
// and time zone, through Intl. One module for every area, so that the same value reads the same on every screen.

const DASH = '—';

/** `1234.5, 'EUR'` -> `€1,234.50`; a dash without an amount; the number and the code when the browser does not
 * know the currency, and the plain number without one. */
export function formatMoney(amount: number | null | undefined, currency: string | null | undefined): string {
  if (amount === null || amount === undefined) return DASH;
  if (currency) {
    try {
      return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(amount);
    } catch {
      // An unknown code: fall through to the number with the code beside it.
    }
  }
  const number = new Intl.NumberFormat(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    amount,
  );
  return currency ? `${number} ${currency}` : number;
}

const DATE = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const DATE_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** An instant (ISO 8601) as the local date it falls on; `empty` without one. */
export function formatDate(iso: string | null | undefined, empty = DASH): string {
  return iso ? DATE.format(new Date(iso)) : empty;
}

/** An instant (ISO 8601) as a local date and time; `empty` without one. */
export function formatDateTime(iso: string | null | undefined, empty = DASH): string {
  return iso ? DATE_TIME.format(new Date(iso)) : empty;
}

/** A calendar date (YYYY-MM-DD, no time zone) as written locally, without shifting it by the browser's offset. */
export function formatCalendarDate(date: string | null | undefined, empty = DASH): string {
  if (!date) return empty;
  const [year, month, day] = date.slice(0, 10).split('-').map(Number);
  return DATE.format(new Date(year!, month! - 1, day!));
}

const NUMBER = new Intl.NumberFormat();

export function formatNumber(value: number): string {
  return NUMBER.format(value);
}

/**
 * A list's total as its page metadata gives it, with its noun: `1 product`, `10,000 products`, and `10,000+
 * products` when the API stopped counting (`total_is_capped`).
 */
export function formatTotal(
  meta: { total: number; total_is_capped?: true },
  [one, many]: readonly [one: string, many: string],
): string {
  const noun = meta.total === 1 && !meta.total_is_capped ? one : many;
  return `${NUMBER.format(meta.total)}${meta.total_is_capped ? '+' : ''} ${noun}`;
}

const PERCENT = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 2 });

/** A rate the API answers as a percentage (83.33) -> `83.33%`; a dash when there is nothing to compute it from. */
export function formatPercent(rate: number | null): string {
  return rate === null ? DASH : PERCENT.format(rate / 100);
}

const SIZE = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });
const SIZE_UNITS = ['KB', 'MB', 'GB'];

/** 1536 -> `1.5 KB`; bytes in the binary units people read in file managers. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${SIZE.format(value)} ${SIZE_UNITS[unit]}`;
}
