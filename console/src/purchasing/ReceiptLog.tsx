// The order's receipts, newest first: when the goods arrived and when that was recorded, who received them, each
// line's product and quantity with its quality check, and the receipt's quality check and notes.
import { Badge, Card, Stack, Table, Text, Title } from '@mantine/core';
import type { GoodsReceipt } from './api';
import { RECEIPTS_SHOWN } from './api';
import { formatCalendarDate, formatDateTime } from '../lib/format';

function QualityBadge({ passed }: { passed: boolean }) {
  return (
    <Badge color={passed ? 'teal' : 'red'} variant="light">
      {passed ? 'Passed' : 'Failed'}
    </Badge>
  );
}

function ReceiptLines({ lines }: { lines: GoodsReceipt['lines'] }) {
  return (
    <Stack gap={4}>
      {lines.map((line) => (
        <div key={line.id}>
          <Text size="sm">
            {line.quantity_received} × {line.product_name}
            {line.product_sku && (
              <Text span size="xs" c="dimmed">
                {' '}
                {line.product_sku}
              </Text>
            )}
          </Text>
          {!line.quality_check_passed && (
            <Text size="xs" c="red">
              Quality check failed{line.quality_notes ? `: ${line.quality_notes}` : ''}
            </Text>
          )}
          {line.notes && (
            <Text size="xs" c="dimmed">
              {line.notes}
            </Text>
          )}
        </div>
      ))}
    </Stack>
  );
}

export function ReceiptLog({ receipts, total }: { receipts: readonly GoodsReceipt[]; total: number }) {
  return (
    <Card withBorder padding="md">
      <Title order={2} size="h4" mb="sm">
        Receipts
      </Title>
      {receipts.length === 0 ? (
        <Text size="sm" c="dimmed">
          No goods received yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={700}>
          <Table aria-label="Receipts" verticalSpacing="xs" style={{ verticalAlign: 'top' }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Received</Table.Th>
                <Table.Th>By</Table.Th>
                <Table.Th>Lines</Table.Th>
                <Table.Th>Quality check</Table.Th>
                <Table.Th>Notes</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {receipts.map((receipt) => (
                <Table.Tr key={receipt.id}>
                  <Table.Td>
                    <Text size="sm">{formatCalendarDate(receipt.received_date)}</Text>
                    <Text size="xs" c="dimmed">
                      recorded {formatDateTime(receipt.created_at)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{receipt.received_by?.name ?? '—'}</Table.Td>
                  <Table.Td>
                    <ReceiptLines lines={receipt.lines} />
                  </Table.Td>
                  <Table.Td>
                    <QualityBadge passed={receipt.quality_check_passed} />
                    {receipt.quality_notes && <Text size="xs">{receipt.quality_notes}</Text>}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                      {receipt.notes ?? '—'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {total > receipts.length && (
        <Text size="xs" c="dimmed" mt="xs">
          The {RECEIPTS_SHOWN} latest of {total} receipts.
        </Text>
      )}
    </Card>
  );
}
