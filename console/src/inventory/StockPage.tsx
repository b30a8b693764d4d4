// Stock: every inventory record (a product in a warehouse) with its quantities and status, filtered by
// warehouse, product and stock level, sorted and paged in the URL; the actions on a record open dialogs.
import { ActionIcon, Anchor, Button, Group, Menu, Select, Table, VisuallyHidden } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '../api/client';
import { useCan } from '../auth/session';
import { ExportButton } from '../components/ExportButton';
import { exportQuery } from '../lib/export-rows';
import { STOCK_COLUMNS } from './export-columns';
import { PageHeader } from '../components/PageHeader';
import { useListPage } from '../lib/useListPage';
import { formatDateTime } from '../lib/format';
import { SortHeader } from '../components/SortHeader';
import { ListView } from '../components/ListView';
import { ProductPicker, usePickedProduct } from './ProductPicker';
import { useInventoryRecords, type InventoryRecord, type RecordsQuery } from './api';
import { ACTION_ABILITIES, ACTION_LABELS, StockActionDialog, type StockAction } from './StockActionDialogs';
import { StockStatusBadge } from './StockStatusBadge';
import { WarehouseSelect } from './WarehouseSelect';

const shape = { filters: ['warehouse', 'product', 'level'] as const, defaultSort: 'product_name' };
const SORTS = new Set(['product_name', 'updated_at']);

const LEVELS = [
  { value: 'low', label: 'Low stock' },
  { value: 'ok', label: 'Not low' },
];

export function StockPage() {
  const list = useListPage(shape);
  const [action, setAction] = useState<{ action: StockAction; record: InventoryRecord } | null>(null);
  const query: RecordsQuery = {
    page: list.state.page,
    warehouse_id: list.filters.warehouse,
    product_id: list.filters.product,
    low_stock: list.filters.level === undefined ? undefined : list.filters.level === 'low',
    sort_by: SORTS.has(list.sort.column) ? (list.sort.column as RecordsQuery['sort_by']) : 'product_name',
    sort_direction: list.sort.direction,
  };
  const records = useInventoryRecords(query);
  const picked = usePickedProduct(list.filters.product);

  return (
    <>
      <PageHeader
        title="Stock"
        description="What each warehouse holds, what is reserved, and what is available."
        actions={
          <>
            <ExportButton
              name="stock"
              columns={STOCK_COLUMNS}
              source={{
                fetchPage: (next) =>
                  api.GET('/api/v1/operations/inventory', { params: { query: exportQuery(query, next) } }),
              }}
            />
            <Button component={Link} to="/inventory/count" variant="light">
              Physical count
            </Button>
          </>
        }
      />
      <Group align="flex-end" mb="md" wrap="wrap">
        <WarehouseSelect
          label="Warehouse"
          clearable
          placeholder="All warehouses"
          value={list.filters.warehouse ?? null}
          onChange={(warehouse) => list.setFilter('warehouse', warehouse)}
          w={240}
        />
        <ProductPicker
          label="Product"
          value={picked}
          onChange={(chosen) => list.setFilter('product', chosen?.id ?? null)}
          w={300}
        />
        <Select
          label="Stock level"
          clearable
          placeholder="Any"
          data={LEVELS}
          value={list.filters.level ?? null}
          onChange={(level) => list.setFilter('level', level)}
          w={240}
        />
      </Group>
      <ListView
        list={list}
        query={records}
        noun={['record', 'records']}
        errorTitle="Could not load the stock"
        none="No stock yet: records appear when stock is first received, adjusted or counted."
        noMatch="No stock records match these filters."
      >
        {(rows) => (
          <StockTable
            records={rows}
            {...list.sortProps}
            onAction={(next, record) => setAction({ action: next, record })}
          />
        )}
      </ListView>
      {action && <StockActionDialog action={action.action} record={action.record} onClose={() => setAction(null)} />}
    </>
  );
}

interface TableProps {
  records: InventoryRecord[];
  sort: string;
  onSort: (sort: string) => void;
  onAction: (action: StockAction, record: InventoryRecord) => void;
}

function StockTable({ records, sort, onSort, onAction }: TableProps) {
  const can = useCan();
  const allowed = (Object.keys(ACTION_ABILITIES) as StockAction[]).filter((action) => can(ACTION_ABILITIES[action]));
  return (
    <Table.ScrollContainer minWidth={980}>
      <Table aria-label="Stock records" striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <SortHeader column="product_name" sort={sort} onSort={onSort}>
              Product
            </SortHeader>
            <Table.Th>SKU</Table.Th>
            <Table.Th>Warehouse</Table.Th>
            <Table.Th ta="right">On hand</Table.Th>
            <Table.Th ta="right">Reserved</Table.Th>
            <Table.Th ta="right">Available</Table.Th>
            <Table.Th ta="right">Reorder point</Table.Th>
            <Table.Th>Status</Table.Th>
            <SortHeader column="updated_at" sort={sort} onSort={onSort}>
              Updated
            </SortHeader>
            {allowed.length > 0 && (
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((record) => {
            return (
              <Table.Tr key={record.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/products/${record.product_id}`} size="sm">
                    {record.product.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{record.product.sku}</Table.Td>
                <Table.Td>{record.warehouse.name}</Table.Td>
                <Table.Td ta="right">{record.quantity_on_hand}</Table.Td>
                <Table.Td ta="right">{record.quantity_reserved}</Table.Td>
                <Table.Td ta="right">{record.quantity_available}</Table.Td>
                <Table.Td ta="right">{reorderPoint(record)}</Table.Td>
                <Table.Td>
                  <StockStatusBadge status={record.stock_status} />
                </Table.Td>
                <Table.Td>{formatDateTime(record.updated_at)}</Table.Td>
                {allowed.length > 0 && (
                  <Table.Td>
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Actions for ${record.product.name} in ${record.warehouse.name}`}
                        >
                          <IconDots size={18} />
                        </ActionIcon>
                      </Menu.Target>
                      <Menu.Dropdown>
                        {allowed.map((action) => (
                          <Menu.Item key={action} onClick={() => onAction(action, record)}>
                            {ACTION_LABELS[action]}
                          </Menu.Item>
                        ))}
                      </Menu.Dropdown>
                    </Menu>
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The reorder point that applies, marked when it is the product's (the record has none of its own). */
function reorderPoint(record: InventoryRecord): string {
  if (record.effective_reorder_point === null) return '—';
  return record.reorder_point === null
    ? `${record.effective_reorder_point} (product)`
    : String(record.effective_reorder_point);
}
