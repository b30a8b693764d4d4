// Amounts as people read them, in the order's currency and the browser's locale. Shared-worthy: other areas
// showing prices could use it (see the report).

/** `1234.5, 'EUR'` -> `€1,234.50`; a plain number when the currency is unknown to the browser or not given. */
export function formatMoney(amount: number, currency: string | null | undefined): string {
  if (currency) {
    try {
      return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(amount);
    } catch {
      // An unknown code: fall through to the number with the code beside it.
    }
  }
  const number = new Intl.NumberFormat(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
  return currency ? `${number} ${currency}` : number;
}

/** A YYYY-MM-DD date (no time zone) as a local date, without shifting it by the browser's offset. */
export function formatDate(date: string | null | undefined): string {
  if (!date) return '—';
  const [year, month, day] = date.slice(0, 10).split('-').map(Number);
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(year!, month! - 1, day!));
}

export function formatDateTime(instant: string | null | undefined): string {
  if (!instant) return '—';
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(instant));
}
