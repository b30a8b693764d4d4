import { Badge } from '@mantine/core';
import { STATUS_COLORS, STATUS_LABELS, type ShipmentStatus } from './status';

export function StatusBadge({ status }: { status: ShipmentStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light">
      {STATUS_LABELS[status]}
    </Badge>
  );
}
