// The bar above a list while rows are ticked: how many, the actions for them, and a way to clear the ticks.
// It is a toolbar, so that its actions are announced together and reached in one tab stop after another.
import { Button, Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface Props {
  count: number;
  onClear: () => void;
  /** The actions, already limited to those the user's role may do. */
  children: ReactNode;
}

export function BulkBar({ count, onClear, children }: Props) {
  if (count === 0) return null;
  return (
    <Paper withBorder p="xs" mb="sm" bg="var(--mantine-color-default-hover)">
      <Group gap="xs" wrap="wrap" role="toolbar" aria-label="Actions for the selected rows">
        <Text fw={600} size="sm" mr="xs" aria-live="polite">
          {count} selected
        </Text>
        {children}
        <Button variant="subtle" size="xs" onClick={onClear}>
          Clear selection
        </Button>
      </Group>
    </Paper>
  );
}
