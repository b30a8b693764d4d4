// Whether a record is in use, as the lists that can switch records off show it.
import { Badge, type BadgeProps } from '@mantine/core';

export function ActiveBadge({ active, ...props }: BadgeProps & { active: boolean }) {
  return (
    <Badge color={active ? 'teal' : 'gray'} variant="light" {...props}>
      {active ? 'Active' : 'Inactive'}
    </Badge>
  );
}
