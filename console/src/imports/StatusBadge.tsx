import { Badge } from '@mantine/core';
import { importStatus } from './job';
import type { ImportStatus } from './types';

export function StatusBadge({ status, size }: { status: ImportStatus; size?: 'sm' | 'md' | 'lg' }) {
  const { label, color } = importStatus(status);
  return (
    // Never cut short in a narrow table column: the status is what the row is read for.
    <Badge color={color} variant="light" size={size} miw="max-content">
      {label}
    </Badge>
  );
}
