// A chart's choice of what it draws (a period, a currency): a small segmented control above the chart, named for
// screen readers by `label`.
import { SegmentedControl } from '@mantine/core';

interface Props {
  label: string;
  data: Array<string | { value: string; label: string }>;
  value: string;
  onChange: (value: string) => void;
}

export function ChartChoice({ label, data, value, onChange }: Props) {
  return (
    <SegmentedControl
      aria-label={label}
      size="xs"
      data={data}
      value={value}
      onChange={onChange}
      style={{ alignSelf: 'flex-start' }}
    />
  );
}
