// Movements: the stock ledger, newest first, filtered by type, warehouse, product and date range, paged in the
// URL; a movement's detail opens in a dialog.
import { Anchor, Badge, Button, Group, Select, Skeleton, Table, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { QueryError } from '../components/QueryError';
import { useListState } from '../lib/url-state';
import { formatDateTime } from '../lib/format';
import { ListFooter } from '../components/ListFooter';
import { EmptyState } from '../components/EmptyState';
import { MovementDetailDialog } from './MovementDetailDialog';
import { MOVEMENT_TYPES, movementColor } from './movement-types';
import { signed } from './physical-count';
import { ProductPicker, type PickedProduct } from './ProductPicker';
import { useProduct, useStockMovements, type StockMovement } from './api';
import { WarehouseSelect } from './WarehouseSelect';

const shape = { filters: ['type', 'warehouse', 'product', 'from', 'to'] as const, defaultSort: '-created_at' };

export function MovementsPage() {
  const [state, update] = useListState(shape);
  const [detail, setDetail] = useState<StockMovement | null>(null);
  const movements = useStockMovements({
    page: state.page,
    movement_type: state.filters.type,
    warehouse_id: state.filters.warehouse,
    product_id: state.filters.product,
    from: state.filters.from,
    to: state.filters.to,
  });
  const product = useProduct(state.filters.product);
  const picked: PickedProduct | null = product.data
    ? { id: product.data.id, name: product.data.name, sku: product.data.sku }
    : null;
  const filtered = Object.keys(state.filters).length > 0;

  return (
    <>
      <PageHeader title="Movements" description="Every change of stock, newest first." />
      <Group align="flex-end" mb="md" wrap="wrap">
        <Select
          label="Type"
          clearable
          placeholder="Any type"
          data={MOVEMENT_TYPES}
          value={state.filters.type ?? null}
          onChange={(type) => update({ filters: { type } })}
          w={180}
        />
        <WarehouseSelect
          label="Warehouse"
          clearable
          placeholder="All warehouses"
          value={state.filters.warehouse ?? null}
          onChange={(warehouse) => update({ filters: { warehouse } })}
          w={200}
        />
        <ProductPicker
          label="Product"
          value={picked}
          onChange={(chosen) => update({ filters: { product: chosen?.id ?? null } })}
          w={240}
        />
        <TextInput
          type="date"
          label="From"
          value={state.filters.from ?? ''}
          onChange={(event) => update({ filters: { from: event.currentTarget.value } })}
          w={150}
        />
        <TextInput
          type="date"
          label="To"
          value={state.filters.to ?? ''}
          onChange={(event) => update({ filters: { to: event.currentTarget.value } })}
          w={150}
        />
      </Group>
      {movements.isError ? (
        <QueryError
          error={movements.error}
          onRetry={() => void movements.refetch()}
          title="Could not load the movements"
        />
      ) : movements.isPending ? (
        <Skeleton height={240} aria-label="Loading" />
      ) : movements.data.data.length === 0 ? (
        <EmptyState
          message={filtered ? 'No movements match these filters.' : 'No stock has moved yet.'}
          onClear={
            filtered
              ? () => update({ filters: { type: null, warehouse: null, product: null, from: null, to: null } })
              : undefined
          }
        />
      ) : (
        <MovementsTable movements={movements.data.data} onOpen={setDetail} />
      )}
      <ListFooter meta={movements.data?.meta} noun={['movement', 'movements']} onPage={(page) => update({ page })} />
      {detail && <MovementDetailDialog movement={detail} onClose={() => setDetail(null)} />}
    </>
  );
}

function MovementsTable({
  movements,
  onOpen,
}: {
  movements: StockMovement[];
  onOpen: (movement: StockMovement) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table aria-label="Stock movements" striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Product</Table.Th>
            <Table.Th>Warehouse</Table.Th>
            <Table.Th ta="right">Quantity</Table.Th>
            <Table.Th ta="right">Before → after</Table.Th>
            <Table.Th>Reason</Table.Th>
            <Table.Th>By</Table.Th>
            <Table.Th>Details</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {movements.map((movement) => (
            <Table.Tr key={movement.id}>
              <Table.Td>{formatDateTime(movement.created_at)}</Table.Td>
              <Table.Td>
                <Badge miw="max-content" variant="light" color={movementColor(movement)}>
                  {movement.movement_type.label}
                </Badge>
              </Table.Td>
              <Table.Td>
                {movement.product ? (
                  <Anchor component={Link} to={`/products/${movement.product.id}`} size="sm">
                    {movement.product.name}
                  </Anchor>
                ) : (
                  '—'
                )}
              </Table.Td>
              <Table.Td>{movement.warehouse?.name ?? '—'}</Table.Td>
              <Table.Td ta="right">{signed(movement.quantity)}</Table.Td>
              <Table.Td ta="right">
                {movement.quantity_before} → {movement.quantity_after}
              </Table.Td>
              <Table.Td>{movement.reason ?? '—'}</Table.Td>
              <Table.Td>{movement.creator?.name ?? '—'}</Table.Td>
              <Table.Td>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  onClick={() => onOpen(movement)}
                  aria-label={`View the details of the ${movement.movement_type.label.toLowerCase()} of ${formatDateTime(movement.created_at)}`}
                >
                  View
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
