// The empty state every list of the area uses, with its way out.
import { Button, Stack, Text } from '@mantine/core';

export function EmptyState({ message, onClear }: { message: string; onClear?: () => void }) {
  return (
    <Stack align="flex-start" gap="xs" py="lg">
      <Text c="dimmed">{message}</Text>
      {onClear && (
        <Button variant="light" size="xs" onClick={onClear}>
          Clear the filters
        </Button>
      )}
    </Stack>
  );
}
