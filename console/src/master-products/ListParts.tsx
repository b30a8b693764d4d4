// The master product list's empty state.
import { Button, Stack, Text } from '@mantine/core';

export function EmptyState({ message, onClear }: { message: string; onClear?: () => void }) {
  return (
    <Stack align="flex-start" py="lg" gap="xs">
      <Text c="dimmed">{message}</Text>
      {onClear && (
        <Button variant="light" size="xs" onClick={onClear}>
          Clear the filters
        </Button>
      )}
    </Stack>
  );
}
