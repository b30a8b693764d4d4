// The purchase orders: a tab per stage of their life, a supplier filter and a search, sortable columns, pages.
// Everything the user chose lives in the URL, so a link or the back button brings back the same view.
import { Anchor, Button, Group, Stack, Table } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { api } from '../api/client';
import { ExportButton } from '../components/ExportButton';
import { SelectPageHeader, SelectRowCell } from '../components/SelectionCheckboxes';
import { EXPORT_PAGE_SIZE } from '../lib/export-rows';
import { useRowSelection, type RowSelection } from '../lib/useRowSelection';
import { OrderBulkBar } from './OrderBulkBar';
import { ORDER_COLUMNS } from './order-columns';
import { Guarded } from '../components/Guarded';
import { SearchInput } from '../components/SearchInput';
import { StatusTabs } from '../components/StatusTabs';
import { ListView, SkeletonLines } from '../components/ListView';
import { SortHeader } from '../components/SortHeader';
import { PageHeader } from '../components/PageHeader';
import { type ListStateShape } from '../lib/url-state';
import { useListPage } from '../lib/useListPage';
import { usePurchaseOrders, type OrderSortColumn, type PurchaseOrder } from './api';
import { formatCalendarDate, formatDateTime, formatMoney } from '../lib/format';
import { STATUS_TABS, statusFilter } from './status';
import { StatusBadge } from './StatusBadge';
import { SupplierSelect } from './SupplierSelect';

type Filter = 'status' | 'supplier' | 'search';
const SHAPE: ListStateShape<Filter> = { filters: ['status', 'supplier', 'search'], defaultSort: '-created_at' };
const SORTABLE: readonly OrderSortColumn[] = [
  'po_number',
  'status',
  'total_amount',
  'expected_delivery_date',
  'created_at',
];

export function PurchaseOrdersPage() {
  const list = useListPage(SHAPE);
  const { column, direction } = list.sort;
  const sortBy = (SORTABLE as readonly string[]).includes(column) ? (column as OrderSortColumn) : 'created_at';
  const filters = {
    status: statusFilter(list.filters.status),
    supplier_id: list.filters.supplier,
    search: list.filters.search,
    sort_by: sortBy,
    sort_direction: direction,
  };
  const orders = usePurchaseOrders({ page: list.state.page, ...filters });
  const selection = useRowSelection<PurchaseOrder>();

  // The sort the API applies: an unknown column in the URL falls back to the newest first.
  const sortProps = { ...list.sortProps, sort: `${direction === 'desc' ? '-' : ''}${sortBy}` };

  return (
    <>
      <PageHeader
        title="Purchase orders"
        description="Orders to suppliers, from draft through approval and delivery."
        actions={
          <>
            <ExportButton
              name="purchase-orders"
              columns={ORDER_COLUMNS}
              source={{
                fetchPage: (next) =>
                  api.GET('/api/v1/operations/purchase-orders', {
                    params: { query: { ...filters, per_page: EXPORT_PAGE_SIZE, ...next } },
                  }),
              }}
            />
            <Guarded ability="operations:create-purchase-orders">
              <Button component={Link} to="/purchase-orders/new" leftSection={<IconPlus size={16} />}>
                New purchase order
              </Button>
            </Guarded>
          </>
        }
      />
      <Stack gap="sm">
        <StatusTabs
          tabs={STATUS_TABS}
          value={list.filters.status}
          onChange={(status) => list.setFilter('status', status)}
        />
        <Group gap="sm" align="flex-end" wrap="wrap">
          <SearchInput
            value={list.filters.search ?? ''}
            onSearch={(search) => list.setFilter('search', search)}
            placeholder="PO number, notes or supplier"
            w={300}
          />
          <Guarded ability="operations:view-suppliers">
            <SupplierSelect
              label="Supplier"
              placeholder="Any supplier"
              clearable
              w={260}
              value={list.filters.supplier ?? null}
              onChange={(supplier) => list.setFilter('supplier', supplier)}
            />
          </Guarded>
        </Group>

        <OrderBulkBar selection={selection} />
        <ListView
          list={list}
          query={orders}
          noun={['order', 'orders']}
          errorTitle="Could not load the purchase orders"
          loading={<SkeletonLines count={6} height={34} label="Loading purchase orders" />}
          none="No purchase orders yet."
          noMatch="No purchase orders match these filters."
        >
          {(rows) => (
            <Table.ScrollContainer minWidth={1000}>
              <Table aria-label="Purchase orders" striped highlightOnHover verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <SelectPageHeader selection={selection} rows={rows} />
                    <SortHeader column="po_number" {...sortProps}>
                      Number
                    </SortHeader>
                    <Table.Th>Supplier</Table.Th>
                    <Table.Th>Warehouse</Table.Th>
                    <SortHeader column="status" {...sortProps}>
                      Status
                    </SortHeader>
                    <SortHeader column="total_amount" {...sortProps} numeric>
                      Total
                    </SortHeader>
                    <SortHeader column="expected_delivery_date" {...sortProps}>
                      Expected
                    </SortHeader>
                    <SortHeader column="created_at" {...sortProps}>
                      Created
                    </SortHeader>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((order) => (
                    <OrderRow key={order.id} order={order} selection={selection} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </ListView>
      </Stack>
    </>
  );
}

function OrderRow({ order, selection }: { order: PurchaseOrder; selection: RowSelection<PurchaseOrder> }) {
  // Numbers, badges, amounts and dates keep to one line; names may wrap.
  const nowrap = { whiteSpace: 'nowrap' } as const;
  return (
    <Table.Tr>
      <SelectRowCell selection={selection} row={order} name={order.po_number} />
      <Table.Td style={nowrap}>
        <Anchor component={Link} to={`/purchase-orders/${order.id}`} fw={500}>
          {order.po_number}
        </Anchor>
      </Table.Td>
      <Table.Td>{order.supplier?.name ?? '—'}</Table.Td>
      <Table.Td>{order.warehouse?.name ?? '—'}</Table.Td>
      <Table.Td style={nowrap}>
        <StatusBadge status={order.status} />
      </Table.Td>
      <Table.Td ta="right" style={nowrap}>
        {formatMoney(order.total_amount, order.currency)}
      </Table.Td>
      <Table.Td style={nowrap}>{formatCalendarDate(order.expected_delivery_date)}</Table.Td>
      <Table.Td style={nowrap}>{formatDateTime(order.created_at)}</Table.Td>
    </Table.Tr>
  );
}
