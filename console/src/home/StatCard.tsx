import { Anchor, Card, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { QueryError } from '../components/QueryError';

interface Props {
  title: string;
  /** The number, shown as a link to the list it counts; null when there is no such list. */
  value: string | undefined;
  to: string | null;
  description?: ReactNode;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
}

/** One number of the dashboard, leading to the list it counts. */
export function StatCard({ title, value, to, description, loading, error, onRetry }: Props) {
  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Stack gap={4}>
        <Text size="sm" c="dimmed" fw={600}>
          {title}
        </Text>
        {error ? (
          <QueryError error={error} onRetry={onRetry} title={`Could not load ${title.toLowerCase()}`} />
        ) : loading || value === undefined ? (
          <Skeleton height={34} width="60%" />
        ) : to ? (
          <Anchor component={Link} to={to} fz={28} fw={700} aria-label={`${title}: ${value}`}>
            {value}
          </Anchor>
        ) : (
          <Text fz={28} fw={700}>
            {value}
          </Text>
        )}
        {description && (
          <Text size="xs" c="dimmed">
            {description}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
