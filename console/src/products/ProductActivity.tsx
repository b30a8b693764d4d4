// What was done to the product, newest first, from the audit log: who, when, and each changed field's
// before and after.
import { Button, Spoiler, Stack, Table, Text } from '@mantine/core';
import type { components } from '../../../clients/typescript/src/openapi';
import { PageLoader } from '../components/PageLoader';
import { QueryError } from '../components/QueryError';
import { useProductActivity } from './api';
import type { Product } from './model';
import { formatDateTime } from '../lib/format';
import { codeLabel } from './format';

type AuditEntry = components['schemas']['AuditLogEntry'];

export function ProductActivity({ product }: { product: Product }) {
  const entries = useProductActivity(product.id);

  if (entries.isPending) return <PageLoader />;
  if (entries.isError)
    return (
      <QueryError error={entries.error} onRetry={() => void entries.refetch()} title="Could not load the activity" />
    );
  const rows = entries.data.pages.flatMap((page) => page.data);
  if (rows.length === 0) return <Text c="dimmed">No recorded activity.</Text>;

  return (
    <Stack gap="sm" align="flex-start">
      <Table.ScrollContainer minWidth={720} w="100%">
        <Table aria-label="Activity" withTableBorder verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>What</Table.Th>
              <Table.Th>Who</Table.Th>
              <Table.Th>Changes</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.occurred_at)}</Table.Td>
                <Table.Td>{codeLabel(entry.action.replace(/^product\./, ''))}</Table.Td>
                <Table.Td>{entry.actor.name ?? codeLabel(entry.actor.type)}</Table.Td>
                <Table.Td>
                  <Changes changes={entry.changes} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {entries.hasNextPage && (
        <Button variant="default" loading={entries.isFetchingNextPage} onClick={() => void entries.fetchNextPage()}>
          Show older activity
        </Button>
      )}
    </Stack>
  );
}

const shown = (value: unknown) =>
  value === null || value === undefined ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value);

function Changes({ changes }: { changes: AuditEntry['changes'] }) {
  const fields = Object.entries(changes ?? {});
  if (fields.length === 0)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  // A creation lists every field: folded to its first lines, the rest a click away.
  return (
    <Spoiler maxHeight={110} showLabel={`Show all ${fields.length} fields`} hideLabel="Show fewer" fz="sm">
      <Stack gap={2}>
        {fields.map(([field, { before, after }]) => (
          <Text key={field} size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Text span fw={500} size="sm">
              {codeLabel(field)}
            </Text>
            : {shown(before)} → {shown(after)}
          </Text>
        ))}
      </Stack>
    </Spoiler>
  );
}
