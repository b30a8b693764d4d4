// One sales order: its customer, ship-to, dates and totals; its lines with what is allocated, shipped,
// backordered, cancelled and returned; where its stock is reserved; its shipments and returns; its history; and
// the steps its status and the user's role allow.
import {
  Alert,
  Anchor,
  Badge,
  Card,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useCan } from '../auth/session';
import { OrderTotals } from '../components/OrderTotals';
import { PageHeader } from '../components/PageHeader';
import { QueryError } from '../components/QueryError';
import { QueryView } from '../components/QueryView';
import { formatCalendarDate, formatDateTime, formatMoney } from '../lib/format';
import {
  useOrderReturns,
  useOrderShipments,
  useSalesOrder,
  useWarehouses,
  type SalesOrder,
  type SalesReturn,
  type Shipment,
} from './api';
import { formatAddress } from './address';
import { isOverdue } from './dates';
import { orderHistory } from './history';
import { OrderActions } from './OrderActions';
import { acceptsReturns } from './status';
import { StatusBadge } from './StatusBadge';

export function SalesOrderPage() {
  const { id = '' } = useParams();
  const order = useSalesOrder(id);
  const shipments = useOrderShipments(id);
  const returns = useOrderReturns(id, Boolean(order.data && acceptsReturns(order.data)));
  return (
    <QueryView query={order} notFound="sales order" errorTitle="Could not load the sales order">
      {(data) => (
        <>
          <PageHeader
            title={
              <Group gap="sm" component="span">
                {data.order_number}
                <StatusBadge status={data.status} />
              </Group>
            }
            description={data.customer?.name}
            trail={[['Sales orders', '/sales/orders']]}
          />
          <Stack gap="md">
            <OrderActions order={data} />
            {data.status === 'on_hold' && (
              <Alert color="orange" title="On hold">
                {data.hold_reason ?? 'No reason given.'} Nothing ships until the hold is released.
              </Alert>
            )}
            <OrderFacts order={data} />
            <OrderLines order={data} />
            <Allocation order={data} />
            <Section title="Shipments">
              {shipments.isError ? (
                <QueryError
                  error={shipments.error}
                  onRetry={() => void shipments.refetch()}
                  title="Could not load the shipments"
                />
              ) : (
                <Shipments shipments={shipments.data ?? []} />
              )}
            </Section>
            {acceptsReturns(data) && (
              <Section title="Returns">
                {returns.isError ? (
                  <QueryError
                    error={returns.error}
                    onRetry={() => void returns.refetch()}
                    title="Could not load the returns"
                  />
                ) : (
                  <Returns returns={returns.data ?? []} />
                )}
              </Section>
            )}
            <History order={data} shipments={shipments.data ?? []} returns={returns.data ?? []} />
          </Stack>
        </>
      )}
    </QueryView>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children || '—'}
      </Text>
    </div>
  );
}

function OrderFacts({ order }: { order: SalesOrder }) {
  const can = useCan();
  return (
    <Paper withBorder p="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        <Fact label="Customer">
          {/* The warehouse role ships orders without reading customers: the name alone. */}
          {order.customer && can('crm:view-customers') ? (
            <Anchor component={Link} to={`/customers/${order.customer.id}`} size="sm">
              {order.customer.name}
            </Anchor>
          ) : (
            order.customer?.name
          )}
        </Fact>
        <Fact label="Ship to">{formatAddress(order.ship_to)}</Fact>
        <Fact label="Requested ship date">
          {formatCalendarDate(order.requested_ship_date)}
          {isOverdue(order) && (
            <Text span size="xs" c="red.8" fw={600} ml={6}>
              Overdue
            </Text>
          )}
        </Fact>
        <Fact label="Priority">{String(order.priority)}</Fact>
        <Fact label="Currency">{order.currency}</Fact>
        <Fact label="Channel">
          {order.channel || order.external_ref ? [order.channel, order.external_ref].filter(Boolean).join(' · ') : null}
        </Fact>
        <Fact label="Created">
          {formatDateTime(order.created_at)}
          {order.created_by ? ` by ${order.created_by.name}` : ''}
        </Fact>
        <Fact label="Confirmed">{order.confirmed_at ? formatDateTime(order.confirmed_at) : null}</Fact>
      </SimpleGrid>
      {order.notes && (
        <Stack gap={2} mt="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            Notes
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {order.notes}
          </Text>
        </Stack>
      )}
    </Paper>
  );
}

