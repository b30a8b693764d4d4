// The dashboard's charts as data: what each draws from its API answer, the sentence that sums it up, and when
// there is nothing to draw (null). Plain functions, so that the figures are tested apart from the drawing.
import type { components } from '../../../clients/typescript/src/openapi';
import type { DrawnChart } from '../charts/chart-spec';
import { monthLabel, shortDate, weekdayDate } from '../charts/chart-labels';
import { formatMoney, formatNumber } from '../lib/format';

type ShippingSummary = components['schemas']['SalesShippingSummary'];
type PurchaseSpend = components['schemas']['PurchaseSpend'];
type WeeklyFlow = components['schemas']['WeeklyStockFlow'];

const plural = (count: number, one: string, many: string) => `${formatNumber(count)} ${count === 1 ? one : many}`;

/** Orders to ship and backordered per requested ship date: overdue, today, the next days, later, none. */
export function shippingChart(summary: ShippingSummary): DrawnChart | null {
  if (summary.totals.to_ship === 0 && summary.totals.backordered === 0) return null;
  const label = (bucket: ShippingSummary['buckets'][number]) =>
    bucket.bucket === 'overdue'
      ? 'Overdue'
      : bucket.bucket === 'later'
        ? 'Later'
        : bucket.bucket === 'unscheduled'
          ? 'No date'
          : bucket.date === summary.today
            ? 'Today'
            : weekdayDate(bucket.date!);
  const today = summary.buckets.find((bucket) => bucket.date === summary.today)!;
  const overdue = summary.buckets.find((bucket) => bucket.bucket === 'overdue')!;
  return {
    spec: {
      kind: 'bar',
      everyLabel: true,
      dataKey: 'when',
      data: summary.buckets.map((bucket) => ({
        when: label(bucket),
        to_ship: bucket.to_ship,
        backordered: bucket.backordered,
      })),
      series: [
        { name: 'to_ship', label: 'To ship', color: 'blue.6' },
        { name: 'backordered', label: 'Backordered', color: 'orange.6' },
      ],
    },
    summary: `${plural(summary.totals.to_ship, 'order', 'orders')} to ship: ${formatNumber(today.to_ship)} due today, ${formatNumber(overdue.to_ship)} overdue. ${plural(summary.totals.backordered, 'order waits', 'orders wait')} for stock.`,
    rowHeader: 'Requested ship date',
  };
}

/** The currencies of the spend, the largest total first: the chart shows one at a time, none converted. */
export function spendCurrencies(spend: PurchaseSpend): string[] {
  const totals = new Map<string, number>();
  for (const row of spend.spend) totals.set(row.currency, (totals.get(row.currency) ?? 0) + row.total_amount);
  return [...totals].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([currency]) => currency);
}

/** Suppliers drawn one by one; the others are summed as one. */
export const SPEND_SUPPLIERS = 5;
const SUPPLIER_COLORS = ['blue.6', 'teal.6', 'grape.6', 'orange.6', 'cyan.7'];

/** Spend per month in one currency, stacked by supplier: the largest SPEND_SUPPLIERS, the rest as one. */
export function spendChart(spend: PurchaseSpend, currency: string): DrawnChart | null {
  const rows = spend.spend.filter((row) => row.currency === currency);
  if (rows.length === 0) return null;
  const bySupplier = new Map<string, { name: string; total: number }>();
  for (const row of rows) {
    const supplier = bySupplier.get(row.supplier_id) ?? { name: row.supplier_name ?? 'Unknown supplier', total: 0 };
    supplier.total += row.total_amount;
    bySupplier.set(row.supplier_id, supplier);
  }
  const ranked = [...bySupplier].sort((a, b) => b[1].total - a[1].total || a[1].name.localeCompare(b[1].name));
  const drawn = new Map(ranked.slice(0, SPEND_SUPPLIERS).map(([id], i) => [id, `s${i}`]));
  const series = ranked.slice(0, SPEND_SUPPLIERS).map(([, supplier], i) => ({
    name: `s${i}`,
    label: supplier.name,
    color: SUPPLIER_COLORS[i]!,
  }));
  if (ranked.length > SPEND_SUPPLIERS) series.push({ name: 'other', label: 'Other suppliers', color: 'gray.6' });
  const data = spend.months.map((month) => {
    const point: Record<string, string | number> = { month: monthLabel(month) };
    for (const s of series) point[s.name] = 0;
    for (const row of rows.filter((r) => r.month === month)) {
      const key = drawn.get(row.supplier_id) ?? 'other';
      point[key] = Math.round(((point[key] as number) + row.total_amount) * 100) / 100;
    }
    return point;
  });
  const total = ranked.reduce((sum, [, supplier]) => sum + supplier.total, 0);
  const [topName, top] = [ranked[0]![1].name, ranked[0]![1].total];
  return {
    spec: {
      kind: 'bar',
      stacked: true,
      dataKey: 'month',
      data,
      series,
      format: (value) => formatMoney(value, currency),
    },
    summary: `${formatMoney(total, currency)} ordered from ${plural(ranked.length, 'supplier', 'suppliers')} from ${monthLabel(spend.from)} to ${monthLabel(spend.to)}; the most from ${topName} (${formatMoney(top, currency)}).`,
    rowHeader: 'Month',
  };
}

/** Units in and out of on-hand stock per week, the current week last. */
export function flowChart(flow: WeeklyFlow): DrawnChart | null {
  if (flow.weeks.every((week) => week.units_in === 0 && week.units_out === 0)) return null;
  const sum = (key: 'units_in' | 'units_out') => flow.weeks.reduce((total, week) => total + week[key], 0);
  const current = flow.weeks.at(-1)!;
  return {
    spec: {
      kind: 'bar',
      dataKey: 'week',
      data: flow.weeks.map((week) => ({
        week: shortDate(week.week_start),
        units_in: week.units_in,
        units_out: week.units_out,
      })),
      series: [
        { name: 'units_in', label: 'In', color: 'teal.6' },
        { name: 'units_out', label: 'Out', color: 'red.6' },
      ],
    },
    summary: `${plural(sum('units_in'), 'unit', 'units')} in and ${formatNumber(sum('units_out'))} out over ${plural(flow.weeks.length, 'week', 'weeks')}; this week so far ${formatNumber(current.units_in)} in, ${formatNumber(current.units_out)} out.`,
    rowHeader: 'Week of',
  };
}
