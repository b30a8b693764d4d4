// The purchase orders: a tab per stage of their life, a supplier filter and a search, sortable columns, pages.
// Everything the user chose lives in the URL, so a link or the back button brings back the same view.
import { Anchor, Button, Group, Skeleton, Stack, Table, Tabs } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '../components/EmptyState';
import { Guarded } from '../components/Guarded';
import { SearchInput } from '../components/SearchInput';
import { ListFooter } from '../components/ListFooter';
import { SortHeader } from '../components/SortHeader';
import { PageHeader } from '../components/PageHeader';
import { QueryError } from '../components/QueryError';
import { sortParts, useListState, type ListStateShape } from '../lib/url-state';
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
  const [state, update] = useListState(SHAPE);
  const { column, direction } = sortParts(state.sort);
  const sortBy = (SORTABLE as readonly string[]).includes(column) ? (column as OrderSortColumn) : 'created_at';
  const orders = usePurchaseOrders({
    page: state.page,
    status: statusFilter(state.filters.status),
    supplier_id: state.filters.supplier,
    search: state.filters.search,
    sort_by: sortBy,
    sort_direction: direction,
  });
  const filtered = Object.keys(state.filters).length > 0;

  // The sort the API applies: an unknown column in the URL falls back to the newest first.
  const appliedSort = `${direction === 'desc' ? '-' : ''}${sortBy}`;
  const onSort = (sort: string) => update({ sort });

  return (
    <>
      <PageHeader
        title="Purchase orders"
        description="Orders to suppliers, from draft through approval and delivery."
        actions={
          <Guarded ability="operations:create-purchase-orders">
            <Button component={Link} to="/purchase-orders/new" leftSection={<IconPlus size={16} />}>
              New purchase order
            </Button>
          </Guarded>
        }
      />
      <Stack gap="sm">
        <Tabs
          value={state.filters.status ?? 'all'}
          onChange={(tab) => update({ filters: { status: tab === 'all' ? null : tab } })}
        >
          <Tabs.List>
            {STATUS_TABS.map((tab) => (
              <Tabs.Tab key={tab.value} value={tab.value}>
                {tab.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <SearchInput
            value={state.filters.search ?? ''}
            onSearch={(search) => update({ filters: { search } })}
            placeholder="PO number, notes or supplier"
            w={300}
          />
          <Guarded ability="operations:view-suppliers">
            <SupplierSelect
              label="Supplier"
              placeholder="Any supplier"
              clearable
              w={260}
              value={state.filters.supplier ?? null}
              onChange={(supplier) => update({ filters: { supplier } })}
            />
          </Guarded>
        </Group>

        {orders.isPending ? (
          <Stack gap="xs" aria-label="Loading purchase orders">
            {Array.from({ length: 6 }, (_, index) => (
              <Skeleton key={index} height={34} />
            ))}
          </Stack>
        ) : orders.isError ? (
          <QueryError
            error={orders.error}
            onRetry={() => void orders.refetch()}
            title="Could not load the purchase orders"
          />
        ) : orders.data.data.length === 0 ? (
          <EmptyState
            message={filtered ? 'No purchase orders match these filters.' : 'No purchase orders yet.'}
            onClear={filtered ? () => update({ filters: { status: null, supplier: null, search: null } }) : undefined}
          />
        ) : (
          <>
            <Table.ScrollContainer minWidth={960}>
              <Table aria-label="Purchase orders" striped highlightOnHover verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <SortHeader column="po_number" sort={appliedSort} onSort={onSort}>
                      Number
                    </SortHeader>
                    <Table.Th>Supplier</Table.Th>
                    <Table.Th>Warehouse</Table.Th>
                    <SortHeader column="status" sort={appliedSort} onSort={onSort}>
                      Status
                    </SortHeader>
                    <SortHeader column="total_amount" sort={appliedSort} onSort={onSort} numeric>
                      Total
                    </SortHeader>
                    <SortHeader column="expected_delivery_date" sort={appliedSort} onSort={onSort}>
                      Expected
                    </SortHeader>
                    <SortHeader column="created_at" sort={appliedSort} onSort={onSort}>
                      Created
                    </SortHeader>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {orders.data.data.map((order) => (
                    <OrderRow key={order.id} order={order} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <ListFooter meta={orders.data.meta} noun={['order', 'orders']} onPage={(page) => update({ page })} />
          </>
        )}
      </Stack>
    </>
  );
}

function OrderRow({ order }: { order: PurchaseOrder }) {
  // Numbers, badges, amounts and dates keep to one line; names may wrap.
  const nowrap = { whiteSpace: 'nowrap' } as const;
  return (
    <Table.Tr>
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
