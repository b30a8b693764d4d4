// The suppliers: search, status filter, sort and page in the URL; each opens its detail page.
import { Button, Group, Paper, Select, Skeleton, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCan } from '../auth/session';
import { PageHeader } from '../components/PageHeader';
import { QueryError } from '../components/QueryError';
import { sortParts, useListState } from '../lib/url-state';
import { EmptyState } from '../components/EmptyState';
import { ListFooter } from '../components/ListFooter';
import { SearchInput } from '../components/SearchInput';
import { SortHeader } from '../components/SortHeader';
import { label, SUPPLIER_STATUSES } from './supplier-status';
import { StatusBadge } from './StatusBadge';
import { SupplierFormModal } from './SupplierFormModal';
import { PER_PAGE, useSuppliers } from './api';

const LIST = { filters: ['search', 'status'] as const, defaultSort: 'name' };

export function SuppliersPage() {
  const can = useCan();
  const navigate = useNavigate();
  const [state, update] = useListState(LIST);
  const [creating, setCreating] = useState(false);
  const { column, direction } = sortParts(state.sort);
  const status = SUPPLIER_STATUSES.find((known) => known === state.filters.status);
  const suppliers = useSuppliers({
    page: state.page,
    per_page: PER_PAGE,
    search: state.filters.search,
    status,
    sort_by: column as 'name' | 'rating' | 'lead_time_days' | 'created_at',
    sort_direction: direction,
  });
  const filtered = state.filters.search !== undefined || status !== undefined;
  const onSort = (sort: string) => update({ sort });

  return (
    <>
      <PageHeader
        title="Suppliers"
        description="Who the tenant buys from."
        actions={
          can('operations:create-suppliers') && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              New supplier
            </Button>
          )
        }
      />
      <Group align="flex-end" mb="md" wrap="wrap">
        <SearchInput
          value={state.filters.search ?? ''}
          onSearch={(search) => update({ filters: { search } })}
          w={280}
          label="Search name, code or e-mail"
        />
        <Select
          label="Status"
          placeholder="Any status"
          data={SUPPLIER_STATUSES.map((value) => ({ value, label: label(value) }))}
          value={status ?? null}
          onChange={(value) => update({ filters: { status: value } })}
          clearable
          w={180}
        />
      </Group>
      {suppliers.isError ? (
        <QueryError error={suppliers.error} onRetry={() => void suppliers.refetch()} />
      ) : (
        <Paper withBorder>
          <Table.ScrollContainer minWidth={760}>
            <Table aria-label="Suppliers" striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <SortHeader column="name" sort={state.sort} onSort={onSort}>
                    Name
                  </SortHeader>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>E-mail</Table.Th>
                  <SortHeader column="rating" sort={state.sort} onSort={onSort}>
                    Rating
                  </SortHeader>
                  <SortHeader column="lead_time_days" sort={state.sort} onSort={onSort}>
                    Lead time
                  </SortHeader>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {suppliers.isPending
                  ? Array.from({ length: 5 }, (_, row) => (
                      <Table.Tr key={row}>
                        <Table.Td colSpan={6}>
                          <Skeleton height={20} />
                        </Table.Td>
                      </Table.Tr>
                    ))
                  : suppliers.data.data.map((supplier) => (
                      <Table.Tr key={supplier.id}>
                        <Table.Td>
                          <Text component={Link} to={`/catalog/suppliers/${supplier.id}`} size="sm" fw={500} c="blue">
                            {supplier.name}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {supplier.code}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <StatusBadge status={supplier.status} />
                        </Table.Td>
                        <Table.Td>{supplier.type ? label(supplier.type) : '—'}</Table.Td>
                        <Table.Td>{supplier.email}</Table.Td>
                        <Table.Td>
                          {supplier.rating === null ? '—' : `${supplier.rating.toFixed(2)} (${supplier.rating_count})`}
                        </Table.Td>
                        <Table.Td>{supplier.lead_time_days === null ? '—' : `${supplier.lead_time_days} d`}</Table.Td>
                      </Table.Tr>
                    ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {suppliers.data?.data.length === 0 && (
            <EmptyState
              inset
              message={filtered ? 'No suppliers match these filters.' : 'No suppliers yet.'}
              onClear={filtered ? () => update({ filters: { search: null, status: null } }) : undefined}
            />
          )}
        </Paper>
      )}
      <ListFooter meta={suppliers.data?.meta} noun={['supplier', 'suppliers']} onPage={(page) => update({ page })} />
      {creating && (
        <SupplierFormModal
          supplier={null}
          onClose={() => setCreating(false)}
          onSaved={(saved) => void navigate(`/catalog/suppliers/${saved.id}`)}
        />
      )}
    </>
  );
}
