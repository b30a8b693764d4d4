// The incremental-sync query of every list of mutable records: `updated_since`, an inclusive lower bound on
// `updated_at`, and the sort by `updated_at` (ties broken by id) that lets a client walk the changes in order.
// The recipe that uses them, with the event feed for deletions: docs/sync.md.
import { Type } from 'typebox';
import { ValidationError } from './errors.js';

export const UPDATED_SINCE_DESCRIPTION =
  'Only records whose updated_at is at or after this instant (inclusive): an ISO 8601 date-time with a time zone, ' +
  'e.g. `2026-01-15T10:00:00.000Z`. With `sort_by=updated_at&sort_direction=asc` it walks the changes in order (see docs/sync.md).';

/** The `updated_since` query parameter, spread into a list's query schema. */
export const updatedSinceQuery = {
  updated_since: Type.Optional(Type.String({ format: 'date-time', maxLength: 64, description: UPDATED_SINCE_DESCRIPTION })),
};

/** The two values of every `sort_direction`. */
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

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
  return filters.updated_since === undefined ? filters : { ...filters, updated_since: updatedSinceBound(filters.updated_since) };
}
