// Movements: the stock ledger, newest first, filtered by type, warehouse, product and date range, paged in the
// URL; a movement's detail opens in a dialog.
import { Anchor, Badge, Button, Group, Select, Table, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '../api/client';
import { ExportButton } from '../components/ExportButton';
import { PageHeader } from '../components/PageHeader';
import { exportQuery } from '../lib/export-rows';
import { MOVEMENT_COLUMNS } from './export-columns';
import { useListPage } from '../lib/useListPage';
import { formatDateTime } from '../lib/format';
import { ListView } from '../components/ListView';
import { MovementDetailDialog } from './MovementDetailDialog';
import { MOVEMENT_TYPES, movementColor } from './movement-types';
import { signed } from './physical-count';
import { ProductPicker, usePickedProduct } from './ProductPicker';
import { useStockMovements, type StockMovement } from './api';
import { WarehouseSelect } from './WarehouseSelect';

const shape = { filters: ['type', 'warehouse', 'product', 'from', 'to'] as const, defaultSort: '-created_at' };

export function MovementsPage() {
  const list = useListPage(shape);
  const [detail, setDetail] = useState<StockMovement | null>(null);
  const query = {
    page: list.state.page,
    movement_type: list.filters.type,
    warehouse_id: list.filters.warehouse,
    product_id: list.filters.product,
    from: list.filters.from,
    to: list.filters.to,
  };
  const movements = useStockMovements(query);
  const picked = usePickedProduct(list.filters.product);

  return (
    <>
      <PageHeader
        title="Movements"
        description="Every change of stock, newest first."
        actions={
          <ExportButton
            name="stock-movements"
            columns={MOVEMENT_COLUMNS}
            source={{
              keyset: true,
              fetchPage: (next) =>
                api.GET('/api/v1/operations/stock-movements', { params: { query: exportQuery(query, next) } }),
            }}
          />
        }
      />
      <Group align="flex-end" mb="md" wrap="wrap">
        <Select
          label="Type"
          clearable
          placeholder="Any type"
          data={MOVEMENT_TYPES}
          value={list.filters.type ?? null}
          onChange={(type) => list.setFilter('type', type)}
          w={180}
        />
        <WarehouseSelect
          label="Warehouse"
          clearable
          placeholder="All warehouses"
          value={list.filters.warehouse ?? null}
          onChange={(warehouse) => list.setFilter('warehouse', warehouse)}
          w={200}
        />
        <ProductPicker
          label="Product"
          value={picked}
          onChange={(chosen) => list.setFilter('product', chosen?.id ?? null)}
          w={240}
        />
        <TextInput
          type="date"
          label="From"
          value={list.filters.from ?? ''}
          onChange={(event) => list.setFilter('from', event.currentTarget.value)}
          w={150}
        />
        <TextInput
          type="date"
          label="To"
          value={list.filters.to ?? ''}
          onChange={(event) => list.setFilter('to', event.currentTarget.value)}
          w={150}
        />
      </Group>
      <ListView
        list={list}
        query={movements}
        noun={['movement', 'movements']}
        errorTitle="Could not load the movements"
        none="No stock has moved yet."
        noMatch="No movements match these filters."
      >
        {(rows) => <MovementsTable movements={rows} onOpen={setDetail} />}
      </ListView>
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
