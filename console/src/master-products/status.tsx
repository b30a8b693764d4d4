import { Badge } from '@mantine/core';
import type { MasterProduct } from './api';

export const MASTER_STATUSES: { value: MasterProduct['status']; label: string }[] = [
  { value: 'draft', label: 'Draft' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
  { value: 'archived', label: 'Archived' },
];

const COLOURS: Record<MasterProduct['status'], string> = {
  draft: 'gray',
  active: 'teal',
  inactive: 'yellow',
  archived: 'dark',
};

export function StatusBadge({ status }: { status: MasterProduct['status'] }) {
  return (
    <Badge color={COLOURS[status]} variant="light">
      {MASTER_STATUSES.find((entry) => entry.value === status)?.label ?? status}
    </Badge>
  );
}
