// The recent imports, newest first: what each imported, how far it got, how it turned out, when and by whom.
// A file's name opens the import above the list.
import { Anchor, Skeleton, Table, Text } from '@mantine/core';
import { formatDateTime, formatNumber } from '../lib/format';
import { modeLabel, startedBy, typeLabel } from './job';
import { StatusBadge } from './StatusBadge';
import type { ImportJob } from './types';

interface Props {
  jobs: ImportJob[] | undefined;
  /** The import shown above the list, marked in it. */
  currentId: string | undefined;
  onOpen: (id: string) => void;
}

const COLUMNS = 8;

export function ImportsTable({ jobs, currentId, onOpen }: Props) {
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table aria-label="Imports" striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>File</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Created</Table.Th>
            <Table.Th ta="right">Updated</Table.Th>
            <Table.Th ta="right">Unchanged</Table.Th>
            <Table.Th ta="right">Failed</Table.Th>
            <Table.Th>Started</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {jobs === undefined
            ? Array.from({ length: 5 }, (_, row) => (
                <Table.Tr key={row}>
                  <Table.Td colSpan={COLUMNS}>
                    <Skeleton height={20} />
                  </Table.Td>
                </Table.Tr>
              ))
            : jobs.map((job) => (
                <Table.Tr
                  key={job.id}
                  aria-current={job.id === currentId ? 'true' : undefined}
                  bg={job.id === currentId ? 'var(--mantine-primary-color-light)' : undefined}
                >
                  <Table.Td maw={260}>
                    <Anchor
                      component="button"
                      type="button"
                      size="sm"
                      fw={500}
                      ta="left"
                      style={{ overflowWrap: 'break-word' }}
                      onClick={() => onOpen(job.id)}
                    >
                      {job.filename}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{typeLabel(job.type)}</Text>
                    <Text size="xs" c="dimmed">
                      {modeLabel(job.mode)}
                      {job.dry_run && ', dry run'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={job.status} />
                    {job.rows_total !== null && (
                      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        {formatNumber(job.rows_done)} of {formatNumber(job.rows_total)} rows
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{formatNumber(job.created)}</Table.Td>
                  <Table.Td ta="right">{formatNumber(job.updated)}</Table.Td>
                  <Table.Td ta="right">{formatNumber(job.unchanged)}</Table.Td>
                  <Table.Td ta="right" c={job.failed > 0 ? 'red' : undefined} fw={job.failed > 0 ? 600 : undefined}>
                    {formatNumber(job.failed)}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(job.created_at)}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      by {startedBy(job)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
