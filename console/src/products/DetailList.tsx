// Label and value pairs, two columns wide on a wide screen and one on a narrow one.
import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export function DetailList({ items, label }: { items: [label: string, value: ReactNode][]; label: string }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm" aria-label={label} m={0}>
      {items.map(([term, value]) => (
        <Stack key={term} gap={0}>
          <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
            {term}
          </Text>
          <Text component="dd" size="sm" m={0}>
            {value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
