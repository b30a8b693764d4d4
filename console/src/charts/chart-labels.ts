// The x axis's labels of the charts: calendar dates and months as the API gives them (UTC, no time zone), written
// short in the browser's language without shifting them by its offset.

const DAY = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
const WEEKDAY = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', timeZone: 'UTC' });
const MONTH = new Intl.DateTimeFormat(undefined, { month: 'short', year: 'numeric', timeZone: 'UTC' });

const utc = (date: string) => new Date(`${date.slice(0, 10)}T00:00:00.000Z`);

/** `2026-11-16` -> `Nov 16`. */
export function shortDate(date: string): string {
  return DAY.format(utc(date));
}

/** `2026-12-04` -> `Fri 4`. */
export function weekdayDate(date: string): string {
  return WEEKDAY.format(utc(date));
}

/** `2026-11` -> `Nov 2026`. */
export function monthLabel(month: string): string {
  return MONTH.format(utc(`${month}-01`));
}
