import { Badge } from '@mantine/core';
import { label, statusColor } from './supplier-status';
import type { SupplierStatus } from './types';

export function StatusBadge({ status }: { status: SupplierStatus }) {
  return (
    <Badge color={statusColor(status)} variant="light">
      {label(status)}
    </Badge>
  );
}
