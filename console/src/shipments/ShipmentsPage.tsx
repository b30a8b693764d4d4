// The shipments: a tab per status, the warehouse (remembered in the browser: a worker works in one) and the order
// as filters, newest or oldest first, pages; everything the user chose lives in the URL. Open shipments can be
// ticked for one pick list of their warehouse.
import { Anchor, Checkbox, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { api } from '../api/client';
import { ExportButton } from '../components/ExportButton';
import { Guarded } from '../components/Guarded';
import { ListView, SkeletonLines } from '../components/ListView';
import { PageHeader } from '../components/PageHeader';
import { StatusTabs } from '../components/StatusTabs';
import { SortHeader } from '../components/SortHeader';
import { useRememberedWarehouse } from '../inventory/useRememberedWarehouse';
import { WarehouseSelect } from '../inventory/WarehouseSelect';
import { formatDateTime } from '../lib/format';
import type { ListStateShape } from '../lib/url-state';
import { EXPORT_PAGE_SIZE } from '../lib/export-rows';
import { useListPage } from '../lib/useListPage';
import { useRowSelection } from '../lib/useRowSelection';
import { useShipments } from './api';
import { OrderSelect } from './OrderSelect';
import { isOpen, STATUS_TABS, statusFilter, type Shipment } from './status';
import { StatusBadge } from './StatusBadge';
import { SHIPMENT_COLUMNS } from './shipment-columns';
import { WavePickListButton } from './WavePickListButton';

type Filter = 'status' | 'warehouse' | 'order';
const SHAPE: ListStateShape<Filter> = { filters: ['status', 'warehouse', 'order'], defaultSort: '-created_at' };

export function ShipmentsPage() {
  const list = useListPage(SHAPE);
  const direction = list.sort.direction;
  const filters = {
    status: statusFilter(list.filters.status),
    warehouse_id: list.filters.warehouse,
    order_id: list.filters.order,
    sort_direction: direction,
  };
  const shipments = useShipments({ page: list.state.page, ...filters });
  // The open shipments ticked for one pick list, kept across pages until the warehouse changes.
  const ticked = useRowSelection<Shipment>();

  // The worker's warehouse (the one the stock page and the count remember), when the URL names none (a link from
  // elsewhere may name another): applied once, on arrival, as soon as it is known.
  const { setFilter } = list;
  const urlWarehouse = list.filters.warehouse;
  const [remembered, rememberWarehouse] = useRememberedWarehouse();
  const applied = useRef(false);
  useEffect(() => {
    if (applied.current || remembered === null) return;
    applied.current = true;
    if (!urlWarehouse) setFilter('warehouse', remembered);
  }, [remembered, urlWarehouse, setFilter]);
  const chooseWarehouse = (id: string | null) => {
    rememberWarehouse(id);
    ticked.clear();
    list.setFilter('warehouse', id);
  };
  const listPage = {
    ...list,
    clearFilters: () => {
      rememberWarehouse(null);
      list.clearFilters();
    },
  };

  const rows = shipments.data?.data ?? [];
  const wave = ticked.rows.length > 0 ? ticked.rows : rows;

  return (
    <>
      <PageHeader
        title="Shipments"
        description="What leaves the warehouses for the customers' orders: pick, pack, ship."
        actions={
          <>
            <ExportButton
              name="shipments"
              columns={SHIPMENT_COLUMNS}
              source={{
                fetchPage: (next) =>
                  api.GET('/api/v1/sales/shipments', {
                    params: { query: { ...filters, per_page: EXPORT_PAGE_SIZE, ...next } },
                  }),
              }}
            />
            <WavePickListButton shipments={wave} ticked={ticked.rows.length > 0} />
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
          <Guarded ability="operations:view-inventory">
            <WarehouseSelect
              label="Warehouse"
              placeholder="Every warehouse"
              clearable
              w={280}
              maw="100%"
              value={list.filters.warehouse ?? null}
              onChange={chooseWarehouse}
            />
          </Guarded>
          <OrderSelect
            label="Order"
            placeholder="Number, reference or customer"
            clearable
            w={300}
            maw="100%"
            value={list.filters.order ?? null}
            onChange={(order) => list.setFilter('order', order)}
          />
        </Group>

        <ListView
          list={listPage}
          query={shipments}
          noun={['shipment', 'shipments']}
          errorTitle="Could not load the shipments"
          loading={<SkeletonLines count={6} height={34} label="Loading shipments" />}
          none="No shipments yet: a shipment is made from a confirmed sales order."
          noMatch="No shipments match these filters."
        >
          {(page) => (
            <Table.ScrollContainer minWidth={900}>
              <Table aria-label="Shipments" striped highlightOnHover verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={40}>
                      <VisuallyHidden>Pick list</VisuallyHidden>
                    </Table.Th>
                    <Table.Th>Shipment</Table.Th>
                    <Table.Th>Order</Table.Th>
                    <Table.Th>Warehouse</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th ta="right">Units</Table.Th>
                    <Table.Th>Carrier</Table.Th>
                    <SortHeader column="created_at" {...list.sortProps}>
                      Created
                    </SortHeader>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {page.map((shipment) => (
                    <ShipmentRow
                      key={shipment.id}
                      shipment={shipment}
                      ticked={ticked.has(shipment.id)}
                      onTick={() => ticked.toggle(shipment)}
                    />
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

function ShipmentRow({ shipment, ticked, onTick }: { shipment: Shipment; ticked: boolean; onTick: () => void }) {
  // Numbers, badges and dates keep to one line; names may wrap.
  const nowrap = { whiteSpace: 'nowrap' } as const;
  return (
    <Table.Tr>
      <Table.Td>
        {isOpen(shipment.status) && (
          <Checkbox
            aria-label={`Add ${shipment.shipment_number} to the pick list`}
            checked={ticked}
            onChange={onTick}
          />
        )}
      </Table.Td>
      <Table.Td style={nowrap}>
        <Anchor component={Link} to={`/sales/shipments/${shipment.id}`} fw={500}>
          {shipment.shipment_number}
        </Anchor>
      </Table.Td>
      <Table.Td style={nowrap}>
        <Anchor component={Link} to={`/sales/orders/${shipment.order_id}`}>
          {shipment.order_number}
        </Anchor>
      </Table.Td>
      <Table.Td>{shipment.warehouse_name}</Table.Td>
      <Table.Td style={nowrap}>
        <StatusBadge status={shipment.status} />
      </Table.Td>
      <Table.Td ta="right">{shipment.total_quantity}</Table.Td>
      <Table.Td>
        {shipment.carrier ?? '—'}
        {shipment.tracking_numbers.length > 0 && (
          <Text size="xs" c="dimmed">
            {shipment.tracking_numbers.join(', ')}
          </Text>
        )}
      </Table.Td>
      <Table.Td style={nowrap}>{formatDateTime(shipment.created_at)}</Table.Td>
    </Table.Tr>
  );
}
