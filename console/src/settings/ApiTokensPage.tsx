// API tokens: the user's own (an administrator sees every token of the tenant), with their status, and the
// actions on them: create (the plain text shown once), revoke, and for administrators approve.
import { Badge, Button, Group, Select, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../api/client';
import { useCurrentUser } from '../auth/session';
import { PageHeader } from '../components/PageHeader';
import { ListView, SkeletonLines } from '../components/ListView';
import { confirm, notifyFailure, notifySuccess } from '../lib/feedback';
import { type ListStateShape } from '../lib/url-state';
import { useListPage } from '../lib/useListPage';
import { CreateTokenDialog } from './CreateTokenDialog';
import { formatDate, formatDateTime } from '../lib/format';
import { TokenCreatedDialog } from './TokenCreatedDialog';
import { abilitiesSummary, TOKEN_TYPES, tokenStatus, tokenTypeLabel, type ApiToken } from './tokens';
import { settingsKeys, useApiTokens } from './api';

const PER_PAGE = 25;
const SHAPE: ListStateShape<'status' | 'type'> = { filters: ['status', 'type'], defaultSort: '-created_at' };
const STATUSES = [
  { value: 'active', label: 'Active' },
  { value: 'pending_approval', label: 'Pending approval' },
  { value: 'revoked', label: 'Revoked' },
];

export function ApiTokensPage() {
  const me = useCurrentUser();
  const isAdmin = me.user.roles.includes('admin');
  const list = useListPage(SHAPE);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ name: string; plainText: string; pending: boolean } | null>(null);
  const status = list.filters.status as ApiToken['status'] | undefined;
  const type = list.filters.type as ApiToken['type'] | undefined;

  const tokens = useApiTokens({ page: list.state.page, per_page: PER_PAGE, status, type });

  return (
    <>
      <PageHeader
        title="API tokens"
        description={
          isAdmin
            ? 'Every token of the organisation. Tokens act for their owner, within the abilities granted.'
            : 'Your tokens for scripts and integrations. A token acts for you, within the abilities granted.'
        }
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            Create token
          </Button>
        }
      />
      <Group mb="md" gap="sm" align="flex-end">
        <Select
          label="Status"
          placeholder="Any status"
          data={STATUSES}
          value={status ?? null}
          clearable
          w={200}
          onChange={(value) => list.setFilter('status', value)}
        />
        <Select
          label="Type"
          placeholder="Any type"
          data={TOKEN_TYPES.map(({ value, label }) => ({ value, label }))}
          value={type ?? null}
          clearable
          w={200}
          onChange={(value) => list.setFilter('type', value)}
        />
      </Group>

      <ListView
        list={list}
        query={tokens}
        noun={['token', 'tokens']}
        pagerOnly
        loading={<SkeletonLines count={3} height={36} />}
        empty={<NoTokens filtered={list.filtered} onClear={list.clearFilters} onCreate={() => setCreating(true)} />}
      >
        {(rows) => <TokenTable tokens={rows} isAdmin={isAdmin} />}
      </ListView>

      <CreateTokenDialog
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(token) => {
          setCreating(false);
          setCreated({
            name: token.name,
            plainText: token.plain_text_token,
            pending: token.status === 'pending_approval',
          });
        }}
      />
      <TokenCreatedDialog token={created} onClose={() => setCreated(null)} />
    </>
  );
}

/** No token to list: a way out of the filters, or to the first token. */
function NoTokens({ filtered, onClear, onCreate }: { filtered: boolean; onClear: () => void; onCreate: () => void }) {
  return (
    <Stack align="flex-start" gap="xs" py="md">
      <Text c="dimmed">{filtered ? 'No tokens match these filters.' : 'There are no tokens yet.'}</Text>
      <Button variant="light" size="xs" onClick={filtered ? onClear : onCreate}>
        {filtered ? 'Clear filters' : 'Create the first token'}
      </Button>
    </Stack>
  );
}

function TokenTable({ tokens, isAdmin }: { tokens: ApiToken[]; isAdmin: boolean }) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table aria-label="API tokens" striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Abilities</Table.Th>
            <Table.Th miw={150}>Status</Table.Th>
            <Table.Th>Expires</Table.Th>
            <Table.Th miw={110}>Last used</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tokens.map((token) => (
            <TokenRow key={token.id} token={token} isAdmin={isAdmin} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function TokenRow({ token, isAdmin }: { token: ApiToken; isAdmin: boolean }) {
  const queryClient = useQueryClient();
  const status = tokenStatus(token);
  const refresh = () => queryClient.invalidateQueries({ queryKey: settingsKeys.tokens });

  const revoke = useMutation({
    mutationFn: () => unwrap(api.DELETE('/api/v1/api-tokens/{id}', { params: { path: { id: token.id } } })),
    onSuccess: () => notifySuccess(`The token “${token.name}” is revoked.`),
    onError: (error) => notifyFailure(error, 'The token was not revoked'),
    onSettled: refresh,
  });
  const approve = useMutation({
    mutationFn: () => unwrap(api.POST('/api/v1/api-tokens/{id}/approve', { params: { path: { id: token.id } } })),
    onSuccess: () => notifySuccess(`The token “${token.name}” is approved and works now.`),
    onError: (error) => notifyFailure(error, 'The token was not approved'),
    onSettled: refresh,
  });

  const askRevoke = async () => {
    const sure = await confirm({
      title: 'Revoke this token?',
      message: `Requests with “${token.name}” are refused from now on. This cannot be undone.`,
      confirmLabel: 'Revoke token',
      danger: true,
    });
    if (sure) revoke.mutate();
  };

  return (
    <Table.Tr>
      <Table.Td fw={500}>{token.name}</Table.Td>
      <Table.Td>{tokenTypeLabel(token.type)}</Table.Td>
      <Table.Td>
        <Tooltip label={token.abilities.join(', ')} multiline maw={420} withArrow>
          <Text size="sm" span>
            {abilitiesSummary(token.abilities)}
          </Text>
        </Tooltip>
      </Table.Td>
      <Table.Td>
        <Badge color={status.color} variant="light">
          {status.label}
        </Badge>
      </Table.Td>
      <Table.Td>{formatDate(token.expires_at, 'Never')}</Table.Td>
      <Table.Td>{formatDateTime(token.last_used_at, 'Never')}</Table.Td>
      <Table.Td>
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          {isAdmin && token.status === 'pending_approval' && (
            <Button
              size="xs"
              variant="light"
              color="teal"
              loading={approve.isPending}
              onClick={() => approve.mutate()}
              aria-label={`Approve ${token.name}`}
            >
              Approve
            </Button>
          )}
          {token.status !== 'revoked' && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              loading={revoke.isPending}
              onClick={() => void askRevoke()}
              aria-label={`Revoke ${token.name}`}
            >
              Revoke
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
