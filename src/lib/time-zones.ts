// IANA time zones, validated and applied with the runtime's Intl data (no table of our own to keep up to date).

/** `Area/Location` (any depth, as `America/Argentina/Salta` or `Etc/GMT+5`) or `UTC`: what an IANA name looks like. */
const IANA_NAME = /^(UTC|[A-Z][A-Za-z_-]*(\/[A-Za-z0-9_+-]+)+)$/;

/**
 * True for an IANA time zone name the runtime knows, written as the database writes it (`Europe/Berlin`, `UTC`).
 * Abbreviations (`EST`, `CET`) and offsets (`+01:00`) are refused: they are not places and do not follow their
 * rules of summer time.
 */
export function isTimeZone(name: string): boolean {
  if (!IANA_NAME.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * The calendar date and time of `instant` in `timeZone` (null: UTC), as `YYYY-MM-DD` and `HH:MM` (24-hour).
 */
export function localDateTime(instant: Date, timeZone: string | null): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: timeZone ?? 'UTC',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { date: `${part('year')}-${part('month')}-${part('day')}`, time: `${part('hour')}:${part('minute')}` };
}
