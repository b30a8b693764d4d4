// The incremental-sync filter of every list of mutable records: `updated_since`, an inclusive lower bound on
// `updated_at`, read into the form timestamps are stored in. Its query schema and the sort that goes with it are
// in http/updated-since.ts; the recipe that uses them, with the event feed for deletions: docs/sync.md.
import { ValidationError } from './errors.js';

const INVALID = 'The updated since field must be a valid date time.';

/**
 * The instant of an `updated_since` value in the form timestamps are stored in (`toISOString`: UTC, milliseconds,
 * `Z`), so that it compares correctly with stored text on SQLite and as a timestamp on PostgreSQL; undefined when
 * absent. The query schema has checked the format already; what it lets through and a Date cannot hold (a leap
 * second) is refused here with the same message. Digits past the millisecond are cut, which keeps the bound
 * inclusive.
 * @throws ValidationError on `updated_since`.
 */
export function updatedSinceBound(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const instant = new Date(value.trim().toUpperCase().replace(' ', 'T'));
  if (Number.isNaN(instant.getTime())) throw ValidationError.field('updated_since', INVALID);
  return instant.toISOString();
}

/** `filters` with its `updated_since` turned into the stored form (see updatedSinceBound). */
export function withUpdatedSinceBound<T extends { updated_since?: string }>(filters: T): T {
  return filters.updated_since === undefined
    ? filters
    : { ...filters, updated_since: updatedSinceBound(filters.updated_since) };
}
