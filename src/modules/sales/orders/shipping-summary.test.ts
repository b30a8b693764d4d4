import { describe, expect, it } from 'vitest';
import { shippingSummary } from './shipping-summary.js';

describe('the shipping summary', () => {
  it('puts each ship date in its bucket, every bucket present', () => {
    const summary = shippingSummary(
      [
        { requested_ship_date: '2026-12-01', to_ship: 2, backordered: 1 },
        { requested_ship_date: '2026-12-03', to_ship: 3, backordered: 0 },
        { requested_ship_date: '2026-12-04', to_ship: 1, backordered: 1 },
        { requested_ship_date: '2026-12-05', to_ship: 4, backordered: 0 },
        { requested_ship_date: null, to_ship: 0, backordered: 2 },
      ],
      '2026-12-03',
      2,
    );
    expect(summary).toEqual({
      today: '2026-12-03',
      totals: { to_ship: 10, backordered: 4 },
      buckets: [
        { bucket: 'overdue', date: null, to_ship: 2, backordered: 1 },
        { bucket: 'day', date: '2026-12-03', to_ship: 3, backordered: 0 },
        { bucket: 'day', date: '2026-12-04', to_ship: 1, backordered: 1 },
        { bucket: 'later', date: null, to_ship: 4, backordered: 0 },
        { bucket: 'unscheduled', date: null, to_ship: 0, backordered: 2 },
      ],
    });
  });
});
