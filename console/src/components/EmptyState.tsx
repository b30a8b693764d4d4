// A list with no rows: why it is empty, and the way out when the user's filters emptied it. One component for
// every list, so that an empty list reads and behaves alike everywhere.
import { Button, Stack, Text } from '@mantine/core';

interface Props {
  /** `No tags match these filters.` or `No tags yet.` */
  message: string;
  /** Clears the list's filters; without it there is no way out to offer. */
  onClear?: () => void;
  clearLabel?: string;
  /** Inside a bordered card (under a table's headers): keeps the text off the card's edge. */
  inset?: boolean;
}

export function EmptyState({ message, onClear, clearLabel = 'Clear the filters', inset = false }: Props) {
  return (
    <Stack align="flex-start" gap="xs" py="lg" px={inset ? 'md' : undefined}>
      <Text c="dimmed">{message}</Text>
      {onClear && (
        <Button variant="light" size="xs" onClick={onClear}>
          {clearLabel}
        </Button>
      )}
    </Stack>
  );
}
