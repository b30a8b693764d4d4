// The returns of the shipment's order (the API keeps returns per order, not per shipment): each with what came
// back and whether it went back to stock; "Record return" for a role that may decide one (sales:edit-orders).
import { Button, Group, Paper, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Guarded } from '../components/Guarded';
import { QueryView } from '../components/QueryView';
import { formatDateTime } from '../lib/format';
import { useOrderReturns, useRefreshShipments, type SalesReturn } from './api';
import { ReturnDialog } from './ReturnDialog';
import { RETURN_ABILITY, type Shipment } from './status';

export function OrderReturns({ shipment }: { shipment: Shipment }) {
  const returns = useOrderReturns(shipment.order_id);
  const refresh = useRefreshShipments();
  const [recording, setRecording] = useState(false);
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} size="h4">
          Returns of {shipment.order_number}
        </Title>
        <Guarded ability={RETURN_ABILITY}>
          <Button variant="default" onClick={() => setRecording(true)}>
            Record return
          </Button>
        </Guarded>
      </Group>
      <QueryView
        query={returns}
        errorTitle="Could not load the returns"
        loading={<Text c="dimmed">Loading the returns…</Text>}
        isEmpty={(data) => data.returns.length === 0}
        empty={<Text c="dimmed">Nothing of this order has come back.</Text>}
      >
        {(data) => (
          <>
            <Table.ScrollContainer minWidth={560}>
              <Table aria-label="Returns" verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Return</Table.Th>
                    <Table.Th>Recorded</Table.Th>
                    <Table.Th>Goods</Table.Th>
                    <Table.Th>Reason</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.returns.map((entry) => (
                    <ReturnRow key={entry.id} entry={entry} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {data.total > data.returns.length && (
              <Text size="sm" c="dimmed" mt="xs">
                The first {data.returns.length} of {data.total} returns.
              </Text>
            )}
          </>
        )}
      </QueryView>
      {recording && (
        <ReturnDialog
          orderId={shipment.order_id}
          orderNumber={shipment.order_number}
          defaultWarehouseId={shipment.warehouse_id}
          onClose={() => setRecording(false)}
          onRecorded={() => void refresh()}
        />
      )}
    </Paper>
  );
}

function ReturnRow({ entry }: { entry: SalesReturn }) {
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{entry.return_number}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.created_at)}</Table.Td>
      <Table.Td>
        {entry.lines.map((line) => (
          <Text key={line.id} size="sm">
            {line.quantity} × {line.product_name} · {line.restock ? 'back to stock' : 'not restocked'}
          </Text>
        ))}
      </Table.Td>
      <Table.Td>{entry.reason}</Table.Td>
    </Table.Tr>
  );
}
