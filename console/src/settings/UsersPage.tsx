// The organisation's users (administrators): find them by name or e-mail, role and status; invite, edit,
// deactivate and reactivate them, and give them a new invitation or password-reset link.
import { Badge, Button, Group, Pagination, Select, Skeleton, Stack, Table, VisuallyHidden } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useCan } from '../auth/session';
import { EmptyState } from '../components/EmptyState';
import { PageHeader } from '../components/PageHeader';
import { SortHeader } from '../components/SortHeader';
import { QueryError } from '../components/QueryError';
import { sortParts, useListState, type ListStateShape } from '../lib/url-state';
import { SearchInput } from '../components/SearchInput';
import { formatDate } from '../lib/format';
import { InviteUserDialog } from './InviteUserDialog';
import { PasswordLinkDialog, type PasswordLinkResult } from './PasswordLinkDialog';
import { UserActionsMenu } from './UserActionsMenu';
import { ROLES, roleLabel, USER_STATUSES, userStatus, type ManagedUser, type Role, type UserStatus } from './users';
import { useUsers } from './api';

const PER_PAGE = 25;
const SHAPE: ListStateShape<'search' | 'role' | 'status'> = {
  filters: ['search', 'role', 'status'],
  defaultSort: 'name',
};
type SortColumn = 'name' | 'email' | 'created_at';

export function UsersPage() {
  const can = useCan();
  const [state, update] = useListState(SHAPE);
  const [inviting, setInviting] = useState(false);
  const [link, setLink] = useState<PasswordLinkResult | null>(null);
  const { column, direction } = sortParts(state.sort);
  const role = state.filters.role as Role | undefined;
  const status = state.filters.status as UserStatus | undefined;

  const users = useUsers({
    page: state.page,
    per_page: PER_PAGE,
    search: state.filters.search,
    role,
    status,
    sort_by: column as SortColumn,
    sort_direction: direction,
  });

  const filtered = Object.keys(state.filters).length > 0;
  const canManage = can('system:manage-users');

  return (
    <>
      <PageHeader
        title="Users"
        description="The people who sign in to this organisation, their roles and status."
        actions={
          canManage && (
            <Button leftSection={<IconUserPlus size={16} />} onClick={() => setInviting(true)}>
              Invite user
            </Button>
          )
        }
      />
      <UserFilters
        search={state.filters.search ?? ''}
        role={role}
        status={status}
        onChange={(filters) => update({ filters })}
      />
      {users.isPending ? (
        <Stack gap="xs">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} h={36} />
          ))}
        </Stack>
      ) : users.isError ? (
        <QueryError error={users.error} onRetry={() => void users.refetch()} />
      ) : users.data.data.length === 0 ? (
        <EmptyState
          message="No users match these filters."
          onClear={filtered ? () => update({ filters: { search: null, role: null, status: null } }) : undefined}
          clearLabel="Clear filters"
        />
      ) : (
        <>
          <Table.ScrollContainer minWidth={860}>
            <Table aria-label="Users" striped highlightOnHover verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <SortHeader column="name" sort={state.sort} onSort={(sort) => update({ sort })}>
                    Name
                  </SortHeader>
                  <SortHeader column="email" sort={state.sort} onSort={(sort) => update({ sort })}>
                    E-mail
                  </SortHeader>
                  <Table.Th>Role</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Two-factor</Table.Th>
                  <SortHeader column="created_at" sort={state.sort} onSort={(sort) => update({ sort })}>
                    Added
                  </SortHeader>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {users.data.data.map((user) => (
                  <UserRow key={user.id} user={user} canManage={canManage} onLink={setLink} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {users.data.meta.last_page > 1 && (
            <Pagination
              mt="md"
              total={users.data.meta.last_page}
              value={state.page}
              onChange={(page) => update({ page })}
            />
          )}
        </>
      )}
      <InviteUserDialog
        opened={inviting}
        onClose={() => setInviting(false)}
        onInvited={(result) => {
          setInviting(false);
          setLink(result);
        }}
      />
      <PasswordLinkDialog result={link} onClose={() => setLink(null)} />
    </>
  );
}

interface FiltersProps {
  search: string;
  role: Role | undefined;
  status: UserStatus | undefined;
  onChange: (filters: Partial<Record<'search' | 'role' | 'status', string | null>>) => void;
}

function UserFilters({ search, role, status, onChange }: FiltersProps) {
  return (
    <Group mb="md" gap="sm" align="flex-end">
      <SearchInput
        placeholder="Name or e-mail"
        value={search}
        onSearch={(value) => onChange({ search: value })}
        w={260}
      />
      <Select
        label="Role"
        placeholder="Any role"
        data={ROLES.map(({ value, label }) => ({ value, label }))}
        value={role ?? null}
        clearable
        w={160}
        onChange={(value) => onChange({ role: value })}
      />
      <Select
        label="Status"
        placeholder="Any status"
        data={USER_STATUSES.map(({ value, label }) => ({ value, label }))}
        value={status ?? null}
        clearable
        w={160}
        onChange={(value) => onChange({ status: value })}
      />
    </Group>
  );
}

function UserRow({
  user,
  canManage,
  onLink,
}: {
  user: ManagedUser;
  canManage: boolean;
  onLink: (result: PasswordLinkResult) => void;
}) {
  const status = userStatus(user.status);
  return (
    <Table.Tr>
      <Table.Td fw={500}>{user.name}</Table.Td>
      <Table.Td>{user.email}</Table.Td>
      <Table.Td>{roleLabel(user.role)}</Table.Td>
      <Table.Td>
        <Badge color={status.color} variant="light">
          {status.label}
        </Badge>
      </Table.Td>
      <Table.Td>{user.two_factor_enabled ? 'On' : 'Off'}</Table.Td>
      <Table.Td>{formatDate(user.created_at)}</Table.Td>
      <Table.Td>{canManage && <UserActionsMenu user={user} onLink={onLink} />}</Table.Td>
    </Table.Tr>
  );
}
