// The orders waiting for the warehouse, grouped by their requested ship date for the shipping summary: before
// today (overdue), each of the next days one by one from today, after them (later), and without a date.
import type { ShippingSummaryResponse } from './order.schemas.js';

const DAY_MS = 86_400_000;

type Counts = { to_ship: number; backordered: number };

/** The buckets of `rows` (counts per requested ship date, null for none) for `days` days from `today` (YYYY-MM-DD). */
export function shippingSummary(
  rows: ReadonlyArray<Counts & { requested_ship_date: string | null }>,
  today: string,
  days: number,
): ShippingSummaryResponse {
  const start = Date.parse(`${today}T00:00:00.000Z`);
  const dates = Array.from({ length: days }, (_, i) => new Date(start + i * DAY_MS).toISOString().slice(0, 10));
  const last = dates.at(-1)!;
  const bucket = (kind: 'overdue' | 'day' | 'later' | 'unscheduled', date: string | null = null) => ({
    bucket: kind,
    date,
    to_ship: 0,
    backordered: 0,
  });
  const overdue = bucket('overdue');
  const byDate = new Map(dates.map((date) => [date, bucket('day', date)]));
  const later = bucket('later');
  const unscheduled = bucket('unscheduled');
  const totals = { to_ship: 0, backordered: 0 };
  for (const row of rows) {
    const date = row.requested_ship_date;
    const into = date === null ? unscheduled : date < today ? overdue : date > last ? later : byDate.get(date)!;
    for (const counts of [into, totals]) {
      counts.to_ship += row.to_ship;
      counts.backordered += row.backordered;
    }
  }
  return { today, totals, buckets: [overdue, ...byDate.values(), later, unscheduled] };
}
