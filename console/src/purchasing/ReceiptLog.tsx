// The order's receipts, newest first: when the goods arrived and when that was recorded, who received them, each
// line's product and quantity with its quality check, and the receipt's quality check and notes; and the labels of
// what a receipt brought, to stick on the goods as they are put away.
import { Badge, Card, Group, Radio, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { LabelsButton } from '../labels/LabelsButton';
import { receiptLabelsUrl } from '../labels/label-options';
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

/** A receipt's labels: one per unit received (the default: each item gets one) or one per line. */
function ReceiptLabels({ receipt }: { receipt: GoodsReceipt }) {
  const [per, setPer] = useState<'unit' | 'line'>('unit');
  const title = `Labels of the goods received ${formatCalendarDate(receipt.received_date)}`;
  return (
    <LabelsButton
      label="Labels"
      accessibleName={`${title}, recorded ${formatDateTime(receipt.created_at)}`}
      size="xs"
      title={title}
      fileName={`receipt-${receipt.received_date}-labels.pdf`}
      url={(choice) => receiptLabelsUrl(receipt.purchase_order_id, receipt.id, { ...choice, per })}
    >
      <Radio.Group label="How many" value={per} onChange={(value) => setPer(value as 'unit' | 'line')}>
        <Stack gap={6} mt={4}>
          <Radio value="unit" label="One per unit received" />
          <Radio value="line" label="One per line" />
        </Stack>
      </Radio.Group>
    </LabelsButton>
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
                    <Group mt={4}>
                      <ReceiptLabels receipt={receipt} />
                    </Group>
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
