// One shipment for the warehouse: while it is to pick, the scan field and the lines with what is picked of each;
// then its steps (pack, ship with carrier and tracking, deliver), its documents, the facts of its journey, and the
// returns of its order once it has shipped.
import { Anchor, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useCan } from '../auth/session';
import { PageHeader } from '../components/PageHeader';
import { QueryView } from '../components/QueryView';
import { formatDateTime } from '../lib/format';
import { useShipment } from './api';
import { OrderReturns } from './OrderReturns';
import { PickPanel } from './PickPanel';
import { ShipmentActions } from './ShipmentActions';
import { SHIP_ABILITY, type Shipment } from './status';
import { StatusBadge } from './StatusBadge';
import { usePick } from './usePick';

export function ShipmentPage() {
  const { id = '' } = useParams();
  const shipment = useShipment(id);
  return (
    <QueryView query={shipment} notFound="shipment" errorTitle="Could not load the shipment">
      {/* Keyed by the shipment: another shipment opened from here starts its own pick. */}
      {(data) => <ShipmentView key={data.id} shipment={data} />}
    </QueryView>
  );
}

function ShipmentView({ shipment }: { shipment: Shipment }) {
  const can = useCan();
  const pick = usePick(shipment);
  const picking = shipment.status === 'draft' && can(SHIP_ABILITY);
  const withCustomer = shipment.status === 'shipped' || shipment.status === 'delivered';
  return (
    <>
      <PageHeader
        title={
          <Group gap="sm" component="span">
            {shipment.shipment_number}
            <StatusBadge status={shipment.status} />
          </Group>
        }
        description={
          <>
            Order{' '}
            <Anchor component={Link} to={`/sales/orders/${shipment.order_id}`} inherit underline="always">
              {shipment.order_number}
            </Anchor>{' '}
            from {shipment.warehouse_name}
          </>
        }
        trail={[['Shipments', '/sales/shipments']]}
      />
      <Stack gap="md">
        {picking && <PickPanel shipment={shipment} pick={pick} />}
        <ShipmentActions shipment={shipment} pick={pick} />
        <ShipmentFacts shipment={shipment} />
        {!picking && <ShipmentLines shipment={shipment} />}
        {withCustomer && <OrderReturns shipment={shipment} />}
      </Stack>
    </>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Text>
    </div>
  );
}

function ShipmentFacts({ shipment }: { shipment: Shipment }) {
  const steps: [string, string | null][] = [
    ['Picked', shipment.picked_at],
    ['Packed', shipment.packed_at],
    ['Shipped', shipment.shipped_at],
    ['Delivered', shipment.delivered_at],
    ['Cancelled', shipment.cancelled_at],
  ];
  return (
    <Paper withBorder p="md">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="md">
        <Fact label="Warehouse">
          {shipment.warehouse_name} ({shipment.warehouse_code})
        </Fact>
        <Fact label="Units">{shipment.total_quantity}</Fact>
        <Fact label="Carrier">{[shipment.carrier, shipment.service].filter(Boolean).join(' · ')}</Fact>
        <Fact label="Tracking">{shipment.tracking_numbers.join(', ')}</Fact>
        <Fact label="Created">{formatDateTime(shipment.created_at)}</Fact>
        {steps
          .filter(([, at]) => at)
          .map(([label, at]) => (
            <Fact key={label} label={label}>
              {formatDateTime(at)}
            </Fact>
          ))}
        {shipment.cancellation_reason && <Fact label="Cancellation reason">{shipment.cancellation_reason}</Fact>}
      </SimpleGrid>
      {shipment.notes && (
        <Stack gap={2} mt="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            Notes
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {shipment.notes}
          </Text>
        </Stack>
      )}
    </Paper>
  );
}

function ShipmentLines({ shipment }: { shipment: Shipment }) {
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="sm">
        Lines
      </Title>
      <Table.ScrollContainer minWidth={320}>
        <Table aria-label="Shipment lines" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Product</Table.Th>
              <Table.Th>SKU</Table.Th>
              <Table.Th ta="right">Quantity</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shipment.lines.map((line) => (
              <Table.Tr key={line.id}>
                <Table.Td>{line.product_name}</Table.Td>
                <Table.Td>{line.product_sku ?? '—'}</Table.Td>
                <Table.Td ta="right">{line.quantity}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
