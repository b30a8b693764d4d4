// The incremental-sync query of every list of mutable records: `updated_since`, an inclusive lower bound on
// `updated_at`, and the sort by `updated_at` (ties broken by id) that lets a client walk the changes in order.
// The services read the value with core/updated-since.ts. The recipe that uses them, with the event feed for
// deletions: docs/sync.md.
import { Type } from 'typebox';

export const UPDATED_SINCE_DESCRIPTION =
  'Only records whose updated_at is at or after this instant (inclusive): an ISO 8601 date-time with a time zone, ' +
  'e.g. `2026-01-15T10:00:00.000Z`. With `sort_by=updated_at&sort_direction=asc` it walks the changes in order (see docs/sync.md).';

/** The `updated_since` query parameter, spread into a list's query schema. */
export const updatedSinceQuery = {
  updated_since: Type.Optional(
    Type.String({ format: 'date-time', maxLength: 64, description: UPDATED_SINCE_DESCRIPTION }),
  ),
};

/** The two values of every `sort_direction`. */
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
