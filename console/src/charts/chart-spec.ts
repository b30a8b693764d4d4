// What a chart draws and the figures it stands for, as plain data: the sections build these from an API answer,
// and the chart library reads them only in its own lazily loaded chunk (Chart.tsx).

export interface ChartSeries {
  /** The key of the value in each row of `data`. */
  name: string;
  label: string;
  /** A Mantine colour, e.g. `teal.6`. */
  color: string;
  /** A line drawn dashed: a sum over the others, which it would hide where it runs along one of them. */
  dashed?: boolean;
}

export interface ChartSpec {
  kind: 'bar' | 'line';
  /** One row per point on the x axis: its label under `dataKey`, a value under each series' name. */
  data: Array<Record<string, string | number>>;
  dataKey: string;
  series: ChartSeries[];
  /** Bars of the series stacked in one column per point. */
  stacked?: boolean;
  /** Every point's label under the axis, none skipped to make room (few points, each of its own kind). */
  everyLabel?: boolean;
  /** How a value reads on the axis and in the tooltip. */
  format?: (value: number) => string;
}

/** What a section draws from its data: the chart, the sentence that sums it up, its table's first column header. */
export interface DrawnChart {
  spec: ChartSpec;
  summary: string;
  rowHeader: string;
}

/** The figures a chart draws, as a table: its text alternative. */
export interface FigureTable {
  /** The header of the first column, which names each row (`Week of`, `Month`). */
  rowHeader: string;
  columns: string[];
  rows: Array<{ label: string; values: string[] }>;
}

/** The table of a chart's own rows: one row per point, one column per series, each value formatted. */
export function figuresOf(spec: ChartSpec, rowHeader: string): FigureTable {
  const format = spec.format ?? ((value: number) => value.toLocaleString());
  return {
    rowHeader,
    columns: spec.series.map((series) => series.label),
    rows: spec.data.map((row) => ({
      label: String(row[spec.dataKey]),
      values: spec.series.map((series) => format(Number(row[series.name] ?? 0))),
    })),
  };
}
