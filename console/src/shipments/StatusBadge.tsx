import { Badge } from '@mantine/core';
import { STATUS_COLORS, STATUS_LABELS, type ShipmentStatus } from './status';

export function StatusBadge({ status }: { status: ShipmentStatus }) {
  // As wide as its word: a table squeezing its column would otherwise cut "Delivered" short.
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" style={{ minWidth: 'max-content' }}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}
