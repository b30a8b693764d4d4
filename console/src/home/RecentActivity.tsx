import { Anchor, Card, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { QueryView } from '../components/QueryView';
import { formatDateTime } from '../lib/format';
import { useAuditActivity, useMovementActivity } from './api';
import { DASHBOARD_LINKS } from './dashboard';

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
        <QueryView
          query={query}
          errorTitle="Could not load the recent activity"
          loading={<Skeleton height={120} />}
          isEmpty={(rows) => rows.length === 0}
          empty={
            <Text size="sm" c="dimmed">
              Nothing has happened yet.
            </Text>
          }
        >
          {(rows) => (
            <Table.ScrollContainer minWidth={480}>
              <Table aria-label={title} verticalSpacing={4}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>When</Table.Th>
                    <Table.Th>What happened</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr key={row.id}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.at)}</Table.Td>
                      <Table.Td>{row.what}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </QueryView>
      </Stack>
    </Card>
  );
}
