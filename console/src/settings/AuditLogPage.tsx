// The audit log, newest first: who changed what and when, filtered by actor, entity type, action and dates
// (kept in the URL), older entries loaded on demand, each entry opening to its changed fields.
import {
  ActionIcon,
  Autocomplete,
  Badge,
  Button,
  Code,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { useCan } from '../auth/session';
import { EmptyState } from '../components/EmptyState';
import { PageHeader } from '../components/PageHeader';
import { SkeletonLines } from '../components/ListView';
import { QueryView } from '../components/QueryView';
import { type ListStateShape } from '../lib/url-state';
import { useListPage } from '../lib/useListPage';
import { actorLabel, changedFields, type AuditEntry } from './audit';
import { SearchInput } from '../components/SearchInput';
import { formatDateTime } from '../lib/format';
import { api } from '../api/client';
import { ExportButton } from '../components/ExportButton';
import { exportQuery } from '../lib/export-rows';
import { auditLogQuery, useAuditLog, useUserOptions } from './api';
import { AUDIT_COLUMNS } from './export-columns';

const PER_PAGE = 50;
type Filter = 'actor_type' | 'actor_id' | 'entity_type' | 'action' | 'from' | 'to';
const SHAPE: ListStateShape<Filter> = {
  filters: ['actor_type', 'actor_id', 'entity_type', 'action', 'from', 'to'],
  defaultSort: '',
};
const ACTOR_TYPES = [
  { value: 'user', label: 'User (signed in)' },
  { value: 'token', label: 'API token' },
  { value: 'cli', label: 'CLI' },
  { value: 'system', label: 'System' },
];
// The entity types the log records most; the field takes any other too.
const ENTITY_TYPES = [
  'user',
  'api_token',
  'tenant',
  'product',
  'master_product',
  'category',
  'brand',
  'tag',
  'attribute',
  'supplier',
  'warehouse',
  'inventory',
  'purchase_order',
  'webhook_subscription',
];

export function AuditLogPage() {
  const list = useListPage(SHAPE);
  const log = useAuditLog(list.filters, PER_PAGE);

  return (
    <>
      <PageHeader
        title="Audit log"
        description="Every change made through the console, the API or the CLI, newest first."
        actions={
          <ExportButton
            name="audit-log"
            columns={AUDIT_COLUMNS}
            source={{
              fetchPage: (next) =>
                api.GET('/api/v1/audit-log', { params: { query: exportQuery(auditLogQuery(list.filters), next) } }),
            }}
          />
        }
      />
      <AuditFilters filters={list.filters} onChange={(change) => list.update({ filters: change })} />
      <QueryView
        query={log}
        loading={<SkeletonLines count={4} height={36} />}
        isEmpty={(read) => read.pages.every((page) => page.data.length === 0)}
        empty={
          <EmptyState
            message={list.filtered ? 'No entries match these filters.' : 'Nothing has been recorded yet.'}
            onClear={list.filtered ? list.clearFilters : undefined}
            clearLabel="Clear filters"
          />
        }
      >
        {(read) => (
          <>
            <AuditTable entries={read.pages.flatMap((page) => page.data)} />
            {log.hasNextPage && (
              <Button
                mt="md"
                variant="default"
                loading={log.isFetchingNextPage}
                onClick={() => void log.fetchNextPage()}
              >
                Load older
              </Button>
            )}
          </>
        )}
      </QueryView>
    </>
  );
}

function AuditFilters({
  filters,
  onChange,
}: {
  filters: Partial<Record<Filter, string>>;
  onChange: (change: Partial<Record<Filter, string | null>>) => void;
}) {
  const canViewUsers = useCan()('system:view-users');
  return (
    <Group mb="md" gap="sm" align="flex-end">
      <Select
        label="Actor type"
        placeholder="Anyone"
        data={ACTOR_TYPES}
        value={filters.actor_type ?? null}
        clearable
        w={140}
        onChange={(value) => onChange({ actor_type: value })}
      />
      {canViewUsers && (
        <ActorUserSelect value={filters.actor_id ?? null} onChange={(value) => onChange({ actor_id: value })} />
      )}
      <EntityTypeFilter value={filters.entity_type ?? ''} onCommit={(value) => onChange({ entity_type: value })} />
      <SearchInput
        label="Action"
        placeholder="e.g. user.*"
        value={filters.action ?? ''}
        onSearch={(value) => onChange({ action: value })}
        w={170}
      />
      <TextInput
        label="From"
        type="date"
        value={filters.from ?? ''}
        onChange={(event) => onChange({ from: event.currentTarget.value || null })}
        w={150}
      />
      <TextInput
        label="To"
        type="date"
        value={filters.to ?? ''}
        onChange={(event) => onChange({ to: event.currentTarget.value || null })}
        w={150}
      />
    </Group>
  );
}

/** Suggests the common entity types and takes any other; the URL changes when a type is picked, on Enter or on leaving the field. */
function EntityTypeFilter({ value, onCommit }: { value: string; onCommit: (value: string | null) => void }) {
  const [text, setText] = useState(value);
  const [committed, setCommitted] = useState(value);
  if (value !== committed) {
    setCommitted(value);
    setText(value);
  }
  const commit = (next: string) => {
    if (next.trim() !== value) onCommit(next.trim() || null);
  };
  return (
    <Autocomplete
      label="Entity type"
      placeholder="Any"
      data={ENTITY_TYPES}
      value={text}
      onChange={setText}
      onOptionSubmit={commit}
      onBlur={() => commit(text)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit(text);
      }}
      w={150}
    />
  );
}

