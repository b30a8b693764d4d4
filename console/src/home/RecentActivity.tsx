import { Anchor, Card, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api, unwrap } from '../api/client';
import { QueryError } from '../components/QueryError';
import { formatDateTime } from '../lib/format';
import { useCan } from '../auth/session';
import { activitySentence, recordLabels } from './activity';
import { DASHBOARD_LIMIT, DASHBOARD_LINKS } from './dashboard';

interface ActivityRow {
  id: string;
  at: string;
  what: string;
}

/** Users by id, to name them as they are called now (an entry keeps their e-mail at the time). */
async function userNames(): Promise<Map<string, string>> {
  const users = await unwrap(
    api.GET('/api/v1/users', { params: { query: { page: 1, per_page: 100, sort_by: 'name', sort_direction: 'asc' } } }),
  );
  return new Map(users.data.map((user) => [user.id, user.name]));
}

function useAuditActivity(enabled: boolean) {
  const can = useCan();
  const mayReadUsers = can('system:view-users');
  return useQuery({
    queryKey: ['home', 'activity', 'audit-log', mayReadUsers],
    enabled,
    queryFn: async (): Promise<ActivityRow[]> => {
      const [entries, names] = await Promise.all([
        unwrap(api.GET('/api/v1/audit-log', { params: { query: { per_page: DASHBOARD_LIMIT } } })),
        mayReadUsers ? userNames() : new Map<string, string>(),
      ]);
      const labels = recordLabels(entries.data);
      return entries.data.map((entry) => ({
        id: entry.id,
        at: entry.occurred_at,
        what: activitySentence(entry, names, labels),
      }));
    },
  });
}

function useMovementActivity(enabled: boolean) {
  return useQuery({
    queryKey: ['home', 'activity', 'stock-movements'],
    enabled,
    queryFn: async (): Promise<ActivityRow[]> =>
      (
        await unwrap(
          api.GET('/api/v1/operations/stock-movements', { params: { query: { page: 1, per_page: DASHBOARD_LIMIT } } }),
        )
      ).data.map((movement) => ({
        id: movement.id,
        at: movement.created_at,
        what: `${movement.creator?.name ?? 'The system'}: ${movement.movement_type.label.toLowerCase()} of ${movement.quantity > 0 ? '+' : ''}${movement.quantity} ${movement.product?.name ?? 'a deleted product'}${movement.warehouse ? ` at ${movement.warehouse.code}` : ''}`,
      })),
  });
}

/** The latest entries of the audit log, or of the stock movements for those who may not read the log. */
export function RecentActivity({ source }: { source: 'audit-log' | 'stock-movements' }) {
  const audit = useAuditActivity(source === 'audit-log');
  const movements = useMovementActivity(source === 'stock-movements');
  const query = source === 'audit-log' ? audit : movements;
  const link =
    source === 'audit-log'
      ? { to: DASHBOARD_LINKS.auditLog, label: 'Open the audit log' }
      : { to: DASHBOARD_LINKS.stockMovements, label: 'All stock movements' };
  const title = source === 'audit-log' ? 'Recent activity' : 'Recent stock movements';

  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text size="sm" c="dimmed" fw={600}>
            {title}
          </Text>
          <Anchor component={Link} to={link.to} size="sm">
            {link.label}
          </Anchor>
        </Group>
        {query.error ? (
          <QueryError
            error={query.error}
            onRetry={() => void query.refetch()}
            title="Could not load the recent activity"
          />
        ) : query.isPending ? (
          <Skeleton height={120} />
        ) : query.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing has happened yet.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table aria-label={title} verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>What happened</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {query.data.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.at)}</Table.Td>
                    <Table.Td>{row.what}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
