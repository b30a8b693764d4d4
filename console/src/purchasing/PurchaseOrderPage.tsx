// One purchase order: who it is for, its lines with what has arrived, its totals, receipts and history, and the
// actions its status and the user's role allow.
import { Card, Group, Paper, SimpleGrid, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { OrderTotals } from '../components/OrderTotals';
import { PageHeader } from '../components/PageHeader';
import { QueryError } from '../components/QueryError';
import { QueryView } from '../components/QueryView';
import { usePurchaseOrder, usePurchaseOrderReceipts, type GoodsReceipt, type PurchaseOrder } from './api';
import { orderHistory } from './history';
import { formatCalendarDate, formatDateTime, formatMoney } from '../lib/format';
import { OrderActions } from './OrderActions';
import { ReceiptLog } from './ReceiptLog';
import { StatusBadge } from './StatusBadge';

export function PurchaseOrderPage() {
  const { id = '' } = useParams();
  const order = usePurchaseOrder(id);
  const receipts = usePurchaseOrderReceipts(id);
  return (
    <QueryView query={order} notFound="purchase order" errorTitle="Could not load the purchase order">
      {(data) => (
        <>
          <PageHeader
            title={
              <Group gap="sm" component="span">
                {data.po_number}
                <StatusBadge status={data.status} />
              </Group>
            }
            description={data.supplier?.name}
            trail={[['Purchase orders', '/purchase-orders']]}
          />
          <Stack gap="md">
            <OrderActions order={data} />
            <OrderFacts order={data} />
            <OrderLines order={data} />
            {/* Goods arrive only once the order is sent: before that, a log could only ever be empty. */}
            {data.sent_at &&
              (receipts.isError ? (
                <QueryError
                  error={receipts.error}
                  onRetry={() => void receipts.refetch()}
                  title="Could not load the receipts"
                />
              ) : (
                receipts.data && <ReceiptLog receipts={receipts.data.receipts} total={receipts.data.total} />
              ))}
            <OrderHistory order={data} receipts={receipts.data?.receipts ?? []} />
          </Stack>
        </>
      )}
    </QueryView>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="sm">{children || '—'}</Text>
    </div>
  );
}

function OrderFacts({ order }: { order: PurchaseOrder }) {
  return (
    <Paper withBorder p="md">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="md">
        <Fact label="Supplier">{order.supplier?.name}</Fact>
        <Fact label="Warehouse">{order.warehouse?.name}</Fact>
        <Fact label="Order date">{formatCalendarDate(order.order_date)}</Fact>
        <Fact label="Expected delivery">
          {formatCalendarDate(order.confirmed_delivery_date ?? order.expected_delivery_date)}
        </Fact>
        <Fact label="Currency">{order.currency}</Fact>
        <Fact label="Created by">{order.created_by?.name}</Fact>
        {order.supplier_reference && <Fact label="Supplier's reference">{order.supplier_reference}</Fact>}
        {order.invoice_number && (
          <Fact label="Invoice">
            {order.invoice_number}
            {order.invoice_amount !== null ? ` · ${formatMoney(order.invoice_amount, order.currency)}` : ''}
          </Fact>
        )}
        {order.actual_delivery_date && <Fact label="Delivered">{formatCalendarDate(order.actual_delivery_date)}</Fact>}
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

function OrderLines({ order }: { order: PurchaseOrder }) {
  const money = (amount: number) => formatMoney(amount, order.currency);
  const extras: [string, number][] = [
    ['Tax', order.tax_amount],
    ['Shipping', order.shipping_cost],
    ['Discount', -order.discount_amount],
  ];
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="sm">
        Lines
      </Title>
      <Table.ScrollContainer minWidth={700}>
        <Table aria-label="Order lines" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Product</Table.Th>
              <Table.Th ta="right">Ordered</Table.Th>
              <Table.Th ta="right">Received</Table.Th>
              <Table.Th ta="right">Outstanding</Table.Th>
              <Table.Th ta="right">Unit cost</Table.Th>
              <Table.Th ta="right">Line total</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(order.items ?? []).map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {item.product_name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {item.product_sku}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{item.quantity_ordered}</Table.Td>
                <Table.Td ta="right">{item.quantity_received}</Table.Td>
                <Table.Td ta="right">{item.quantity_remaining}</Table.Td>
                <Table.Td ta="right">{money(item.unit_price)}</Table.Td>
                <Table.Td ta="right">{money(item.line_total)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <OrderTotals
            labelColumns={5}
            subtotal={money(order.subtotal)}
            adjustments={extras}
            total={money(order.total_amount)}
            format={money}
          />
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

function OrderHistory({ order, receipts }: { order: PurchaseOrder; receipts: readonly GoodsReceipt[] }) {
  const entries = orderHistory(order, receipts);
  return (
    <Card withBorder padding="md">
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
