// A quantity for a thumb: the number in a large field between large "one less" and "one more" buttons, as the
// phone layouts of the count and the receipt use it. The buttons stay within `min` and `max`.
import { ActionIcon, Group } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { NumberInput } from './NumberInput';

interface Props {
  label: string;
  /** What the field is for, spoken in full ("Counted quantity of Drill"); its buttons are named after it. */
  name: string;
  /** The thing counted, for the buttons ("One more Drill"). */
  of: string;
  value: number | string;
  onChange: (value: number | string) => void;
  min?: number;
  max?: number;
  error?: ReactNode;
}

export function QuantityField({ label, name, of, value, onChange, min = 0, max, error }: Props) {
  const current = value === '' ? null : Number(value);
  return (
    <Group gap="xs" wrap="nowrap" align="flex-end">
      <ActionIcon
        variant="default"
        size={50}
        aria-label={`One less ${of}`}
        disabled={current === null || current <= min}
        onClick={() => onChange(Math.max(min, (current ?? 0) - 1))}
      >
        <IconMinus size={22} />
      </ActionIcon>
      <NumberInput
        label={label}
        aria-label={name}
        value={value}
        onChange={onChange}
        min={min}
        max={max}
        error={error}
        allowDecimal={false}
        allowNegative={false}
        hideControls
        size="lg"
        inputMode="numeric"
        style={{ flex: 1 }}
      />
      <ActionIcon
        variant="default"
        size={50}
        aria-label={`One more ${of}`}
        disabled={max !== undefined && current !== null && current >= max}
        onClick={() => onChange((current ?? 0) + 1)}
      >
        <IconPlus size={22} />
      </ActionIcon>
    </Group>
  );
}
