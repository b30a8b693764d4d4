import { Badge } from '@mantine/core';
import { STATUS_COLORS, STATUS_LABELS, type PurchaseOrderStatus } from './status';

export function StatusBadge({ status }: { status: PurchaseOrderStatus }) {
  return (
    <Badge miw="max-content" color={STATUS_COLORS[status]} variant="light">
      {STATUS_LABELS[status]}
    </Badge>
  );
}
