// The customers: a search by name, e-mail, company or external id, the active filter, sortable columns and pages,
// all kept in the URL; adding a customer where the role may.
import { Anchor, Button, Group, Select, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { api } from '../api/client';
import { ActiveBadge } from '../components/ActiveBadge';
import { ExportButton } from '../components/ExportButton';
import { Guarded } from '../components/Guarded';
import { ListCard, SkeletonRows } from '../components/ListView';
import { PageHeader } from '../components/PageHeader';
import { SearchInput } from '../components/SearchInput';
import { SortHeader } from '../components/SortHeader';
import { formatDateTime } from '../lib/format';
import type { ListStateShape } from '../lib/url-state';
import { EXPORT_PAGE_SIZE } from '../lib/export-rows';
import { useListPage } from '../lib/useListPage';
import { formatAddress } from './address';
import { useCustomers } from './api';
import { CustomerFormDialog } from './CustomerFormDialog';
import { CUSTOMER_COLUMNS } from './customer-columns';

type Filter = 'search' | 'active';
const SHAPE: ListStateShape<Filter> = { filters: ['search', 'active'], defaultSort: 'name' };
const SORTABLE = ['name', 'created_at'] as const;
const PAGE_SIZE = 25;

export function CustomersPage() {
  const navigate = useNavigate();
  const list = useListPage(SHAPE);
  const [creating, setCreating] = useState(false);
  const { column, direction } = list.sort;
  const sortBy = (SORTABLE as readonly string[]).includes(column) ? (column as (typeof SORTABLE)[number]) : 'name';
  const active = list.filters.active;
  const filters = {
    search: list.filters.search,
    is_active: active === 'active' ? true : active === 'inactive' ? false : undefined,
    sort_by: sortBy,
    sort_direction: direction,
  };
  const customers = useCustomers({ page: list.state.page, per_page: PAGE_SIZE, ...filters });
  const sortProps = { ...list.sortProps, sort: `${direction === 'desc' ? '-' : ''}${sortBy}` };
  return (
    <>
      <PageHeader
        title="Customers"
        description="Whom goods are sold and shipped to."
        actions={
          <>
            <ExportButton
              name="customers"
              columns={CUSTOMER_COLUMNS}
              source={{
                fetchPage: (next) =>
                  api.GET('/api/v1/crm/customers', {
                    params: { query: { ...filters, per_page: EXPORT_PAGE_SIZE, ...next } },
                  }),
              }}
            />
            <Guarded ability="crm:create-customers">
              <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
                New customer
              </Button>
            </Guarded>
          </>
        }
      />
      <Group align="flex-end" mb="md" wrap="wrap">
        <SearchInput
          value={list.filters.search ?? ''}
          onSearch={(search) => list.setFilter('search', search)}
          w={300}
          placeholder="Name, e-mail, company or external id"
        />
        <Select
          label="Active"
          placeholder="Active or not"
          data={[
            { value: 'active', label: 'Active' },
            { value: 'inactive', label: 'Inactive' },
          ]}
          value={active ?? null}
          onChange={(value) => list.setFilter('active', value)}
          clearable
          w={180}
        />
      </Group>
      <ListCard
        list={list}
        query={customers}
        noun={['customer', 'customers']}
        errorTitle="Could not load the customers"
        none="No customers yet."
        noMatch="No customers match these filters."
      >
        {(rows) => (
          <Table.ScrollContainer minWidth={760}>
            <Table aria-label="Customers" striped highlightOnHover verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <SortHeader column="name" {...sortProps}>
                    Name
                  </SortHeader>
                  <Table.Th>Company</Table.Th>
                  <Table.Th>E-mail</Table.Th>
                  <Table.Th>Ships to</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <SortHeader column="created_at" {...sortProps}>
                    Added
                  </SortHeader>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows === undefined ? (
                  <SkeletonRows columns={6} />
                ) : (
                  rows.map((customer) => (
                    <Table.Tr key={customer.id}>
                      <Table.Td>
                        <Anchor component={Link} to={`/customers/${customer.id}`} fw={500}>
                          {customer.name}
                        </Anchor>
                        {customer.external_id && (
                          <Text size="xs" c="dimmed">
                            {customer.external_id}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>{customer.company ?? '—'}</Table.Td>
                      <Table.Td>{customer.email ?? '—'}</Table.Td>
                      <Table.Td>{formatAddress(customer.shipping_address) || '—'}</Table.Td>
                      <Table.Td>
                        <ActiveBadge active={customer.is_active} />
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(customer.created_at)}</Table.Td>
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </ListCard>
      {creating && (
        <CustomerFormDialog
          customer={null}
          onClose={() => setCreating(false)}
          onSaved={(customer) => void navigate(`/customers/${customer.id}`)}
        />
      )}
    </>
  );
}
