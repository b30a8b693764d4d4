// The sales orders: a tab per stage of their life, the backordered and overdue filters, a search by number,
// external reference or customer, sortable columns and pages, all kept in the URL. Rows can be selected for the
// bulk actions their states and the user's role allow, each order sent on its own (BulkActions).
import { Anchor, Button, Chip, Group, Stack, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { api } from '../api/client';
import { ExportButton } from '../components/ExportButton';
import { Guarded } from '../components/Guarded';
import { ListView, SkeletonLines } from '../components/ListView';
import { PageHeader } from '../components/PageHeader';
import { SearchInput } from '../components/SearchInput';
import { SelectPageHeader, SelectRowCell } from '../components/SelectionCheckboxes';
import { StatusTabs } from '../components/StatusTabs';
import { SortHeader } from '../components/SortHeader';
import { formatCalendarDate, formatDateTime, formatMoney } from '../lib/format';
import type { ListStateShape } from '../lib/url-state';
import { EXPORT_PAGE_SIZE } from '../lib/export-rows';
import { useListPage } from '../lib/useListPage';
import { useRowSelection, type RowSelection } from '../lib/useRowSelection';
import { useSalesOrders, type SalesOrder, type SalesOrderListQuery } from './api';
import { useCurrentUser } from '../auth/session';
import { mayActInBulk } from './bulk';
import { SALES_ORDER_COLUMNS } from './order-columns';
import { BulkActions } from './BulkActions';
import { isOverdue } from './dates';
import { STATUS_TABS, statusFilter } from './status';
import { StatusBadge } from './StatusBadge';

type Filter = 'status' | 'backordered' | 'overdue' | 'search';
const SHAPE: ListStateShape<Filter> = {
  filters: ['status', 'backordered', 'overdue', 'search'],
  defaultSort: '-created_at',
};
type SortColumn = NonNullable<SalesOrderListQuery['sort_by']>;
const SORTABLE: readonly SortColumn[] = [
  'order_number',
  'total_amount',
  'requested_ship_date',
  'priority',
  'created_at',
];
export const PAGE_SIZE = 25;

export function SalesOrdersPage() {
  const list = useListPage(SHAPE);
  const selectable = mayActInBulk(useCurrentUser().abilities);
  const { column, direction } = list.sort;
  const sortBy = (SORTABLE as readonly string[]).includes(column) ? (column as SortColumn) : 'created_at';
  const filters = {
    status: statusFilter(list.filters.status),
    backordered: list.filters.backordered === 'true' ? true : undefined,
    overdue: list.filters.overdue === 'true' ? true : undefined,
    search: list.filters.search,
    sort_by: sortBy,
    sort_direction: direction,
  };
  const orders = useSalesOrders({ page: list.state.page, per_page: PAGE_SIZE, ...filters });
  // The selected orders as they were listed, kept across pages and filters until the user clears them.
  const selection = useRowSelection<SalesOrder>();
  const sortProps = { ...list.sortProps, sort: `${direction === 'desc' ? '-' : ''}${sortBy}` };
  const flag = (name: 'backordered' | 'overdue') => ({
    checked: list.filters[name] === 'true',
    onChange: (on: boolean) => list.setFilter(name, on ? 'true' : null),
  });

  return (
    <>
      <PageHeader
        title="Sales orders"
        description="Orders from customers, from draft through allocation and shipping."
        actions={
          <>
            <ExportButton
              name="sales-orders"
              columns={SALES_ORDER_COLUMNS}
              source={{
                keyset: true,
                fetchPage: (next) =>
                  api.GET('/api/v1/sales/orders', {
                    params: { query: { ...filters, per_page: EXPORT_PAGE_SIZE, ...next } },
                  }),
              }}
            />
            <Guarded ability="sales:create-orders">
              <Button component={Link} to="/sales/orders/new" leftSection={<IconPlus size={16} />}>
                New sales order
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
            placeholder="Number, external ref or customer"
            w={300}
          />
          <Chip {...flag('backordered')}>Backordered</Chip>
          <Chip {...flag('overdue')}>Overdue</Chip>
        </Group>
        {selectable && <BulkActions selected={selection.rows} onClear={selection.clear} />}
        <ListView
          list={list}
          query={orders}
          noun={['order', 'orders']}
          errorTitle="Could not load the sales orders"
          loading={<SkeletonLines count={6} height={34} label="Loading sales orders" />}
          none="No sales orders yet."
          noMatch="No sales orders match these filters."
        >
          {(rows) => (
            <Table.ScrollContainer minWidth={960}>
              <Table aria-label="Sales orders" striped highlightOnHover verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    {selectable && <SelectPageHeader selection={selection} rows={rows} />}
                    <SortHeader column="order_number" {...sortProps}>
                      Number
                    </SortHeader>
                    <Table.Th>Customer</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <SortHeader column="requested_ship_date" {...sortProps}>
                      Ship by
                    </SortHeader>
                    <SortHeader column="priority" {...sortProps} numeric>
                      Priority
                    </SortHeader>
                    <SortHeader column="total_amount" {...sortProps} numeric>
                      Total
                    </SortHeader>
                    <SortHeader column="created_at" {...sortProps}>
                      Created
                    </SortHeader>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((order) => (
                    <OrderRow key={order.id} order={order} selection={selectable ? selection : null} />
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

function OrderRow({
  order,
  selection,
}: {
  order: SalesOrder;
  /** null: the user may take no bulk action, and the row has no checkbox. */
  selection: RowSelection<SalesOrder> | null;
}) {
  const nowrap = { whiteSpace: 'nowrap' } as const;
  const overdue = isOverdue(order);
  return (
    <Table.Tr>
      {selection && <SelectRowCell selection={selection} row={order} name={order.order_number} />}
      <Table.Td style={nowrap}>
        <Anchor component={Link} to={`/sales/orders/${order.id}`} fw={500}>
          {order.order_number}
        </Anchor>
        {order.external_ref && (
          <Text size="xs" c="dimmed">
            {order.channel ? `${order.channel} · ` : ''}
            {order.external_ref}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{order.customer?.name ?? '—'}</Table.Td>
      <Table.Td style={nowrap}>
        <StatusBadge status={order.status} />
      </Table.Td>
      <Table.Td style={nowrap}>
        {formatCalendarDate(order.requested_ship_date)}
        {overdue && (
          <Text span size="xs" c="red.8" fw={600} ml={6}>
            Overdue
          </Text>
        )}
      </Table.Td>
      <Table.Td ta="right">{order.priority}</Table.Td>
      <Table.Td ta="right" style={nowrap}>
        {formatMoney(order.total_amount, order.currency)}
      </Table.Td>
      <Table.Td style={nowrap}>{formatDateTime(order.created_at)}</Table.Td>
    </Table.Tr>
  );
}
