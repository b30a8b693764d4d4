import { describe, expect, it } from 'vitest';
import { flowChart, shippingChart, spendChart, spendCurrencies, SPEND_SUPPLIERS } from './charts';

describe('the dashboard charts', () => {
  it('draws the orders to ship per ship date, and nothing when none wait', () => {
    const zero = { to_ship: 0, backordered: 0 };
    const summary = {
      today: '2026-12-03',
      totals: { to_ship: 5, backordered: 2 },
      buckets: [
        { bucket: 'overdue' as const, date: null, to_ship: 2, backordered: 1 },
        { bucket: 'day' as const, date: '2026-12-03', to_ship: 3, backordered: 0 },
        { bucket: 'day' as const, date: '2026-12-04', ...zero },
        { bucket: 'later' as const, date: null, ...zero },
        { bucket: 'unscheduled' as const, date: null, to_ship: 0, backordered: 1 },
      ],
    };
    const drawn = shippingChart(summary)!;
    expect(drawn.spec.data.map((row) => row.when)).toEqual([
      'Overdue',
      'Today',
      expect.any(String),
      'Later',
      'No date',
    ]);
    expect(drawn.spec.data[0]).toMatchObject({ to_ship: 2, backordered: 1 });
    expect(drawn.summary).toBe('5 orders to ship: 3 due today, 2 overdue. 2 orders wait for stock.');
    expect(shippingChart({ ...summary, totals: zero })).toBeNull();
  });

  it('stacks the spend of the largest suppliers in one currency, the others as one', () => {
    const months = ['2026-10', '2026-11'];
    const row = (supplier: number, month: string, total_amount: number, currency = 'USD') => ({
      month,
      supplier_id: `s-${supplier}`,
      supplier_name: `Supplier ${supplier}`,
      currency,
      orders: 1,
      total_amount,
    });
    const spend = {
      from: '2026-10',
      to: '2026-11',
      months,
      spend: [
        ...Array.from({ length: SPEND_SUPPLIERS + 2 }, (_, i) => row(i, '2026-10', 100 - i)),
        row(0, '2026-11', 50),
        row(9, '2026-11', 1000, 'EUR'),
      ],
    };
    expect(spendCurrencies(spend)).toEqual(['EUR', 'USD']);
    const drawn = spendChart(spend, 'USD')!;
    expect(drawn.spec.series.map((s) => s.label)).toEqual([
      'Supplier 0',
      'Supplier 1',
      'Supplier 2',
      'Supplier 3',
      'Supplier 4',
      'Other suppliers',
    ]);
    // October: suppliers 5 and 6 (95 and 94) summed as the others; November: supplier 0 alone.
    expect(drawn.spec.data[0]).toMatchObject({ s0: 100, s4: 96, other: 189 });
    expect(drawn.spec.data[1]).toMatchObject({ s0: 50, s1: 0, other: 0 });
    expect(drawn.summary).toContain('from 7 suppliers');
    expect(spendChart(spend, 'GBP')).toBeNull();
  });

  it('draws units in and out per week, and nothing when no stock moved', () => {
    const flow = {
      from: '2026-11-23',
      to: '2026-12-03',
      warehouse: null,
      weeks: [
        { week_start: '2026-11-23', units_in: 10, units_out: 4 },
        { week_start: '2026-11-30', units_in: 2, units_out: 1 },
      ],
    };
    const drawn = flowChart(flow)!;
    expect(drawn.spec.data.map((row) => [row.units_in, row.units_out])).toEqual([
      [10, 4],
      [2, 1],
    ]);
    expect(drawn.summary).toBe('12 units in and 5 out over 2 weeks; this week so far 2 in, 1 out.');
    const still = { ...flow, weeks: flow.weeks.map((week) => ({ ...week, units_in: 0, units_out: 0 })) };
    expect(flowChart(still)).toBeNull();
  });
});
