// Dates as the settings screens show them: in the browser's language and time zone.
const DATE_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const DATE = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export function formatDateTime(iso: string | null, empty = '—'): string {
  return iso === null ? empty : DATE_TIME.format(new Date(iso));
}

export function formatDate(iso: string | null, empty = '—'): string {
  return iso === null ? empty : DATE.format(new Date(iso));
}
