// The organisation's users (administrators): find them by name or e-mail, role and status; invite, edit,
// deactivate and reactivate them, and give them a new invitation or password-reset link.
import { Badge, Button, Group, Select, Table, VisuallyHidden } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useCan } from '../auth/session';
import { ListView, SkeletonLines } from '../components/ListView';
import { PageHeader } from '../components/PageHeader';
import { SortHeader } from '../components/SortHeader';
import { type ListStateShape } from '../lib/url-state';
import { useListPage } from '../lib/useListPage';
import { SearchInput } from '../components/SearchInput';
import { formatDate } from '../lib/format';
import { InviteUserDialog } from './InviteUserDialog';
import { PasswordLinkDialog, type PasswordLinkResult } from './PasswordLinkDialog';
import { UserActionsMenu } from './UserActionsMenu';
import { ROLES, roleLabel, USER_STATUSES, userStatus, type ManagedUser, type Role, type UserStatus } from './users';
import { api } from '../api/client';
import { ExportButton } from '../components/ExportButton';
import { exportQuery } from '../lib/export-rows';
import { useUsers } from './api';
import { USER_COLUMNS } from './export-columns';

const PER_PAGE = 25;
const SHAPE: ListStateShape<'search' | 'role' | 'status'> = {
  filters: ['search', 'role', 'status'],
  defaultSort: 'name',
};
type SortColumn = 'name' | 'email' | 'created_at';

export function UsersPage() {
  const can = useCan();
  const list = useListPage(SHAPE);
  const [inviting, setInviting] = useState(false);
  const [link, setLink] = useState<PasswordLinkResult | null>(null);
  const role = list.filters.role as Role | undefined;
  const status = list.filters.status as UserStatus | undefined;

  const query = {
    page: list.state.page,
    per_page: PER_PAGE,
    search: list.filters.search,
    role,
    status,
    sort_by: list.sort.column as SortColumn,
    sort_direction: list.sort.direction,
  };
  const users = useUsers(query);

  const canManage = can('system:manage-users');

  return (
    <>
      <PageHeader
        title="Users"
        description="The people who sign in to this organisation, their roles and status."
        actions={
          <>
            <ExportButton
              name="users"
              columns={USER_COLUMNS}
              source={{
                fetchPage: (next) => api.GET('/api/v1/users', { params: { query: exportQuery(query, next) } }),
              }}
            />
            {canManage && (
              <Button leftSection={<IconUserPlus size={16} />} onClick={() => setInviting(true)}>
                Invite user
              </Button>
            )}
          </>
        }
      />
      <UserFilters search={list.filters.search ?? ''} role={role} status={status} onChange={list.setFilter} />
      <ListView
        list={list}
        query={users}
        noun={['user', 'users']}
        pagerOnly
        loading={<SkeletonLines count={3} height={36} />}
        none="No users match these filters."
        noMatch="No users match these filters."
        clearLabel="Clear filters"
      >
        {(rows) => (
          <Table.ScrollContainer minWidth={860}>
            <Table aria-label="Users" striped highlightOnHover verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <SortHeader column="name" {...list.sortProps}>
                    Name
                  </SortHeader>
                  <SortHeader column="email" {...list.sortProps}>
                    E-mail
                  </SortHeader>
                  <Table.Th>Role</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Two-factor</Table.Th>
                  <SortHeader column="created_at" {...list.sortProps}>
                    Added
                  </SortHeader>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((user) => (
                  <UserRow key={user.id} user={user} canManage={canManage} onLink={setLink} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </ListView>
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
  onChange: (name: 'search' | 'role' | 'status', value: string | null) => void;
}

function UserFilters({ search, role, status, onChange }: FiltersProps) {
  return (
    <Group mb="md" gap="sm" align="flex-end">
      <SearchInput
        placeholder="Name or e-mail"
        value={search}
        onSearch={(value) => onChange('search', value)}
        w={260}
      />
      <Select
        label="Role"
        placeholder="Any role"
        data={ROLES.map(({ value, label }) => ({ value, label }))}
        value={role ?? null}
        clearable
        w={160}
        onChange={(value) => onChange('role', value)}
      />
      <Select
        label="Status"
        placeholder="Any status"
        data={USER_STATUSES.map(({ value, label }) => ({ value, label }))}
        value={status ?? null}
        clearable
        w={160}
        onChange={(value) => onChange('status', value)}
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