function OrderLines({ order }: { order: SalesOrder }) {
  const money = (amount: number) => formatMoney(amount, order.currency);
  const extras: [string, number][] = [
    ['Discount', -order.discount_amount],
    ['Shipping', order.shipping_amount],
    ['Tax', order.tax_amount],
  ];
  const quantities = ['Ordered', 'Allocated', 'Shipped', 'Backordered', 'Cancelled', 'Returned'];
  return (
    <Section title="Lines">
      <Table.ScrollContainer minWidth={900}>
        <Table aria-label="Order lines" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Product</Table.Th>
              {quantities.map((label) => (
                <Table.Th key={label} ta="right">
                  {label}
                </Table.Th>
              ))}
              <Table.Th ta="right">Unit price</Table.Th>
              <Table.Th ta="right">Discount</Table.Th>
              <Table.Th ta="right">Line total</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(order.lines ?? []).map((line) => (
              <Table.Tr key={line.id}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {line.product_name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {line.product_sku}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{line.quantity}</Table.Td>
                <Table.Td ta="right">{line.quantity_allocated}</Table.Td>
                <Table.Td ta="right">{line.quantity_shipped}</Table.Td>
                <Table.Td ta="right">
                  {line.quantity_backordered > 0 ? (
                    <Badge color="orange" variant="light">
                      {line.quantity_backordered}
                    </Badge>
                  ) : (
                    0
                  )}
                </Table.Td>
                <Table.Td ta="right">{line.quantity_cancelled}</Table.Td>
                <Table.Td ta="right">{line.quantity_returned}</Table.Td>
                <Table.Td ta="right">{money(line.unit_price)}</Table.Td>
                <Table.Td ta="right">{line.discount_amount ? money(line.discount_amount) : '—'}</Table.Td>
                <Table.Td ta="right">{money(line.line_total)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <OrderTotals
            labelColumns={9}
            subtotal={money(order.subtotal)}
            adjustments={extras}
            total={money(order.total_amount)}
            format={money}
          />
        </Table>
      </Table.ScrollContainer>
    </Section>
  );
}

/** Each line's reservations by warehouse. */
function Allocation({ order }: { order: SalesOrder }) {
  const warehouses = useWarehouses();
  const names = new Map((warehouses.data ?? []).map((warehouse) => [warehouse.id, warehouse.name]));
  const rows = (order.lines ?? []).flatMap((line) => line.allocations.map((allocation) => ({ line, ...allocation })));
  return (
    <Section title="Allocation">
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {order.confirmed_at
            ? 'No stock is reserved for this order now.'
            : 'Stock is reserved when the order is confirmed.'}
        </Text>
      ) : (
        <Table aria-label="Allocation by warehouse" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Product</Table.Th>
              <Table.Th>Warehouse</Table.Th>
              <Table.Th ta="right">Reserved</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={`${row.line.id}-${row.warehouse_id}`}>
                <Table.Td>{row.line.product_name}</Table.Td>
                <Table.Td>{names.get(row.warehouse_id) ?? '…'}</Table.Td>
                <Table.Td ta="right">{row.quantity}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Section>
  );
}

function Shipments({ shipments }: { shipments: readonly Shipment[] }) {
  if (shipments.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No shipments yet.
      </Text>
    );
  return (
    <Table aria-label="Shipments" verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Shipment</Table.Th>
          <Table.Th>Warehouse</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th ta="right">Units</Table.Th>
          <Table.Th>Shipped</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {shipments.map((shipment) => (
          <Table.Tr key={shipment.id}>
            <Table.Td>
              <Anchor component={Link} to={`/sales/shipments/${shipment.id}`} size="sm">
                {shipment.shipment_number}
              </Anchor>
            </Table.Td>
            <Table.Td>{shipment.warehouse_name}</Table.Td>
            <Table.Td style={{ textTransform: 'capitalize' }}>{shipment.status}</Table.Td>
            <Table.Td ta="right">{shipment.total_quantity}</Table.Td>
            <Table.Td>{formatDateTime(shipment.shipped_at)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Returns({ returns }: { returns: readonly SalesReturn[] }) {
  if (returns.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Nothing has come back.
      </Text>
    );
  return (
    <Table aria-label="Returns" verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Return</Table.Th>
          <Table.Th>Recorded</Table.Th>
          <Table.Th>Reason</Table.Th>
          <Table.Th ta="right">Units back</Table.Th>
          <Table.Th ta="right">Restocked</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {returns.map((entry) => (
          <Table.Tr key={entry.id}>
            <Table.Td>{entry.return_number}</Table.Td>
            <Table.Td>{formatDateTime(entry.created_at)}</Table.Td>
            <Table.Td>{entry.reason}</Table.Td>
            <Table.Td ta="right">{entry.total_quantity}</Table.Td>
            <Table.Td ta="right">{entry.restocked_quantity}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function History({
  order,
  shipments,
  returns,
}: {
  order: SalesOrder;
  shipments: readonly Shipment[];
  returns: readonly SalesReturn[];
}) {
  const entries = orderHistory(order, shipments, returns);
  return (
    <Card withBorder padding="md" component="section" aria-label="History">
      <Title order={2} size="h4" mb="sm">
        History
      </Title>
      <Timeline active={entries.length - 1} bulletSize={14} lineWidth={2} aria-label="Status history">
        {entries.map((entry) => (
          <Timeline.Item key={`${entry.title}-${entry.at}`} title={entry.title}>
            <Text size="xs" c="dimmed">
              {formatDateTime(entry.at)}
            </Text>
            {entry.detail && <Text size="sm">{entry.detail}</Text>}
          </Timeline.Item>
        ))}
      </Timeline>
    </Card>
  );
}
