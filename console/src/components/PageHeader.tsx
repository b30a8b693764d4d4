import { Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface Props {
  title: ReactNode;
  description?: ReactNode;
  /** The way back up: [['Products', '/products'], …]. */
  trail?: [label: string, to: string][];
  actions?: ReactNode;
}

/** A screen's title (its one h1, drawn at h2 size), where it sits, and its main actions. */
export function PageHeader({ title, description, trail, actions }: Props) {
  return (
    <Stack gap={4} mb="md">
      {trail && trail.length > 0 && (
        <Breadcrumbs separator="›" fz="sm">
          {trail.map(([label, to]) => (
            <Link key={to} to={to}>
              {label}
            </Link>
          ))}
        </Breadcrumbs>
      )}
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {title}
          </Title>
          {description && (
            <Text c="dimmed" size="sm">
              {description}
            </Text>
          )}
        </Stack>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
    </Stack>
  );
}
