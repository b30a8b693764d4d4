// Stock: every inventory record (a product in a warehouse) with its quantities and status, filtered by
// warehouse (the worker's own remembered in the browser), product (picked or scanned) and stock level, sorted
// and paged in the URL; the actions on a record open dialogs. Below 768 px the records are cards.
import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Menu,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { api } from '../api/client';
import { useCan } from '../auth/session';
import { ExportButton } from '../components/ExportButton';
import { exportQuery } from '../lib/export-rows';
import { STOCK_COLUMNS } from './export-columns';
import { Figure } from '../components/Figure';
import { PageHeader } from '../components/PageHeader';
import { useListPage } from '../lib/useListPage';
import { formatDateTime } from '../lib/format';
import { SortHeader } from '../components/SortHeader';
import { ListView } from '../components/ListView';
import { useNarrowScreen } from '../lib/useNarrowScreen';
import { useScanner } from '../lib/useScanner';
import { useProductScan } from '../products/useProductScan';
import { ProductPicker, usePickedProduct } from './ProductPicker';
import { useInventoryRecords, type InventoryRecord, type RecordsQuery } from './api';
import { ACTION_ABILITIES, ACTION_LABELS, StockActionDialog, type StockAction } from './StockActionDialogs';
import { StockStatusBadge } from './StockStatusBadge';
import { useRememberedWarehouse } from './useRememberedWarehouse';
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
  const narrow = useNarrowScreen();
  const [remembered, remember] = useRememberedWarehouse();
  // A plain visit shows the worker's warehouse (once it is known to exist); a link that filters shows what it
  // filters. Only on arrival: clearing the filter later forgets the warehouse instead.
  const plainVisit = Object.keys(list.filters).length === 0;
  const arrived = useRef(false);
  const { setFilter } = list;
  useEffect(() => {
    if (arrived.current || !remembered) return;
    arrived.current = true;
    if (plainVisit) setFilter('warehouse', remembered);
  }, [remembered, plainVisit, setFilter]);
  const chooseWarehouse = (warehouse: string | null) => {
    remember(warehouse);
    list.setFilter('warehouse', warehouse);
  };
  // A scanned code filters the stock to its product.
  const scanning = useProductScan((product) => {
    list.setFilter('product', product.id);
    return null;
  });
  const scanCode = (code: string) => void scanning.scan(code);
  useScanner(scanCode, { page: true });
  const pickerScanner = useScanner(scanCode);

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
          onChange={chooseWarehouse}
          size={narrow ? 'lg' : 'sm'}
          w={{ base: '100%', sm: 240 }}
        />
        <ProductPicker
          label="Product"
          description="Type a name or SKU, or scan a barcode"
          value={picked}
          onChange={(chosen) => {
            scanning.clearRefusal();
            list.setFilter('product', chosen?.id ?? null);
          }}
          onKeyDown={pickerScanner.onKeyDown}
          error={scanning.refusal}
          size={narrow ? 'lg' : 'sm'}
          w={{ base: '100%', sm: 300 }}
        />
        <Select
          label="Stock level"
          clearable
          placeholder="Any"
          data={LEVELS}
          value={list.filters.level ?? null}
          onChange={(level) => list.setFilter('level', level)}
          size={narrow ? 'lg' : 'sm'}
          w={{ base: '100%', sm: 240 }}
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
        {(rows) =>
          narrow ? (
            <StockCards records={rows} onAction={(next, record) => setAction({ action: next, record })} />
          ) : (
            <StockTable
              records={rows}
              {...list.sortProps}
              onAction={(next, record) => setAction({ action: next, record })}
            />
          )
        }
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

/** The stock actions the user's abilities allow. */
function useAllowedActions(): StockAction[] {
  const can = useCan();
  return (Object.keys(ACTION_ABILITIES) as StockAction[]).filter((action) => can(ACTION_ABILITIES[action]));
}

function ActionsMenu({
  record,
  allowed,
  onAction,
  large = false,
}: {
  record: InventoryRecord;
  allowed: StockAction[];
  onAction: TableProps['onAction'];
  large?: boolean;
}) {
  // As RowMenu does: the focus back on the button before the action's dialog opens, so that it returns there.
  const button = useRef<HTMLButtonElement>(null);
  return (
    <Menu position="bottom-end" withinPortal onClose={() => button.current?.focus()}>
      <Menu.Target>
        <ActionIcon
          ref={button}
          variant={large ? 'default' : 'subtle'}
          size={large ? 'xl' : 'md'}
          aria-label={`Actions for ${record.product.name} in ${record.warehouse.name}`}
        >
          <IconDots size={large ? 24 : 18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {allowed.map((action) => (
          <Menu.Item key={action} onClick={() => onAction(action, record)} py={large ? 'md' : undefined}>
            {ACTION_LABELS[action]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The records as cards, for a phone: what it holds in large figures, the actions behind one large button. */
function StockCards({ records, onAction }: Pick<TableProps, 'records' | 'onAction'>) {
  const allowed = useAllowedActions();
  return (
    <Stack gap="sm" role="list" aria-label="Stock records">
      {records.map((record) => (
        <Paper key={record.id} withBorder p="sm" role="listitem">
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Stack gap={2} miw={0}>
              <Anchor component={Link} to={`/products/${record.product_id}`} fw={600}>
                {record.product.name}
              </Anchor>
              <Text size="sm" c="dimmed">
                {record.product.sku} · {record.warehouse.name}
              </Text>
              <StockStatusBadge status={record.stock_status} />
            </Stack>
            {allowed.length > 0 && <ActionsMenu record={record} allowed={allowed} onAction={onAction} large />}
          </Group>
          <SimpleGrid cols={3} mt="sm" spacing="xs">
            <Figure label="On hand" value={record.quantity_on_hand} />
            <Figure label="Reserved" value={record.quantity_reserved} />
            <Figure label="Available" value={record.quantity_available} />
          </SimpleGrid>
          <Text size="xs" c="dimmed" mt="xs">
            Reorder point {reorderPoint(record)} · updated {formatDateTime(record.updated_at)}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}

function StockTable({ records, sort, onSort, onAction }: TableProps) {
  const allowed = useAllowedActions();
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
                    <ActionsMenu record={record} allowed={allowed} onAction={onAction} />
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
