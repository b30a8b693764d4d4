// The product cell of an order form's line: its name, its SKU under it, and the error the API gave the line's
// product, if any.
import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export function LineProductCell({ name, sku, error }: { name: string; sku: string | null; error?: ReactNode }) {
  return (
    <Table.Td>
      <Text size="sm" fw={500}>
        {name}
      </Text>
      <Text size="xs" c="dimmed">
        {sku}
      </Text>
      {error && (
        <Text size="xs" c="red">
          {error}
        </Text>
      )}
    </Table.Td>
  );
}