/** Who did it: one of the organisation's users (what they did signed in or with their tokens). */
function ActorUserSelect({ value, onChange }: { value: string | null; onChange: (value: string | null) => void }) {
  const users = useUserOptions();
  return (
    <Select
      label="User"
      placeholder={users.isError ? 'Users could not be loaded' : 'Any user'}
      searchable
      clearable
      data={(users.data ?? []).map((user) => ({ value: user.id, label: user.name }))}
      value={value}
      onChange={onChange}
      w={170}
    />
  );
}

function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table aria-label="Audit log" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <VisuallyHidden>Changes</VisuallyHidden>
            </Table.Th>
            <Table.Th>When</Table.Th>
            <Table.Th>Actor</Table.Th>
            <Table.Th>Action</Table.Th>
            <Table.Th>Entity</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <AuditRow key={entry.id} entry={entry} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const [open, setOpen] = useState(false);
  const fields = changedFields(entry);
  const detailsId = `audit-${entry.id}`;
  return (
    <Fragment>
      <Table.Tr>
        <Table.Td>
          <ActionIcon
            variant="subtle"
            onClick={() => setOpen((value) => !value)}
            aria-expanded={open}
            aria-controls={open ? detailsId : undefined}
            aria-label={`${open ? 'Hide' : 'Show'} details of ${entry.action} at ${formatDateTime(entry.occurred_at)}`}
          >
            {open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
          </ActionIcon>
        </Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.occurred_at)}</Table.Td>
        <Table.Td>{actorLabel(entry.actor)}</Table.Td>
        <Table.Td>
          <Badge variant="light" tt="none">
            {entry.action}
          </Badge>
        </Table.Td>
        <Table.Td>
          {entry.entity_type}
          {entry.entity_id && (
            <Text span c="dimmed" size="xs" ml={6} ff="monospace">
              {entry.entity_id}
            </Text>
          )}
        </Table.Td>
      </Table.Tr>
      {open && (
        <Table.Tr id={detailsId}>
          <Table.Td />
          <Table.Td colSpan={4}>
            <Stack gap="xs" py={4}>
              {fields.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No fields recorded for this entry.
                </Text>
              ) : (
                <Table aria-label={`Changes of ${entry.action}`} withTableBorder withColumnBorders fz="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Field</Table.Th>
                      <Table.Th>Before</Table.Th>
                      <Table.Th>After</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {fields.map((field) => (
                      <Table.Tr key={field.field}>
                        <Table.Td ff="monospace">{field.field}</Table.Td>
                        <Table.Td style={{ wordBreak: 'break-word' }}>{field.before}</Table.Td>
                        <Table.Td style={{ wordBreak: 'break-word' }}>{field.after}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
              <Text size="xs" c="dimmed">
                Request <Code>{entry.request_id ?? '—'}</Code> · IP <Code>{entry.ip ?? '—'}</Code>
              </Text>
            </Stack>
          </Table.Td>
        </Table.Tr>
      )}
    </Fragment>
  );
}
