// Where the product's stock is (one row per warehouse), how it went over time, and its latest movements, asked for
// together.
import { Badge, Stack, Table, Text, Title } from '@mantine/core';
import { QueryView } from '../components/QueryView';
import { ProductStockChart } from './ProductStockChart';
import { useProductMovements, useProductStock } from './api';
import type { Product } from './model';
import { formatDateTime, formatNumber } from '../lib/format';
import { StockStatusBadge } from '../inventory/StockStatusBadge';

export function ProductStock({ product }: { product: Product }) {
  const records = useProductStock(product.id);
  const movements = useProductMovements(product.id);

  return (
    <Stack gap="lg">
      {!product.track_inventory && <Text c="dimmed">This product's stock is not tracked.</Text>}
      <section>
        <Title order={2} size="h5" mb="xs">
          Stock per warehouse
        </Title>
        <QueryView
          query={records}
          errorTitle="Could not load the stock"
          isEmpty={(page) => page.data.length === 0}
          empty={
            <Text c="dimmed" size="sm">
              No warehouse holds this product.
            </Text>
          }
        >
          {(page) => (
            <Table.ScrollContainer minWidth={640}>
              <Table aria-label="Stock per warehouse" withTableBorder>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Warehouse</Table.Th>
                    <Table.Th ta="right">On hand</Table.Th>
                    <Table.Th ta="right">Reserved</Table.Th>
                    <Table.Th ta="right">Available</Table.Th>
                    <Table.Th ta="right">Reorder point</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Last movement</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {page.data.map((record) => (
                    <Table.Tr key={record.id}>
                      <Table.Td>
                        {record.warehouse.name}{' '}
                        <Text span size="xs" c="dimmed">
                          {record.warehouse.code}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right">{formatNumber(record.quantity_on_hand)}</Table.Td>
                      <Table.Td ta="right">{formatNumber(record.quantity_reserved)}</Table.Td>
                      <Table.Td ta="right">{formatNumber(record.quantity_available)}</Table.Td>
                      <Table.Td ta="right">{record.effective_reorder_point ?? '—'}</Table.Td>
                      <Table.Td>
                        <StockStatusBadge status={record.stock_status} />
                      </Table.Td>
                      <Table.Td>{formatDateTime(record.last_movement_at)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </QueryView>
      </section>
      <ProductStockChart productId={product.id} />
      <section>
        <Title order={2} size="h5" mb="xs">
          Recent stock movements
        </Title>
        <QueryView
          query={movements}
          errorTitle="Could not load the movements"
          isEmpty={(page) => page.data.length === 0}
          empty={
            <Text c="dimmed" size="sm">
              No stock movements yet.
            </Text>
          }
        >
          {(page) => (
            <Table.ScrollContainer minWidth={760}>
              <Table aria-label="Recent stock movements" withTableBorder>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>When</Table.Th>
                    <Table.Th>Movement</Table.Th>
                    <Table.Th>Warehouse</Table.Th>
                    <Table.Th ta="right">Change</Table.Th>
                    <Table.Th ta="right">After</Table.Th>
                    <Table.Th>Reason</Table.Th>
                    <Table.Th>By</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {page.data.map((movement) => (
                    <Table.Tr key={movement.id}>
                      <Table.Td>{formatDateTime(movement.created_at)}</Table.Td>
                      <Table.Td>
                        <Badge
                          variant="light"
                          color={movement.is_inbound ? 'teal' : movement.is_outbound ? 'orange' : 'gray'}
                          radius="sm"
                        >
                          {movement.movement_type.label}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{movement.warehouse?.name ?? '—'}</Table.Td>
                      <Table.Td ta="right">
                        {movement.quantity > 0
                          ? `+${formatNumber(movement.quantity)}`
                          : formatNumber(movement.quantity)}
                      </Table.Td>
                      <Table.Td ta="right">{formatNumber(movement.quantity_after)}</Table.Td>
                      <Table.Td>{movement.reason ?? '—'}</Table.Td>
                      <Table.Td>{movement.creator?.name ?? '—'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </QueryView>
      </section>
    </Stack>
  );
}
