import { Badge } from '@mantine/core';
import type { ProductStatus } from './model';
import { statusColor, statusLabel } from './format';

export function StatusBadge({ status }: { status: ProductStatus }) {
  return (
    <Badge color={statusColor(status)} variant="light" radius="sm">
      {statusLabel(status)}
    </Badge>
  );
}
