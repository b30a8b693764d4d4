// A product's stock over time as a chart: one line per warehouse (and their total where there are several) from
// its daily levels, the sentence that sums it up, and nothing to draw for a product whose stock never moved.
import type { components } from '../../../clients/typescript/src/openapi';
import { shortDate } from '../charts/chart-labels';
import type { ChartSeries, DrawnChart } from '../charts/chart-spec';
import { formatNumber } from '../lib/format';

type Levels = components['schemas']['ProductStockLevels'];

const COLORS = ['blue.6', 'teal.6', 'grape.6', 'orange.6', 'cyan.7', 'pink.6', 'lime.7', 'indigo.6'];

export function stockChart(levels: Levels): DrawnChart | null {
  if (levels.warehouses.length === 0) return null;
  const several = levels.warehouses.length > 1;
  const series: ChartSeries[] = levels.warehouses.map((w, i) => ({
    name: `w${i}`,
    label: w.warehouse.code,
    color: COLORS[i % COLORS.length]!,
  }));
  if (several) series.push({ name: 'total', label: 'Total', color: 'gray.7', dashed: true });
  const data = levels.total.map((point, day) => {
    const row: Record<string, string | number> = { date: shortDate(point.date) };
    levels.warehouses.forEach((w, i) => (row[`w${i}`] = w.points[day]!.quantity_on_hand));
    if (several) row.total = point.quantity_on_hand;
    return row;
  });
  const now = levels.total.at(-1)!.quantity_on_hand;
  const first = levels.total[0]!;
  const split = several
    ? ` (${levels.warehouses.map((w) => `${w.warehouse.code} ${formatNumber(w.points.at(-1)!.quantity_on_hand)}`).join(', ')})`
    : '';
  return {
    spec: { kind: 'line', dataKey: 'date', data, series },
    summary: `On hand now: ${formatNumber(now)}${split}; on ${shortDate(first.date)}: ${formatNumber(first.quantity_on_hand)}.`,
    rowHeader: 'Day',
  };
}
