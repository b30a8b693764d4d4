// A number with its caption above it, large enough to read at arm's length: the figures of a card on a phone.
import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export function Figure({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="lg" fw={700}>
        {value}
      </Text>
    </Stack>
  );
}
