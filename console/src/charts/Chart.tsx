// The chart library, loaded only where a chart is drawn: this module and its styles are a chunk of their own
// (React.lazy in ChartSection), so that no area's first load carries them.
import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import type { ChartSpec } from './chart-spec';

const HEIGHT = 240;
/** Drawn at once: the figures are what matters, and a chart growing into place reads as a change in them. */
const STILL = { isAnimationActive: false };

export default function Chart({ spec }: { spec: ChartSpec }) {
  const shared = {
    h: HEIGHT,
    data: spec.data,
    dataKey: spec.dataKey,
    series: spec.series.map(({ dashed, ...series }) => (dashed ? { ...series, strokeDasharray: '6 4' } : series)),
    valueFormatter: spec.format,
    withLegend: spec.series.length > 1,
    legendProps: { verticalAlign: 'bottom' as const },
    // The figures are read out from the section's table; the drawing is not a second, keyboard-driven copy.
    accessibilityLayer: false,
    tickLine: 'y' as const,
    // Counts of orders and units: no tick at 0.5 of one.
    yAxisProps: { allowDecimals: false },
    xAxisProps: spec.everyLabel ? { interval: 0, fontSize: 11 } : undefined,
  };
  return spec.kind === 'bar' ? (
    <BarChart {...shared} type={spec.stacked ? 'stacked' : 'default'} barProps={STILL} />
  ) : (
    <LineChart {...shared} curveType="stepAfter" withDots={false} lineProps={STILL} />
  );
}
